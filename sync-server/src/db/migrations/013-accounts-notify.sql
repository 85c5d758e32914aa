-- A changed account (role, removal, verification, profile) is announced on the change channel as 'users', so every
-- server instance drops the signed-in users it has cached (auth/user-cache.ts). The payload names the table only:
-- account changes are rare next to reads, and one message per transaction is all a cache flush needs.
CREATE TRIGGER users_notify AFTER INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_sync_change();

-- The admin's list of accounts pages newest first by keyset, like the donation lists (migration 012).
CREATE INDEX users_listed ON users (created_at DESC, id DESC) WHERE NOT deleted;
