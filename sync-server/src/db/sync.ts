import type { Sql, TxSql } from './connection.ts';
import type { DonationRequestJoinedRow } from './donation-requests.ts';
import type { DonationRow } from './donations.ts';
import type { FavoriteListRow } from './favorites.ts';
import type { MessageRow } from './messages.ts';

/**
 * Replication reads (docs/decisions/002-replication.md). A document's position in its collection's change stream is
 * `seq`: the highest change_seq of the rows it is made of (a favourite shows its donation's fields, so it moves when
 * either changes). A row's change_seq is its writing transaction's (migration 031); a read hands out only positions
 * below change_seq_horizon(), which no transaction still to commit can write under, so a stream read up to a
 * position never gains an entry below it later (docs/decisions/017-change-positions.md). Each query takes the next
 * `limit` documents after a position in one statement (one snapshot), and yields each document at most once.
 */

export const REPLICATED_TABLES = ['donations', 'donation_requests', 'favorites', 'notifications', 'messages'] as const;
export type ReplicatedTable = (typeof REPLICATED_TABLES)[number];

export interface StreamPosition {
  seq: number;
  id: string;
}

/** Before every real position: change_seq is above 0 and ids are uuids. */
const START: StreamPosition = { seq: 0, id: '00000000-0000-0000-0000-000000000000' };

/** bigint comes back from postgres.js as a string. */
export interface Positioned {
  seq: string;
}

export interface SyncDonationRow extends DonationRow, Positioned {
  /** The caller (a charity) has a live request for this donation. */
  requested: boolean;
}

/**
 * Donations after `after`, every one of them (the caller decides visibility and sends the others as tombstones).
 * For a charity, its own requests are part of what it may see (a charity sees the donations it requested), so a
 * change to one of them moves the donation in that charity's stream: the position is then the request's change_seq.
 */
export async function donationChanges(
  sql: Sql,
  o: { after: StreamPosition | null; limit: number; charityId: string | null },
): Promise<SyncDonationRow[]> {
  const { seq, id } = o.after ?? START;
  return sql<SyncDonationRow[]>`
    WITH mine AS (
      SELECT donation_id, max(change_seq) AS seq, bool_or(NOT deleted) AS live
      FROM donation_requests WHERE charity_id = ${o.charityId}::uuid
      GROUP BY donation_id
    ), ev AS (
      (SELECT d.id, d.change_seq AS seq FROM donations d
       WHERE (d.change_seq, d.id) > (${seq}::bigint, ${id}::uuid) AND d.change_seq < (SELECT change_seq_horizon())
         AND NOT EXISTS (SELECT 1 FROM mine m WHERE m.donation_id = d.id AND m.seq > d.change_seq)
       ORDER BY d.change_seq, d.id LIMIT ${o.limit})
      UNION ALL
      (SELECT m.donation_id, m.seq FROM mine m JOIN donations d ON d.id = m.donation_id
       WHERE (m.seq, m.donation_id) > (${seq}::bigint, ${id}::uuid) AND m.seq > d.change_seq AND m.seq < (SELECT change_seq_horizon())
       ORDER BY m.seq, m.donation_id LIMIT ${o.limit})
    )
    SELECT d.*, ev.seq, COALESCE(m.live, false) AS requested
    FROM ev JOIN donations d ON d.id = ev.id LEFT JOIN mine m ON m.donation_id = d.id
    ORDER BY ev.seq, ev.id
    LIMIT ${o.limit}`;
}

export interface SyncFavoriteRow extends FavoriteListRow {
  updated_at: Date;
  donation_deleted: boolean;
}

