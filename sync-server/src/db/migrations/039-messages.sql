-- Messages on a donation request (issue 48): each charity's request is a conversation between the donation's
-- restaurant (its members) and that charity (its members), readable by admins. Replicated to the devices of its two
-- sides (change_seq, the change feed's NOTIFY), so a driver reads the thread with no signal.
CREATE TABLE messages (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id   uuid NOT NULL REFERENCES donation_requests (id),
  donation_id  uuid NOT NULL REFERENCES donations (id),
  author_id    uuid NOT NULL REFERENCES users (id),
  -- The author's name and side as they were when writing: a member who leaves keeps their words.
  author_name  text NOT NULL,
  author_side  text NOT NULL CHECK (author_side IN ('restaurant', 'charity', 'admin')),
  body         text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  image        text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- A removed message keeps its row (the history says who removed it); its words go.
  removed_at   timestamptz,
  removed_by   uuid REFERENCES users (id),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  change_seq   bigint NOT NULL DEFAULT 0,
  deleted      boolean NOT NULL DEFAULT false,
  CHECK ((removed_at IS NULL) = (removed_by IS NULL))
);
CREATE TRIGGER messages_seq BEFORE INSERT OR UPDATE ON messages FOR EACH ROW EXECUTE FUNCTION bump_change_seq();
CREATE TRIGGER messages_notify AFTER INSERT OR UPDATE ON messages FOR EACH ROW EXECUTE FUNCTION notify_sync_change();
CREATE INDEX messages_request ON messages (request_id, created_at, id);
CREATE INDEX messages_change ON messages (change_seq, id);

-- Where each person has read a conversation up to, and whether they muted it.
CREATE TABLE conversation_reads (
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  request_id uuid NOT NULL REFERENCES donation_requests (id),
  read_at    timestamptz NOT NULL DEFAULT '-infinity',
  muted      boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, request_id)
);
