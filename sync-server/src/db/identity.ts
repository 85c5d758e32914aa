import type { Sql } from './connection.ts';

export interface SigningKeyRow {
  kid: string;
  private_jwk: Record<string, unknown>;
  public_jwk: Record<string, unknown>;
}

/** The first instance to start stores the key pair; every other instance (and every restart) reads the same one. */
export async function loadOrStoreSigningKey(sql: Sql, candidate: SigningKeyRow): Promise<SigningKeyRow> {
  await sql`
    INSERT INTO signing_keys (kid, private_jwk, public_jwk)
    SELECT ${candidate.kid}, ${sql.json(candidate.private_jwk as never)}, ${sql.json(candidate.public_jwk as never)}
    WHERE NOT EXISTS (SELECT 1 FROM signing_keys)`;
  const [row] = await sql<SigningKeyRow[]>`SELECT kid, private_jwk, public_jwk FROM signing_keys ORDER BY created_at, kid LIMIT 1`;
  return row!;
}

export async function storeRefreshToken(sql: Sql, hash: string, userId: string, familyId: string, expiresAt: Date): Promise<void> {
  await sql`
    INSERT INTO refresh_tokens (token_hash, user_id, family_id, expires_at) VALUES (${hash}, ${userId}, ${familyId}, ${expiresAt})`;
}

export interface RedeemedRefreshToken {
  userId: string;
  familyId: string;
}

/**
 * Uses up a refresh token (rotation): returns its user and family only if it was live, revoking it in the same
 * statement. A token that was already used is a replay (stolen, or a copy left behind), so its whole family is
 * revoked: whoever holds the newer token has to sign in again too.
 */
export async function consumeRefreshToken(sql: Sql, hash: string): Promise<RedeemedRefreshToken | undefined> {
  const [row] = await sql<{ user_id: string; family_id: string }[]>`
    UPDATE refresh_tokens SET revoked_at = now()
    WHERE token_hash = ${hash} AND revoked_at IS NULL AND expires_at > now()
    RETURNING user_id, family_id`;
  if (row) return { userId: row.user_id, familyId: row.family_id };
  await sql`
    UPDATE refresh_tokens SET revoked_at = now()
    WHERE revoked_at IS NULL
      AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ${hash} AND revoked_at IS NOT NULL)`;
  return undefined;
}

/** The account of a live refresh token (not used up, revoked or expired). */
export async function liveRefreshTokenOwner(sql: Sql, hash: string): Promise<string | undefined> {
  const [row] = await sql<{ user_id: string }[]>`
    SELECT user_id FROM refresh_tokens WHERE token_hash = ${hash} AND revoked_at IS NULL AND expires_at > now()`;
  return row?.user_id;
}

/** Log-out: revokes the token and every token rotated from the same sign-in. Unknown or revoked: nothing to do. */
export async function revokeRefreshTokenFamily(sql: Sql, hash: string): Promise<void> {
  await sql`
    UPDATE refresh_tokens SET revoked_at = now()
    WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ${hash})`;
}

/** Tries per e-mail from one client address before it waits: the owner elsewhere is not locked out by them. */
export const LOGIN_ATTEMPTS_PER_CLIENT = 5;
/** Tries per e-mail from all addresses together: slows a guess spread over many addresses. */
export const LOGIN_ATTEMPTS_PER_EMAIL = 50;
const LOGIN_WINDOW_MINUTES = 15;
/** The login_attempts row counting an e-mail's tries from every address. */
const ANY_CLIENT = '*';

/**
 * Counts a sign-in attempt before the password is checked, in one statement that also returns the counts, so that
 * parallel attempts each see their own number and a burst cannot slip past the limit. Attempts refused at the
 * per-address limit do not count towards the e-mail's total (one address cannot use up everyone's tries).
 * Returns the seconds to wait when the attempt is over a limit, or null when it may go on.
 */
