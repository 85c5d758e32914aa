-- Who an account is: the identity provider's user id (Firebase's uid; the built-in provider signs our own id), and
-- whether its owner proved the e-mail by opening a link. Accounts made before this are not known to be verified;
-- nothing of their role changes, only ADMIN_EMAILS waits for a verified e-mail from now on.
ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN provider_uid text;
CREATE UNIQUE INDEX users_provider_uid ON users (provider_uid) WHERE provider_uid IS NOT NULL AND NOT deleted;

-- Single-use links e-mailed to an account: 'verify' proves the e-mail, 'reset' sets a new password. Only a hash of
-- the token is kept, so a copy of the database does not hold working links.
CREATE TABLE account_links (
  token_hash text PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id),
  purpose    text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  email      text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_links_user ON account_links (user_id, purpose);
