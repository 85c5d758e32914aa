-- Notifications (issue 11): what each person is told. Rows are written in the transaction of the change that causes
-- them, so a notification exists exactly when its change committed. Replicated to the owner's devices like the other
-- collections (change_seq, the change feed's NOTIFY) and pushed to their phones once (pushed_at, claimed with SKIP
-- LOCKED by whichever instance gets there first).
CREATE TABLE notifications (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind        text NOT NULL,
  title       text NOT NULL,
  body        text NOT NULL,
  link        text NOT NULL,
  read        boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- Set when the push dispatcher took the row (sent or not: a push is a hint, the list is the record).
  pushed_at   timestamptz,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  change_seq  bigint NOT NULL DEFAULT 0,
  deleted     boolean NOT NULL DEFAULT false
);
CREATE TRIGGER notifications_seq BEFORE INSERT OR UPDATE OF read, deleted ON notifications
  FOR EACH ROW EXECUTE FUNCTION bump_change_seq();
CREATE TRIGGER notifications_notify AFTER INSERT OR UPDATE OF read, deleted ON notifications
  FOR EACH ROW EXECUTE FUNCTION notify_sync_change();
CREATE INDEX notifications_change ON notifications (change_seq, id);
CREATE INDEX notifications_user_change ON notifications (user_id, change_seq, id);
CREATE INDEX notifications_user_newest ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unpushed ON notifications (created_at) WHERE pushed_at IS NULL;

-- Each reminder once per donation (and per charity for pickups): the insert that wins sends it.
CREATE TABLE reminders_sent (
  donation_id uuid NOT NULL REFERENCES donations (id) ON DELETE CASCADE,
  kind        text NOT NULL,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sent_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (donation_id, kind, user_id)
);
