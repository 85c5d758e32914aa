-- Replication change feed (docs/decisions/002-replication.md). Every committed change to a replicated table is
-- announced on one channel, so every sync-server process on this database wakes its pull streams; Postgres delivers
-- notifications only on commit and merges identical ones of a transaction, so a bulk update costs one message.
-- Embedded PGlite cannot deliver them across its socket: there the server polls max(change_seq) instead.
CREATE FUNCTION notify_sync_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('foodbridge_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE TRIGGER donations_notify AFTER INSERT OR UPDATE ON donations
  FOR EACH ROW EXECUTE FUNCTION notify_sync_change();
CREATE TRIGGER donation_requests_notify AFTER INSERT OR UPDATE ON donation_requests
  FOR EACH ROW EXECUTE FUNCTION notify_sync_change();
CREATE TRIGGER favorites_notify AFTER INSERT OR UPDATE ON favorites
  FOR EACH ROW EXECUTE FUNCTION notify_sync_change();

-- A donation's change re-sends the requests and favourites that show its fields: they are found by donation.
CREATE INDEX donation_requests_donation ON donation_requests (donation_id);
CREATE INDEX favorites_donation ON favorites (donation_id);
-- Favourites are scoped by their owner's e-mail (as GET /favorites/{email}), deleted ones included.
CREATE INDEX favorites_email ON favorites (email);
