// Messages on a donation request (issue 48): the SQL of /donation-requests/{id}/messages and /messages/{id}.
import { CONVERSATION_OPEN_DAYS, type Message, type MessageSide } from '@foodbridge/shared/schemas/message';
import type { Sql, TxSql } from './connection.ts';
import { compact, isoRequired } from './map.ts';
import type { PageQuery } from './pages.ts';

/** A request as a conversation: its two sides, and what says when it closes. */
export interface ConversationRow {
  request_id: string;
  donation_id: string;
  donation_title: string;
  restaurant_id: string;
  restaurant_name: string;
  charity_id: string;
  charity_name: string;
  /** When the pickup was confirmed, the donation's best before, and whether it was taken off. */
  pickup_date: Date | null;
  best_before: Date | null;
  donation_deleted: boolean;
  donation_updated_at: Date;
}

/** The conversation of a live request (a request cancelled or removed has none). */
export async function findConversation(sql: Sql | TxSql, requestId: string): Promise<ConversationRow | undefined> {
  const [row] = await sql<ConversationRow[]>`
    SELECT r.id AS request_id, r.donation_id, d.title AS donation_title, d.restaurant_id, d.restaurant_name,
           r.charity_id, r.charity_name, d.pickup_date, d.best_before, d.deleted AS donation_deleted,
           d.updated_at AS donation_updated_at
    FROM donation_requests r JOIN donations d ON d.id = r.donation_id
    WHERE r.id = ${requestId} AND NOT r.deleted`;
  return row;
}

/**
 * When a conversation stops taking messages: CONVERSATION_OPEN_DAYS after the pickup, or after the donation's end (its
 * best before, or its removal); undefined while neither has come.
 */
export function conversationClosesAt(c: Pick<ConversationRow, 'pickup_date' | 'best_before' | 'donation_deleted' | 'donation_updated_at'>): Date | undefined {
  const end = c.pickup_date ?? (c.donation_deleted ? c.donation_updated_at : c.best_before);
  return end ? new Date(end.getTime() + CONVERSATION_OPEN_DAYS * 86_400_000) : undefined;
}

export interface MessageRow {
  id: string;
  request_id: string;
  donation_id: string;
  author_id: string;
  author_name: string;
  author_side: MessageSide;
  body: string;
  image: string | null;
  created_at: Date;
  removed_at: Date | null;
  removed_by: string | null;
  deleted: boolean;
}

export function toMessage(r: MessageRow, viewerId: string): Message {
  return compact({
    _id: r.id,
    requestId: r.request_id,
    donationId: r.donation_id,
    authorName: r.author_name,
    authorSide: r.author_side,
    body: r.body,
    image: r.image,
    createdAt: isoRequired(r.created_at),
    mine: r.author_id === viewerId,
  }) as Message;
}

/** A conversation's messages still shown, oldest first, one page (`limit + 1` rows: the extra one says more follow). */
export async function listMessages(sql: Sql, requestId: string, page: PageQuery): Promise<MessageRow[]> {
  const after = page.after
    ? sql`(m.created_at, m.id) > (SELECT created_at, id FROM messages WHERE id = ${page.after} AND request_id = ${requestId})`
    : sql`true`;
  return sql<MessageRow[]>`
    SELECT m.* FROM messages m
    WHERE m.request_id = ${requestId} AND NOT m.deleted AND ${after}
    ORDER BY m.created_at, m.id
    LIMIT ${page.limit + 1}`;
}

export async function insertMessage(
  tx: TxSql,
  m: { requestId: string; donationId: string; author: { id: string; name: string }; side: MessageSide; body: string; image?: string | undefined },
): Promise<MessageRow> {
  const [row] = await tx<MessageRow[]>`
    INSERT INTO messages (request_id, donation_id, author_id, author_name, author_side, body, image)
    VALUES (${m.requestId}, ${m.donationId}, ${m.author.id}, ${m.author.name}, ${m.side}, ${m.body}, ${m.image ?? null})
    RETURNING *`;
  return row!;
}

