-- 'Nearest' on the public list (?sort=distance&near=): the Verified donations' places on a flat map of degrees, so that
-- a page reads the donations around the point instead of working out the distance to every one (100-140 ms and more a
-- page at 100,000 donations; see nearestPage in db/donations.ts for how the flat map's order gives the exact one).
CREATE INDEX donations_verified_place ON donations USING gist (point(longitude, latitude))
  WHERE NOT deleted AND status = 'Verified' AND latitude IS NOT NULL AND longitude IS NOT NULL;