/** The favourites saved under `email` (deleted ones included), with their donation's current fields. */
export async function favoriteChanges(
  sql: Sql,
  o: { after: StreamPosition | null; limit: number; email: string },
): Promise<(SyncFavoriteRow & Positioned)[]> {
  const { seq, id } = o.after ?? START;
  // One owner's favourites are few: computing the position of each of them is cheaper than two ordered branches.
  return sql<(SyncFavoriteRow & Positioned)[]>`
    SELECT f.id, f.donation_id, f.user_id, f.email, f.created_at, f.updated_at, f.deleted,
           d.title, d.image, d.restaurant_name, d.location, d.status, d.quantity, d.unit, d.deleted AS donation_deleted,
           GREATEST(f.change_seq, d.change_seq) AS seq
    FROM favorites f JOIN donations d ON d.id = f.donation_id
    WHERE f.email = ${o.email} AND (GREATEST(f.change_seq, d.change_seq), f.id) > (${seq}::bigint, ${id}::uuid)
      AND GREATEST(f.change_seq, d.change_seq) < (SELECT change_seq_horizon())
    ORDER BY GREATEST(f.change_seq, d.change_seq), f.id
    LIMIT ${o.limit}`;
}

export interface SyncRequestRow extends DonationRequestJoinedRow, Positioned {
  donation_deleted: boolean;
  /** The restaurant's phone, for the driver's Call with no signal (issue 49); shown once the request is accepted. */
  restaurant_phone: string | null;
}

export type RequestScope = { kind: 'all' } | { kind: 'restaurant'; restaurantId: string } | { kind: 'charity'; charityId: string };

/**
 * The donation requests in `scope` (the same scopes as GET /donation-requests; a request never leaves its scope, as
 * its charity and its donation's restaurant never change). A request shows its donation's title and restaurant and
 * disappears with it, so it moves when either row changes.
 */
export async function donationRequestChanges(
  sql: Sql,
  o: { after: StreamPosition | null; limit: number; scope: RequestScope },
): Promise<SyncRequestRow[]> {
  const { seq, id } = o.after ?? START;
  const scope = o.scope;
  const inScope = () =>
    scope.kind === 'all'
      ? sql`true`
      : scope.kind === 'restaurant'
        ? sql`d.restaurant_id = ${scope.restaurantId}::uuid`
        : sql`r.charity_id = ${scope.charityId}::uuid`;
  // A request and its donation written by one transaction share a change_seq: the first branch takes that case.
  return sql<SyncRequestRow[]>`
    WITH ev AS (
      (SELECT r.id, r.change_seq AS seq FROM donation_requests r JOIN donations d ON d.id = r.donation_id
       WHERE ${inScope()} AND r.change_seq >= d.change_seq AND (r.change_seq, r.id) > (${seq}::bigint, ${id}::uuid)
         AND r.change_seq < (SELECT change_seq_horizon())
       ORDER BY r.change_seq, r.id LIMIT ${o.limit})
      UNION ALL
      (SELECT r.id, d.change_seq FROM donation_requests r JOIN donations d ON d.id = r.donation_id
       WHERE ${inScope()} AND d.change_seq > r.change_seq AND (d.change_seq, r.id) > (${seq}::bigint, ${id}::uuid)
         AND d.change_seq < (SELECT change_seq_horizon())
       ORDER BY d.change_seq, r.id LIMIT ${o.limit})
    )
    SELECT r.*, d.title AS donation_title, d.restaurant_id, d.restaurant_name, d.restaurant_email,
           d.deleted AS donation_deleted, ru.phone AS restaurant_phone, ev.seq
    FROM ev JOIN donation_requests r ON r.id = ev.id JOIN donations d ON d.id = r.donation_id
    LEFT JOIN users ru ON ru.id = d.restaurant_id
    ORDER BY ev.seq, ev.id
    LIMIT ${o.limit}`;
}

export interface SyncMessageRow extends MessageRow, Positioned {
  /** Another side's, and the reader has not read the conversation since it was written. */
  unread: boolean;
}

/** Whose conversations a device holds: a restaurant's (its donations') or a charity's (its requests'). */
export type MessageScope = { side: 'restaurant'; restaurantId: string } | { side: 'charity'; charityId: string };

/**
 * The messages of the conversations in `scope` after `after`, removed ones included (as tombstones), each with
 * whether `userId` has read it. A conversation never leaves its scope (a request's charity and a donation's
 * restaurant never change), and reading one bumps the messages it made read (markConversationRead), so this reads
 * the messages table's positions only.
 */