export async function countLoginAttempt(sql: Sql, email: string, client: string, device?: string): Promise<number | null> {
  if (device !== undefined) return countKnownDeviceAttempt(sql, email, device);
  // Lock order: the address's row, then the e-mail's total (by_email reads by_client, so it runs second).
  const [row] = await sql<{ client_attempts: number; client_wait: number; email_attempts: number | null; email_wait: number | null }[]>`
    WITH by_client AS (
      INSERT INTO login_attempts AS a (email, client, attempts, window_start) VALUES (${email}, ${client}, 1, now())
      ON CONFLICT (email, client) DO UPDATE SET
        attempts = CASE WHEN a.window_start > now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES}) THEN a.attempts + 1 ELSE 1 END,
        window_start = CASE WHEN a.window_start > now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES}) THEN a.window_start ELSE now() END
      RETURNING attempts, window_start
    ), by_email AS (
      INSERT INTO login_attempts AS a (email, client, attempts, window_start)
      SELECT ${email}, ${ANY_CLIENT}, 1, now() FROM by_client WHERE by_client.attempts <= ${LOGIN_ATTEMPTS_PER_CLIENT}
      ON CONFLICT (email, client) DO UPDATE SET
        attempts = CASE WHEN a.window_start > now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES}) THEN a.attempts + 1 ELSE 1 END,
        window_start = CASE WHEN a.window_start > now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES}) THEN a.window_start ELSE now() END
      RETURNING attempts, window_start
    )
    SELECT c.attempts AS client_attempts,
           ceil(extract(epoch FROM c.window_start + make_interval(mins => ${LOGIN_WINDOW_MINUTES}) - now()))::int AS client_wait,
           e.attempts AS email_attempts,
           ceil(extract(epoch FROM e.window_start + make_interval(mins => ${LOGIN_WINDOW_MINUTES}) - now()))::int AS email_wait
    FROM by_client c LEFT JOIN by_email e ON true`;
  // A parallel attempt whose transaction began a moment before the one that opened the window would count a wait a
  // second longer than the window itself: never more than the window.
  const wait = (seconds: number) => Math.min(Math.max(seconds, 1), LOGIN_WINDOW_MINUTES * 60);
  if (row!.client_attempts > LOGIN_ATTEMPTS_PER_CLIENT) return wait(row!.client_wait);
  if ((row!.email_attempts ?? 0) > LOGIN_ATTEMPTS_PER_EMAIL) return wait(row!.email_wait ?? 1);
  return null;
}

/** The login_attempts row of a known device (auth/device-cookie.ts); '*' and addresses never start with it. */
const deviceClient = (device: string) => `device:${device}`;

/**
 * A try from a device that signed in to this e-mail before: counted on the device alone, LOGIN_ATTEMPTS_PER_CLIENT a
 * window as an address would be, and not towards the e-mail's total, so failures from elsewhere never lock it out and
 * its own never lock out anyone else. (A stolen cookie is worth no more guesses than one address.)
 */
async function countKnownDeviceAttempt(sql: Sql, email: string, device: string): Promise<number | null> {
  const [row] = await sql<{ attempts: number; wait: number }[]>`
    INSERT INTO login_attempts AS a (email, client, attempts, window_start) VALUES (${email}, ${deviceClient(device)}, 1, now())
    ON CONFLICT (email, client) DO UPDATE SET
      attempts = CASE WHEN a.window_start > now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES}) THEN a.attempts + 1 ELSE 1 END,
      window_start = CASE WHEN a.window_start > now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES}) THEN a.window_start ELSE now() END
    RETURNING attempts, ceil(extract(epoch FROM window_start + make_interval(mins => ${LOGIN_WINDOW_MINUTES}) - now()))::int AS wait`;
  if (row!.attempts > LOGIN_ATTEMPTS_PER_CLIENT) return Math.min(Math.max(row!.wait, 1), LOGIN_WINDOW_MINUTES * 60);
  return null;
}

/**
 * After the right password: this address starts afresh, and the attempt is taken back from the e-mail's total. Two
 * statements in one transaction, because one statement cannot say its order: a WITH's DELETE that nothing reads runs
 * after the main UPDATE, which took the total before the address's row, the reverse of countLoginAttempt, and
 * deadlocked with a parallel sign-in of the same e-mail from the same address.
 */
export async function forgetLoginAttempt(sql: Sql, email: string, client: string, device?: string): Promise<void> {
  if (device !== undefined) {
    await sql`DELETE FROM login_attempts WHERE email = ${email} AND client = ${deviceClient(device)}`;
    return;
  }
  await sql.begin(async (tx) => {
    // Lock order: the address's row, then the e-mail's total (as countLoginAttempt).
    await tx`DELETE FROM login_attempts WHERE email = ${email} AND client = ${client}`;
    await tx`UPDATE login_attempts SET attempts = attempts - 1 WHERE email = ${email} AND client = ${ANY_CLIENT} AND attempts > 0`;
  });
}
