-- Organisations (issue 46, ADR 018): every restaurant and every charity is an organisation with members.
--
-- An organisation's id is its founding account's id. Donations' restaurant_id and requests' charity_id have always
-- named the account that posted or asked; they keep naming the same party, now the organisation, so not one of their
-- rows changes, and their foreign keys to users stay true. Until the profile moves to the organisation, its name,
-- address, phone, pickup point and logo are those of the founding account's row.
CREATE TABLE organisations (
  -- Deferred: an account founds its organisation in users' BEFORE INSERT trigger, before its own row exists.
  id         uuid PRIMARY KEY REFERENCES users (id) DEFERRABLE INITIALLY DEFERRED,
  kind       text NOT NULL CHECK (kind IN ('restaurant', 'charity')),
  owner_id   uuid NOT NULL REFERENCES users (id) DEFERRABLE INITIALLY DEFERRED,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Membership is a column of the account, not a table of its own: one person belongs to at most one organisation by
-- construction, and every change of it is a change of the users row, which the accounts' notification already
-- announces to every instance (ADR 005), so a removed member's cached session ends at once everywhere.
ALTER TABLE users ADD COLUMN organisation_id uuid REFERENCES organisations (id);
ALTER TABLE users ADD COLUMN member_role text CHECK (member_role IN ('manager', 'staff', 'coordinator', 'driver'));
ALTER TABLE users ADD CONSTRAINT users_membership CHECK ((organisation_id IS NULL) = (member_role IS NULL));
CREATE INDEX users_organisation ON users (organisation_id) WHERE organisation_id IS NOT NULL;

CREATE TABLE organisation_invitations (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id),
  email           text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
  role            text NOT NULL CHECK (role IN ('manager', 'staff', 'coordinator', 'driver')),
  -- The link's token is 32 random bytes; only its SHA-256 is kept, as for account links.
  token_hash      text NOT NULL UNIQUE,
  invited_by      uuid NOT NULL REFERENCES users (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  accepted_at     timestamptz,
  accepted_by     uuid REFERENCES users (id),
  revoked_at      timestamptz,
  CHECK ((accepted_at IS NULL) = (accepted_by IS NULL))
);
-- One live invitation per address and organisation: inviting again replaces it (db/organisations.ts).
CREATE UNIQUE INDEX organisation_invitations_live ON organisation_invitations (organisation_id, email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- The role and the membership say the same thing, whatever path changes either (an admin's role change, the charity
-- role's approval, `npm run admin`, ADMIN_EMAILS, a removal, a deletion, a join or a leave):
-- - a restaurant or charity account without an organisation founds one (or takes back the one it founded), as its
--   owner, manager or coordinator;
-- - an account that loses the role, or is deleted, leaves its organisation, whose ownership passes to its longest
--   standing manager or coordinator (else its longest standing member); an organisation left with nobody keeps its
--   rows (its donations and requests name it) and waits for its founder.
CREATE FUNCTION keep_membership() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org record;
  heir uuid;
BEGIN
  IF NEW.organisation_id IS NOT NULL AND (NEW.deleted OR NEW.role <> (SELECT kind FROM organisations WHERE id = NEW.organisation_id)) THEN
    NEW.organisation_id := NULL;
    NEW.member_role := NULL;
  END IF;
  IF NEW.organisation_id IS NOT NULL AND NOT (NEW.member_role = ANY (CASE NEW.role WHEN 'restaurant' THEN ARRAY['manager', 'staff'] ELSE ARRAY['coordinator', 'driver'] END)) THEN
    RAISE EXCEPTION 'a % has no member role %', NEW.role, NEW.member_role USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.organisation_id IS NOT NULL AND NEW.organisation_id IS DISTINCT FROM OLD.organisation_id THEN
    SELECT id, owner_id INTO org FROM organisations WHERE id = OLD.organisation_id FOR UPDATE;
    IF org.owner_id = NEW.id THEN
      SELECT id INTO heir FROM users
      WHERE organisation_id = OLD.organisation_id AND id <> NEW.id
      ORDER BY member_role IN ('manager', 'coordinator') DESC, organisation_joined_at, id
      LIMIT 1;
      IF heir IS NOT NULL THEN UPDATE organisations SET owner_id = heir WHERE id = org.id; END IF;
    END IF;
  END IF;
  IF NEW.role IN ('restaurant', 'charity') AND NEW.organisation_id IS NULL AND NOT NEW.deleted THEN
    SELECT o.id, o.kind, o.owner_id, EXISTS (SELECT 1 FROM users m WHERE m.organisation_id = o.id AND m.id <> NEW.id) AS has_members
      INTO org FROM organisations o WHERE o.id = NEW.id FOR UPDATE;
    IF NOT FOUND THEN
      INSERT INTO organisations (id, kind, owner_id) VALUES (NEW.id, NEW.role, NEW.id);
    ELSIF org.has_members AND org.kind <> NEW.role THEN
      -- The founder left, the organisation went on without them, and they are now given the other kind of role: the
      -- id is taken by the one they founded. An admin's role change answers 409 for this (http/errors.ts).
      RAISE EXCEPTION 'organisations/founder-elsewhere' USING ERRCODE = 'FB001';
    ELSIF NOT org.has_members THEN
      UPDATE organisations SET kind = NEW.role, owner_id = NEW.id WHERE id = NEW.id;
    END IF;
    NEW.organisation_id := NEW.id;
    NEW.member_role := CASE NEW.role WHEN 'restaurant' THEN 'manager' ELSE 'coordinator' END;
  END IF;
  IF NEW.organisation_id IS DISTINCT FROM (CASE WHEN TG_OP = 'UPDATE' THEN OLD.organisation_id END) THEN
    NEW.organisation_joined_at := CASE WHEN NEW.organisation_id IS NULL THEN NULL ELSE now() END;
  END IF;
  RETURN NEW;
END $$;

ALTER TABLE users ADD COLUMN organisation_joined_at timestamptz;

-- Every restaurant and charity there is founds its organisation (the trigger's own rule, run once by hand: the
-- trigger is created after, so that this UPDATE does not run it for rows the statement itself sets).
INSERT INTO organisations (id, kind, owner_id, created_at)
  SELECT id, role, id, created_at FROM users WHERE role IN ('restaurant', 'charity') AND NOT deleted;
UPDATE users SET
  organisation_id = id,
  member_role = CASE role WHEN 'restaurant' THEN 'manager' ELSE 'coordinator' END,
  organisation_joined_at = created_at
WHERE role IN ('restaurant', 'charity') AND NOT deleted;

-- Whom a change's author acted for: a member's doings are their organisation's, and a donation's timeline names
-- its parties' people (ADR 006) by the organisation, not only by the founding account.
ALTER TABLE history ADD COLUMN actor_organisation_id uuid;

CREATE TRIGGER users_membership BEFORE INSERT OR UPDATE OF role, organisation_id, deleted ON users
  FOR EACH ROW EXECUTE FUNCTION keep_membership();
