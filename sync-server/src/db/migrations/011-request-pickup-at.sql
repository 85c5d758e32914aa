-- The day and time a charity plans to collect, beside the spec's time of day (pickup_time, kept as sent): a driver
-- needs the day, and a time of day alone cannot say whether it is today or next week. NULL for requests made before.
ALTER TABLE donation_requests ADD COLUMN pickup_at timestamptz;
