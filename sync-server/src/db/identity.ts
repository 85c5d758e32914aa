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

export async function storeRefreshToken(sql: Sql, hash: string, userId: string, expiresAt: Date): Promise<void> {
  await sql`INSERT INTO refresh_tokens (token_hash, user_id, expires_at) VALUES (${hash}, ${userId}, ${expiresAt})`;
}

/** Uses up a refresh token (rotation): returns its user only if it was live, and revokes it in the same statement. */
export async function consumeRefreshToken(sql: Sql, hash: string): Promise<string | undefined> {
  const [row] = await sql<{ user_id: string }[]>`
    UPDATE refresh_tokens SET revoked_at = now()
    WHERE token_hash = ${hash} AND revoked_at IS NULL AND expires_at > now()
    RETURNING user_id`;
  return row?.user_id;
}

const LOGIN_FAILURE_LIMIT = 5;
const LOGIN_FAILURE_WINDOW_MINUTES = 15;

export async function isLoginLocked(sql: Sql, email: string): Promise<boolean> {
  const [row] = await sql<{ failures: number }[]>`
    SELECT failures FROM login_failures
    WHERE email = ${email} AND window_start > now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES})`;
  return (row?.failures ?? 0) >= LOGIN_FAILURE_LIMIT;
}

export async function recordLoginFailure(sql: Sql, email: string): Promise<void> {
  await sql`
    INSERT INTO login_failures (email, failures, window_start) VALUES (${email}, 1, now())
    ON CONFLICT (email) DO UPDATE SET
      failures = CASE WHEN login_failures.window_start > now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES})
                      THEN login_failures.failures + 1 ELSE 1 END,
      window_start = CASE WHEN login_failures.window_start > now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES})
                      THEN login_failures.window_start ELSE now() END`;
}

export async function clearLoginFailures(sql: Sql, email: string): Promise<void> {
  await sql`DELETE FROM login_failures WHERE email = ${email}`;
}
