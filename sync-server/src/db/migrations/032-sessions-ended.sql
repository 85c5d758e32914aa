-- When every session of the account was last ended (issue 45): a password reset, a log-out everywhere, removal from a
-- role or of the account. An ID token issued before it is refused at once, on every instance (the accounts' change
-- notification drops each instance's cached sign-ins, auth/user-cache.ts), not only when it expires an hour later.
-- Built-in tokens carry the value they were issued under (claim `se`); a Firebase token's issue time is compared.
ALTER TABLE users ADD COLUMN sessions_ended_at timestamptz;
