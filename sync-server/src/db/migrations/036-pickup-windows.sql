-- Pickup windows (issue 47): when the restaurant hands the food over, beside the spec's free-text pickup_time. The
-- two instants, and the offset from UTC (minutes) they were written in, so that answers give the restaurant's local
-- times back as they came ('2026-12-08T18:00:00+01:00'). The rules (end after start, at most 24 h, by best before)
-- are shared/src/pickup-window.ts's, checked by the API; the database keeps the shape.
ALTER TABLE donations ADD COLUMN pickup_start timestamptz;
ALTER TABLE donations ADD COLUMN pickup_end timestamptz;
ALTER TABLE donations ADD COLUMN pickup_offset_minutes smallint CHECK (pickup_offset_minutes BETWEEN -1080 AND 1080);
ALTER TABLE donations ADD CONSTRAINT donations_pickup_window CHECK (
  (pickup_start IS NULL) = (pickup_end IS NULL)
  AND (pickup_start IS NULL) = (pickup_offset_minutes IS NULL)
  AND (pickup_start IS NULL OR pickup_end > pickup_start)
);

-- The public list by pickup start (?sort=pickupStart), a page at a time, as 024's serves best before soonest; and
-- the day filters (?pickup=today|tomorrow) start from it.
CREATE INDEX donations_verified_pickup_start ON donations ((COALESCE(pickup_start, 'infinity'::timestamptz)), id)
  WHERE NOT deleted AND status = 'Verified';
