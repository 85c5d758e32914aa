import type { PushDevice } from '@foodbridge/shared';
import type { Sql } from './connection.ts';
import { isoRequired } from './map.ts';

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: string;
  disabled_kinds: string[];
  created_at: Date;
  last_success_at: Date | null;
}

// The array back as JSON, which postgres.js parses without knowing text[]'s type id.
const columns = (sql: Sql) =>
  sql`id, endpoint, p256dh, auth, user_id, to_jsonb(disabled_kinds) AS disabled_kinds, created_at, last_success_at`;

/** A user's devices beyond this many (the least recently registered) are dropped: each one costs a request per send. */
export const MAX_PUSH_DEVICES_PER_USER = 20;

export function toPushDevice(r: Pick<PushSubscriptionRow, 'endpoint' | 'disabled_kinds' | 'created_at'>): PushDevice {
  // The column holds only switchable kinds: PushPreferencesSchema checked them on the way in.
  return { endpoint: r.endpoint, disabledKinds: r.disabled_kinds as PushDevice['disabledKinds'], createdAt: isoRequired(r.created_at) };
}

/**
 * Stores the device for `userId`, taking it over from whoever had it (the same browser, signed in as someone else).
 * Without `disabledKinds` the device keeps its choices, unless it changed hands: the new owner starts with all on.
 * Another account's device changes hands only with its own keys, which only that browser holds: an endpoint alone
 * (seen in a log, say) does not move someone's notifications to you. Undefined when it is refused so.
 */
export async function upsertPushSubscription(
  sql: Sql,
  s: { userId: string; endpoint: string; p256dh: string; auth: string; disabledKinds?: string[] | undefined },
): Promise<{ row: PushSubscriptionRow; created: boolean } | undefined> {
  // As JSON: postgres.js runs without its array-type lookup (db/connection.ts), so a JS array is not a text[] parameter.
  const given = s.disabledKinds ? sql.json(s.disabledKinds) : null;
  const [row] = await sql<(PushSubscriptionRow & { created: boolean })[]>`
    INSERT INTO push_subscriptions (endpoint, p256dh, auth, user_id, disabled_kinds)
    VALUES (${s.endpoint}, ${s.p256dh}, ${s.auth}, ${s.userId}, ARRAY(SELECT jsonb_array_elements_text(${given}::jsonb)))
    ON CONFLICT (endpoint) DO UPDATE SET
      p256dh = EXCLUDED.p256dh,
      auth = EXCLUDED.auth,
      disabled_kinds = CASE
        WHEN ${given}::jsonb IS NOT NULL THEN ARRAY(SELECT jsonb_array_elements_text(${given}::jsonb))
        WHEN push_subscriptions.user_id = EXCLUDED.user_id THEN push_subscriptions.disabled_kinds
        ELSE '{}' END,
      created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id THEN push_subscriptions.created_at ELSE now() END,
      user_id = EXCLUDED.user_id,
      updated_at = now()
    WHERE push_subscriptions.user_id = EXCLUDED.user_id
       OR (push_subscriptions.p256dh = EXCLUDED.p256dh AND push_subscriptions.auth = EXCLUDED.auth)
    RETURNING ${columns(sql)}, (xmax = 0) AS created`;
  if (!row) return undefined;
  const { created, ...rest } = row;
  await sql`
    DELETE FROM push_subscriptions WHERE user_id = ${s.userId} AND id NOT IN (
      SELECT id FROM push_subscriptions WHERE user_id = ${s.userId}
      ORDER BY updated_at DESC, id DESC LIMIT ${MAX_PUSH_DEVICES_PER_USER})`;
  return { row: rest, created };
}

export async function findPushSubscription(sql: Sql, endpoint: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await sql<PushSubscriptionRow[]>`
    SELECT ${columns(sql)}
    FROM push_subscriptions WHERE endpoint = ${endpoint}`;
  return row;
}

export async function setPushDisabledKinds(sql: Sql, id: string, kinds: string[]): Promise<PushSubscriptionRow | undefined> {
  const [row] = await sql<PushSubscriptionRow[]>`
    UPDATE push_subscriptions SET disabled_kinds = ARRAY(SELECT jsonb_array_elements_text(${sql.json(kinds)}::jsonb)), updated_at = now() WHERE id = ${id}
    RETURNING ${columns(sql)}`;
  return row;
}

/** The user's devices that show `kind` (all of them, or the one at `endpoint`). */
export async function listPushTargets(
  sql: Sql,
  userId: string,
  kind: string,
  endpoint?: string | undefined,
): Promise<PushSubscriptionRow[]> {
  return sql<PushSubscriptionRow[]>`
    SELECT ${columns(sql)}
    FROM push_subscriptions
    WHERE user_id = ${userId} AND NOT (${kind} = ANY (disabled_kinds))
      ${endpoint === undefined ? sql`` : sql`AND endpoint = ${endpoint}`}
    ORDER BY updated_at DESC`;
}

/** By id: the row the push service's answer was about. */
export async function deletePushSubscriptionById(sql: Sql, id: string): Promise<number> {
  const r = await sql`DELETE FROM push_subscriptions WHERE id = ${id}`;
  return r.count;
}

export async function markPushSuccess(sql: Sql, id: string): Promise<void> {
  await sql`UPDATE push_subscriptions SET last_success_at = now() WHERE id = ${id}`;
}

// ---- Server settings

/**
 * The stored value of `name`, storing `value` first when there is none. Two instances starting together both try;
 * the insert that loses does nothing, and both read back the one that won.
 */
export async function settingOrInsert(sql: Sql, name: string, value: string): Promise<string> {
  await sql`INSERT INTO server_settings (name, value) VALUES (${name}, ${value}) ON CONFLICT (name) DO NOTHING`;
  const [row] = await sql<{ value: string }[]>`SELECT value FROM server_settings WHERE name = ${name}`;
  return row!.value;
}

export async function readSetting(sql: Sql, name: string): Promise<string | undefined> {
  const [row] = await sql<{ value: string }[]>`SELECT value FROM server_settings WHERE name = ${name}`;
  return row?.value;
}
