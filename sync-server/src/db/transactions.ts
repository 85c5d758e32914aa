// Transactions that lose a race are run again. Postgres ends a transaction with 40P01 (deadlock_detected) when it is
// the one chosen to break a cycle of row locks, and with 40001 (serialization_failure) when SERIALIZABLE or
// REPEATABLE READ finds a concurrent change it cannot order. Either way the whole transaction was rolled back and
// nothing of it was applied, so running it once more is safe and usually succeeds: the winner has committed by then.
import { setTimeout as sleep } from 'node:timers/promises';
import type postgres from 'postgres';

const TRANSIENT_CONFLICTS = new Set(['40P01', '40001']);

/** Attempts in all, the first included; after the last, the error goes to the caller (a 503 with Retry-After). */
export const TRANSACTION_ATTEMPTS = 3;
/** The wait before the second attempt, on average; twice that before the third. */
const RETRY_BASE_MS = 20;

/** Whether `err` (or what it was caused by) says the transaction lost a race and may simply be run again. */
export function isTransientConflict(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT_CONFLICTS.has(code)) return true;
  }
  return false;
}

/**
 * The wait after `failed` attempts: tens of milliseconds, doubling, each spread over half to one and a half times
 * its mean, so transactions that failed together (several victims of one busy row) do not all come back at once.
 */
export function retryDelayMs(failed: number, random: () => number = Math.random): number {
  return RETRY_BASE_MS * 2 ** (failed - 1) * (0.5 + random());
}

/** Runs `attempt` again while it fails with a transient conflict, at most TRANSACTION_ATTEMPTS times in all. */
export async function retryOnConflict<T>(attempt: () => Promise<T>): Promise<T> {
  for (let failed = 0; ; ) {
    try {
      return await attempt();
    } catch (err) {
      failed++;
      if (failed >= TRANSACTION_ATTEMPTS || !isTransientConflict(err)) throw err;
      await sleep(retryDelayMs(failed));
    }
  }
}

type TransactionBody = (tx: postgres.TransactionSql) => unknown;

/**
 * Makes the pool's `begin` retry a transaction that lost a race (retryOnConflict), so no caller can forget to. The
 * callback runs once per attempt: it must only talk to the database through its `tx` and keep what it builds in its
 * own scope, and never send mail, push or call another service from inside (every caller was checked for this when
 * the retry came in). Returns `sql`.
 */
export function retryTransactions(sql: postgres.Sql): postgres.Sql {
  const begin = sql.begin.bind(sql) as (options: string, body: TransactionBody) => Promise<unknown>;
  const retrying = (options: string | TransactionBody, body?: TransactionBody) => {
    const [mode, run] = typeof options === 'string' ? [options, body!] : ['', options];
    return retryOnConflict(() => begin(mode, run));
  };
  sql.begin = retrying as postgres.Sql['begin'];
  return sql;
}
