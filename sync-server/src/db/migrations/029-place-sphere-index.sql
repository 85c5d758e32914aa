-- 'Nearest' for a viewer far from every donation (an admin in Paris looking at Berlin's): on migrations 026 and 028's
-- flat map of degrees, the page's farthest donation bounds a circle that then holds the whole far city, and every one
-- of its donations had its distance worked out (88 ms a page at 100,000). Here each place is also a point in space,
-- on a sphere of radius 1: the straight line between two such points grows with the distance along the sphere, so
-- cube's index hands over the nearest in the exact order wherever the viewer is (~1.5 ms). cube comes with Postgres
-- (contrib, a trusted extension since 13) and with the embedded database (db/connection.ts hands it to PGlite). A
-- server without it keeps the flat map's way (db/donations.ts asks which index is there).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS cube;
EXCEPTION WHEN OTHERS THEN
  RAISE WARNING 'cube is not available (%): nearest first from far away will read every donation of the far city', SQLERRM;
END $$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'cube') THEN
    -- The expression must stay the one in db/donations.ts (onSphere), word for word, for the index to serve it.
    CREATE INDEX donations_verified_sphere ON donations
      USING gist (cube(ARRAY[cosd(latitude) * cosd(longitude), cosd(latitude) * sind(longitude), sind(latitude)]))
      WHERE NOT deleted AND status = 'Verified' AND latitude IS NOT NULL AND longitude IS NOT NULL;
    CREATE INDEX donations_sphere ON donations
      USING gist (cube(ARRAY[cosd(latitude) * cosd(longitude), cosd(latitude) * sind(longitude), sind(latitude)]))
      WHERE NOT deleted AND latitude IS NOT NULL AND longitude IS NOT NULL;
  END IF;
END $$;
