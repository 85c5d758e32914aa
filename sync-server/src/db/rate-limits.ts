import type { Sql } from './connection.ts';

/**
 * Takes `cost` from the counter `key` (requests, files or bytes) if that keeps it within `limit` for the window of
 * `windowSeconds` that began with the counter's first use; an ended window starts afresh. One statement counts and
 * decides, under the row's lock, so parallel callers each see their own total and a burst cannot slip past the limit
 * (as countLoginAttempt does). A refused use is not counted: hammering on does not push the window further away.
 * Returns null when taken, or the seconds until the window ends.
 */
export async function takeFromLimit(sql: Sql, key: string, cost: number, limit: number, windowSeconds: number): Promise<number | null> {
  const taken = await sql`
    INSERT INTO rate_limits AS r (key, used, resets_at)
    SELECT ${key}, ${cost}, now() + make_interval(secs => ${windowSeconds}) WHERE ${cost}::bigint <= ${limit}::bigint
    ON CONFLICT (key) DO UPDATE SET
      used = CASE WHEN r.resets_at > now() THEN r.used + EXCLUDED.used ELSE EXCLUDED.used END,
      resets_at = CASE WHEN r.resets_at > now() THEN r.resets_at ELSE EXCLUDED.resets_at END
    WHERE r.resets_at <= now() OR r.used + EXCLUDED.used <= ${limit}::bigint
    RETURNING used`;
  if (taken.length > 0) return null;
  const [row] = await sql<{ wait: number | null }[]>`
    SELECT ceil(extract(epoch FROM resets_at - now()))::int AS wait FROM rate_limits WHERE key = ${key}`;
  // A cost above the whole limit never fits: the caller may try again at the end of a full window.
  return Math.max(row?.wait ?? windowSeconds, 1);
}

/** Counters whose window ended a while ago are reset by their next use anyway; dropping them keeps the table small. */
export async function purgeEndedLimits(sql: Sql): Promise<void> {
  await sql`DELETE FROM rate_limits WHERE resets_at < now() - interval '1 hour'`;
}