export async function messageChanges(
  sql: Sql,
  o: { after: StreamPosition | null; limit: number; scope: MessageScope; userId: string },
): Promise<SyncMessageRow[]> {
  const { seq, id } = o.after ?? START;
  const scope = o.scope;
  const inScope =
    scope.side === 'restaurant'
      ? sql`m.donation_id IN (SELECT d.id FROM donations d WHERE d.restaurant_id = ${scope.restaurantId}::uuid)`
      : sql`m.request_id IN (SELECT r.id FROM donation_requests r WHERE r.charity_id = ${scope.charityId}::uuid)`;
  return sql<SyncMessageRow[]>`
    SELECT m.*, m.change_seq AS seq,
           (m.author_side <> ${scope.side} AND m.created_at > COALESCE(c.read_at, '-infinity')) AS unread
    FROM messages m
    LEFT JOIN conversation_reads c ON c.user_id = ${o.userId}::uuid AND c.request_id = m.request_id
    WHERE ${inScope} AND (m.change_seq, m.id) > (${seq}::bigint, ${id}::uuid)
      AND m.change_seq < (SELECT change_seq_horizon())
    ORDER BY m.change_seq, m.id
    LIMIT ${o.limit}`;
}

/**
 * The highest committed change_seq of each replicated table (each a max() on its (change_seq, id) index), for the
 * embedded database's polling feed. There one connection runs one transaction at a time, so transaction ids, and
 * with them change_seq, commit in order: a larger value means a committed change.
 */
export async function maxChangeSeqs(sql: Sql): Promise<Record<ReplicatedTable, number>> {
  const [row] = await sql<Record<ReplicatedTable, string | null>[]>`
    SELECT (SELECT max(change_seq) FROM donations) AS donations,
           (SELECT max(change_seq) FROM donation_requests) AS donation_requests,
           (SELECT max(change_seq) FROM favorites) AS favorites,
           (SELECT max(change_seq) FROM notifications) AS notifications,
           (SELECT max(change_seq) FROM messages) AS messages`;
  return {
    donations: Number(row?.donations ?? 0),
    donation_requests: Number(row?.donation_requests ?? 0),
    favorites: Number(row?.favorites ?? 0),
    notifications: Number(row?.notifications ?? 0),
    messages: Number(row?.messages ?? 0),
  };
}

/** Locks the favourites with these ids (any owner, deleted ones too) for the rest of the push transaction. */
export async function lockFavorites(tx: TxSql, ids: string[]): Promise<SyncFavoriteRow[]> {
  if (ids.length === 0) return [];
  return tx<SyncFavoriteRow[]>`
    SELECT f.id, f.donation_id, f.user_id, f.email, f.created_at, f.updated_at, f.deleted,
           d.title, d.image, d.restaurant_name, d.location, d.status, d.quantity, d.unit, d.deleted AS donation_deleted
    FROM favorites f JOIN donations d ON d.id = f.donation_id
    WHERE f.id IN ${tx(ids)}
    ORDER BY f.id
    FOR UPDATE OF f`;
}

/** The caller's live favourite of a donation, if any. */
export async function findLiveFavorite(tx: TxSql, email: string, donationId: string): Promise<{ id: string } | undefined> {
  const [row] = await tx<{ id: string }[]>`
    SELECT id FROM favorites WHERE email = ${email} AND donation_id = ${donationId} AND NOT deleted`;
  return row;
}

/**
 * The replicated tables holding a committed change that no pull hands out yet: written by a transaction newer than
 * one still running, so at or above change_seq_horizon(). They become readable when that older transaction ends.
 */
export async function heldBackTables(sql: Sql): Promise<ReplicatedTable[]> {
  const [row] = await sql<({ horizon: string } & Record<ReplicatedTable, string | null>)[]>`
    SELECT change_seq_horizon() AS horizon,
           (SELECT max(change_seq) FROM donations) AS donations,
           (SELECT max(change_seq) FROM donation_requests) AS donation_requests,
           (SELECT max(change_seq) FROM favorites) AS favorites,
           (SELECT max(change_seq) FROM notifications) AS notifications,
           (SELECT max(change_seq) FROM messages) AS messages`;
  if (!row) return [];
  const horizon = Number(row.horizon);
  return REPLICATED_TABLES.filter((t) => row[t] !== null && Number(row[t]) >= horizon);
}
