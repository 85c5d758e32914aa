-- What a charity reports with its pickup (issue 12): the weight actually taken, whether it took all, part or none of
-- it (and why none), and a note. Pickups confirmed before this, or by clients that send no report, have none.
ALTER TABLE donations ADD COLUMN pickup_weight_kg numeric(12, 2) CHECK (pickup_weight_kg >= 0);
ALTER TABLE donations ADD COLUMN pickup_outcome text CHECK (pickup_outcome IN ('all', 'part', 'none'));
ALTER TABLE donations ADD COLUMN pickup_reason text;
ALTER TABLE donations ADD COLUMN pickup_note text;
ALTER TABLE donations ADD COLUMN pickup_reported_at timestamptz;
