// The `Idempotency-Key` header of the writes a device may send again (an offline outbox's replay, a retry on a flaky
// network): the first answer is stored with the change (db/idempotency.ts) and a repeat gets it back.
import type { Context } from 'hono';
import type { StoredAnswer } from '../db/idempotency.ts';
import { ApiError, badRequest } from './errors.ts';

export const IDEMPOTENCY_KEY_MAX = 200;

/** The request's key, if it sent one. */
export function idempotencyKey(c: Context): string | undefined {
  const key = c.req.header('idempotency-key')?.trim();
  if (key === undefined || key === '') return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX) throw badRequest('request/idempotency-key-too-long', { max: IDEMPOTENCY_KEY_MAX });
  return key;
}

/** The stored answer again; a key first used for another change (`scope`) is a 422. */
export function replay(c: Context, stored: StoredAnswer, scope: string) {
  if (stored.scope !== scope) throw new ApiError(422, 'request/idempotency-key-reused');
  c.header('Idempotent-Replayed', 'true');
  return c.json(stored.body as object, stored.statusCode as 200);
}
