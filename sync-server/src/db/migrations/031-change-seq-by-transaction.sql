-- A replicated row's change_seq is its writing transaction's id, not a number taken under one global lock
-- (docs/decisions/017-change-positions.md, issue 45). Every writer used to take pg_advisory_xact_lock(7414) in its
-- BEFORE trigger and hold it until commit: the city's writes went one at a time, and a writer holding it while it
-- waited for a row lock deadlocked against one holding that row while it waited for the lock.
--
-- Now change_seq = change_seq_base() + pg_current_xact_id(). A pull hands out only the rows below
-- change_seq_horizon(): those written by transactions that had all ended when its snapshot was taken; any row that
-- commits later was written by a transaction at or above that horizon, so a checkpoint below it is never passed by a
-- later commit. Writers no longer wait for each other; a change becomes readable once every older transaction of the
-- database has ended.

-- The offset that puts every new value above every value handed out so far (the old sequence's last one), so that
-- the checkpoints devices hold stay valid. Fixed once, here, inside the migration's own transaction: any later
-- transaction has a larger id.
DO $$
DECLARE
  base bigint := (SELECT last_value FROM change_seq) + 1 - pg_current_xact_id()::text::bigint;
BEGIN
  EXECUTE format('CREATE FUNCTION change_seq_base() RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS %L',
                 format('SELECT %s::bigint', base));
END $$;

CREATE OR REPLACE FUNCTION bump_change_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The same for every row the transaction writes: a pull orders by (change_seq, id).
  NEW.change_seq := change_seq_base() + pg_current_xact_id()::text::bigint;
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END $$;

-- The first position that is not final yet, as of the current statement's snapshot: the id of the oldest transaction
-- of this database still running then, or else the snapshot's xmax (the first id not yet given out). Every other
-- transaction below it had ended, so its rows are in the snapshot; every one still to commit has an id at or above it.
-- A transaction of another database (one Postgres serving several) writes none of these rows and is passed over, so a
-- long one there does not hold replication here; so is autovacuum's (its ANALYZE takes an id to write statistics).
-- Passed over only while pg_stat_activity says so: one that has ended since the snapshot, or one the role may not
-- see, counts as this database's (the horizon is then lower, never wrong).
-- Called as `(SELECT change_seq_horizon())`, so it runs once per statement.
CREATE FUNCTION change_seq_horizon() RETURNS bigint LANGUAGE sql STABLE PARALLEL SAFE AS $$
  WITH s AS (SELECT pg_current_snapshot() AS snap)
  SELECT change_seq_base() + COALESCE(
    (SELECT min(x::text::bigint) FROM s, pg_snapshot_xip(s.snap) AS x
     WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity a
                       WHERE a.backend_xid = x::xid
                         AND (a.datname IS DISTINCT FROM current_database() OR a.backend_type = 'autovacuum worker'))),
    (SELECT pg_snapshot_xmax(s.snap)::text::bigint FROM s))
$$;

DROP SEQUENCE change_seq;
