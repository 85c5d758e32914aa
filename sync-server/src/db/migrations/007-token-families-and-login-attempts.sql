-- Refresh tokens rotated from one sign-in share a family: replaying a used one, or logging out, revokes them all.
-- Tokens issued before this column each start a family of their own.
ALTER TABLE refresh_tokens ADD COLUMN family_id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);

-- Sign-in attempts not (yet) successful, per e-mail and client address, plus one row per e-mail across all addresses
-- (client '*'). They replace the per-e-mail failure counters, which let anyone lock an owner out; those counters
-- only lived for 15 minutes, so nothing of value is dropped.
DROP TABLE login_failures;
CREATE TABLE login_attempts (
  email        text NOT NULL,
  client       text NOT NULL,
  attempts     integer NOT NULL,
  window_start timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (email, client)
);
