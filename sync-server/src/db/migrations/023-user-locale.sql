-- The language an account chose (issue 13): the app switches to it after sign-in, and the server writes that account's
-- notifications, pushes and e-mails in it. NULL until the account picks one in the language menu; read as English.
-- No CHECK of the codes: the list lives once, in shared/src/languages.ts, and ProfileUpdateSchema refuses any other,
-- so adding a language needs no migration.
ALTER TABLE users ADD COLUMN locale text;