export async function findMessage(sql: Sql | TxSql, id: string): Promise<MessageRow | undefined> {
  const [row] = await sql<MessageRow[]>`SELECT * FROM messages WHERE id = ${id} AND NOT deleted`;
  return row;
}

/** Takes a message's words away (it leaves every device at their next sync); the history keeps who did it. */
export async function removeMessage(tx: TxSql, id: string, by: string): Promise<boolean> {
  const rows = await tx`
    UPDATE messages SET deleted = true, body = '-', image = NULL, removed_at = now(), removed_by = ${by}
    WHERE id = ${id} AND NOT deleted RETURNING id`;
  return rows.length > 0;
}

/** The caller's state of a conversation: messages of the other sides since they last read it, and the mute. */
export async function conversationState(sql: Sql | TxSql, userId: string, requestId: string, side: MessageSide): Promise<{ unreadMessages: number; muted: boolean }> {
  const [row] = await sql<{ unread: number; muted: boolean | null }[]>`
    SELECT (SELECT count(*)::int FROM messages m
            WHERE m.request_id = ${requestId} AND NOT m.deleted AND m.author_side <> ${side}
              AND m.created_at > COALESCE(c.read_at, '-infinity')) AS unread,
           c.muted
    FROM (SELECT 1) one LEFT JOIN conversation_reads c ON c.user_id = ${userId} AND c.request_id = ${requestId}`;
  return { unreadMessages: row?.unread ?? 0, muted: row?.muted ?? false };
}

/**
 * Marks the conversation read up to now for the caller (on every device: the state is the server's). The messages
 * it made read are touched, so that the caller's devices pull them again with `unread` false (the other readers pull
 * them unchanged: a few documents, not a table of read marks replicated beside them).
 */
export async function markConversationRead(sql: Sql | TxSql, userId: string, requestId: string, side: MessageSide): Promise<void> {
  await sql`
    WITH before AS (
      SELECT COALESCE((SELECT read_at FROM conversation_reads WHERE user_id = ${userId} AND request_id = ${requestId}), '-infinity') AS read_at
    ), mark AS (
      INSERT INTO conversation_reads (user_id, request_id, read_at) VALUES (${userId}, ${requestId}, now())
      ON CONFLICT (user_id, request_id) DO UPDATE SET read_at = now()
    )
    UPDATE messages m SET updated_at = now()
    FROM before
    WHERE m.request_id = ${requestId} AND NOT m.deleted AND m.author_side <> ${side} AND m.created_at > before.read_at`;
}

export async function setConversationMuted(sql: Sql | TxSql, userId: string, requestId: string, muted: boolean): Promise<void> {
  await sql`
    INSERT INTO conversation_reads (user_id, request_id, muted) VALUES (${userId}, ${requestId}, ${muted})
    ON CONFLICT (user_id, request_id) DO UPDATE SET muted = ${muted}`;
}

/** The members of an organisation to tell of a new message: not the author, not those who muted the conversation. */
export async function messageReaders(tx: TxSql, organisationId: string, requestId: string, authorId: string): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    SELECT u.id FROM users u
    WHERE u.organisation_id = ${organisationId} AND NOT u.deleted AND u.id <> ${authorId}
      AND NOT EXISTS (SELECT 1 FROM conversation_reads c WHERE c.user_id = u.id AND c.request_id = ${requestId} AND c.muted)
    ORDER BY u.id`;
  return rows.map((r) => r.id);
}

/** The caller's unread messages per request of a list (`GET /donation-requests`), in one statement. */
export async function unreadByRequest(sql: Sql, userId: string, side: MessageSide, requestIds: readonly string[]): Promise<Map<string, number>> {
  if (!requestIds.length) return new Map();
  const rows = await sql<{ request_id: string; unread: number }[]>`
    SELECT m.request_id, count(*)::int AS unread FROM messages m
    LEFT JOIN conversation_reads c ON c.user_id = ${userId} AND c.request_id = m.request_id
    WHERE m.request_id IN ${sql(requestIds as string[])} AND NOT m.deleted AND m.author_side <> ${side}
      AND m.created_at > COALESCE(c.read_at, '-infinity')
    GROUP BY m.request_id`;
  return new Map(rows.map((r) => [r.request_id, r.unread]));
}
