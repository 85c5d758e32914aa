-- The append-only history of every change of state (issue 12): who did it (their e-mail and name as they were then,
-- since accounts are renamed and removed), what changed, from which state to which, and the Idempotency-Key of a
-- change that came through a client's outbox. Rows are written in the transaction of the change they record (so a
-- row exists exactly when its change committed) and are never changed afterwards: the triggers below refuse it to
-- every role, the application's included. The kinds are listed once, in shared/src/schemas/history.ts.
CREATE TABLE history (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order rows were written in, which lists follow: one transaction records several changes (an accept declines
  -- the other requests) within the clock's resolution (a millisecond on the embedded database), and they must read
  -- in the order they happened.
  seq             bigint GENERATED ALWAYS AS IDENTITY,
  at              timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- No foreign keys: checking one would lock the account's or donation's row against a concurrent change, in an
  -- order that can deadlock with the locks the change itself takes. Accounts and donations are only ever soft-deleted.
  actor_id        uuid NOT NULL,
  actor_email     text NOT NULL,
  actor_name      text NOT NULL,
  kind            text NOT NULL,
  donation_id     uuid,
  -- A donation request or a charity-role request, as the kind says.
  request_id      uuid,
  from_state      text,
  to_state        text,
  detail          jsonb NOT NULL DEFAULT '{}',
  idempotency_key text
);

CREATE FUNCTION refuse_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'history is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER history_append_only BEFORE UPDATE OR DELETE ON history
  FOR EACH ROW EXECUTE FUNCTION refuse_history_change();
CREATE TRIGGER history_no_truncate BEFORE TRUNCATE ON history
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change();

-- Read newest first by keyset ((seq, id) below the previous page's last row), whole or by donation, person or kind.
CREATE INDEX history_listed ON history (seq DESC, id DESC);
CREATE INDEX history_donation ON history (donation_id, seq DESC, id DESC) WHERE donation_id IS NOT NULL;
CREATE INDEX history_actor ON history (actor_id, seq DESC, id DESC);
CREATE INDEX history_actor_email ON history (actor_email, seq DESC, id DESC);
CREATE INDEX history_kind ON history (kind, seq DESC, id DESC);
