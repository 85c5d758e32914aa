-- 'Nearest' on an admin's list (GET /donations?sort=distance&near= as an admin): every live donation's place, whatever
-- its status, on the same flat map of degrees as migration 026's index of Verified ones, so that an admin's page also
-- reads the donations around the point instead of working out the distance to the city's whole history.
CREATE INDEX donations_place ON donations USING gist (point(longitude, latitude))
  WHERE NOT deleted AND latitude IS NOT NULL AND longitude IS NOT NULL;
