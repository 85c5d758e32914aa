import type { Sql } from './connection.ts';

/** Stores tickets' hashes for `userId`; tickets that have expired meanwhile are cleared in the same statement. */
export async function storeStreamTickets(sql: Sql, hashes: readonly string[], userId: string, ttlSeconds: number): Promise<void> {
  await sql`
    WITH expired AS (DELETE FROM stream_tickets WHERE expires_at < now())
    INSERT INTO stream_tickets (ticket_hash, user_id, expires_at)
    SELECT h, ${userId}, now() + make_interval(secs => ${ttlSeconds})
    FROM unnest(string_to_array(${hashes.join(',')}, ',')) AS h`;
}

/**
 * Uses a ticket up: its account's id if it was live, deleting it in the same statement, so two streams opened with
 * one ticket (on one instance or two) cannot both get it.
 */
export async function redeemStreamTicket(sql: Sql, hash: string): Promise<string | undefined> {
  const [row] = await sql<{ user_id: string }[]>`
    DELETE FROM stream_tickets WHERE ticket_hash = ${hash} AND expires_at > now() RETURNING user_id`;
  return row?.user_id;
}
