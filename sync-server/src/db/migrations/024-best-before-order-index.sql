-- The public list soonest-to-spoil first (?sort=bestBefore: a visitor's 'Best before soonest'), a page at a time, as
-- 012's indexes serve the newest order: without it every page sorted every Verified donation (93 ms a page at 100,000
-- on the embedded database, 2 ms with it). listDonations writes the list's expiry rule in this index's terms
-- (COALESCE(best_before, 'infinity') > now()), so a page starts at the first donation still good instead of reading
-- past every expired one first.
CREATE INDEX donations_verified_best_before ON donations ((COALESCE(best_before, 'infinity'::timestamptz)), id)
  WHERE NOT deleted AND status = 'Verified';
