-- Food perishes (issue 10): when a donation stops being safe to hand out, and where it is picked up. A donation
-- without best_before (the spec's clients send none, and every donation made before this) never expires. Expiry is
-- computed from the clock, never stored as a status.
ALTER TABLE donations ADD COLUMN best_before timestamptz;
ALTER TABLE donations ADD COLUMN latitude double precision CHECK (latitude BETWEEN -90 AND 90);
ALTER TABLE donations ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180);
ALTER TABLE donations ADD CONSTRAINT donations_place_whole CHECK ((latitude IS NULL) = (longitude IS NULL));
