-- Searching the public list (?q=) without reading every Verified donation: a trigram index of search_text (025) serves
-- LIKE '%word%' for words of three letters or more. A search that matched nothing read all 100,000 donations of a city
-- (60-200 ms a page on the embedded database); with the index ~3 ms. pg_trgm comes with Postgres (contrib, a trusted
-- extension since 13: a database owner may create it) and with the embedded database (db/connection.ts hands it to
-- PGlite). A server without it still searches, by reading them all: the index is made only where the extension is.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE WARNING 'pg_trgm is not available (%): searches of the public list will read every Verified donation', SQLERRM;
END $$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX donations_verified_search ON donations USING gin (search_text gin_trgm_ops)
      WHERE NOT deleted AND status = 'Verified';
  END IF;
END $$;
