-- Where migration 029 made its indexes of places on the sphere (the database has cube), 'Nearest' reads only those
-- (db/donations.ts, nearestPage): migrations 026 and 028's indexes of the flat map of degrees are then read by nothing,
-- yet every donation written still updated both. They stay where 029's are missing: there they are the flat map's way.
DO $$
BEGIN
  IF (SELECT count(*) FROM pg_indexes WHERE indexname IN ('donations_sphere', 'donations_verified_sphere')) = 2 THEN
    DROP INDEX IF EXISTS donations_verified_place;
    DROP INDEX IF EXISTS donations_place;
  END IF;
END $$;
