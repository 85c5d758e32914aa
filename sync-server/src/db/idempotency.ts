import type { Sql, TxSql } from './connection.ts';

export interface StoredAnswer {
  scope: string;
  statusCode: number;
  body: unknown;
}

/** The answer first given to this user's `Idempotency-Key`, if any. */
export async function findStoredAnswer(sql: Sql | TxSql, userId: string, key: string): Promise<StoredAnswer | undefined> {
  const [row] = await sql<{ scope: string; status_code: number; response: unknown }[]>`
    SELECT scope, status_code, response FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`;
  return row ? { scope: row.scope, statusCode: row.status_code, body: row.response } : undefined;
}

/**
 * Records the answer inside the transaction that made the change, so the change and its replayable answer commit
 * together or not at all. Returns false if the key was taken meanwhile (then the caller rolls back).
 */
export async function storeAnswer(
  tx: TxSql,
  a: { userId: string; key: string; scope: string; statusCode: number; body: unknown },
): Promise<boolean> {
  const r = await tx`
    INSERT INTO idempotency_keys (user_id, key, scope, status_code, response)
    VALUES (${a.userId}, ${a.key}, ${a.scope}, ${a.statusCode}, ${tx.json(a.body as never)})
    ON CONFLICT (user_id, key) DO NOTHING`;
  return r.count === 1;
}
