import { DELETED_ACCOUNT_NAME, type HistoryEntry, type HistoryKind } from '@foodbridge/shared';
import type { Sql, TxSql } from './connection.ts';
import { compact, isoRequired } from './map.ts';
import { notifyOfChanges } from './notifications.ts';
import { afterCursor, type PageQuery } from './pages.ts';

/** Who made a change, as they were at the time. */
export interface HistoryActor {
  id: string;
  email: string;
  name: string;
  /** The restaurant or charity they acted for, if any (ADR 018): a member's doings are their organisation's. */
  organisationId?: string | undefined;
}

/**
 * FoodBridge itself as the author of a change no person made through the app: a grant by the server's settings
 * (ADMIN_EMAILS) or by an operator's command (`npm run admin`); `detail.via` says which.
 */
export const SYSTEM_ACTOR: HistoryActor = { id: '00000000-0000-0000-0000-000000000000', email: '', name: 'FoodBridge' };

export interface NewHistoryEntry {
  actor: HistoryActor;
  kind: HistoryKind;
  donationId?: string | undefined;
  requestId?: string | undefined;
  fromState?: string | null | undefined;
  toState?: string | null | undefined;
  detail?: Record<string, unknown> | undefined;
  /** The outbox's Idempotency-Key, when the change came through one. */
  idempotencyKey?: string | undefined;
}

export interface HistoryRow {
  id: string;
  at: Date;
  actor_id: string;
  actor_email: string;
  actor_name: string;
  actor_organisation_id: string | null;
  kind: HistoryKind;
  donation_id: string | null;
  request_id: string | null;
  from_state: string | null;
  to_state: string | null;
  detail: Record<string, unknown>;
  idempotency_key: string | null;
  /** The charity whose donation request the row is about, if it is about one. */
  request_charity_id: string | null;
  /** Whether the owner deleted the account of the actor, of the account `detail.userId` names, of the request's charity. */
  actor_erased?: boolean;
  subject_erased?: boolean;
  request_charity_erased?: boolean;
}

/** An entry as the history table's row. */
function historyRowOf(tx: TxSql, e: NewHistoryEntry) {
  return {
    actor_id: e.actor.id,
    actor_email: e.actor.email,
    actor_name: e.actor.name,
    actor_organisation_id: e.actor.organisationId ?? null,
    kind: e.kind,
    donation_id: e.donationId ?? null,
    request_id: e.requestId ?? null,
    from_state: e.fromState ?? null,
    to_state: e.toState ?? null,
    detail: tx.json((e.detail ?? {}) as never),
    idempotency_key: e.idempotencyKey ?? null,
  };
}

/**
 * Records changes of state. Takes the transaction of the change itself, never a pool handle: the row must commit
 * exactly when the change does.
 */
export async function recordHistory(tx: TxSql, ...entries: NewHistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e) => historyRowOf(tx, e));
  // One at a time, so that `seq` follows the order given.
  for (const row of rows) await tx`INSERT INTO history ${tx(row)}`;
  // Every change of state is recorded here, in its own transaction: the people it concerns are told from the same
  // entries, so a notification commits exactly when its change does.
  await notifyOfChanges(tx, entries);
}

/**
 * Records many changes nobody is told of (the occurrences a series' schedule writes) a few thousand rows a statement:
 * a city's coming week must not cost a statement per row. Their order among themselves is of no meaning.
 */
export async function recordUntoldHistory(tx: TxSql, entries: readonly NewHistoryEntry[]): Promise<void> {
  const rows = entries.map((e) => historyRowOf(tx, e));
  // 11 parameters a row; Postgres takes at most 65,535 a statement.
  for (let i = 0; i < rows.length; i += 5000) await tx`INSERT INTO history ${tx(rows.slice(i, i + 5000))}`;
}

export interface HistoryFilters {
  donationId?: string | undefined;
  /** The person who made the change, by account id or by the e-mail they had then. */
  actorId?: string | undefined;
  actorEmail?: string | undefined;
  kind?: HistoryKind | undefined;
}

/**
 * Newest first, one page (`limit + 1` rows: the extra one only says that another page follows). Rows name people as
 * they were and are never changed; whether one of them has since deleted their account is read beside each row, so
 * that `toHistoryEntry` shows DELETED_ACCOUNT_NAME instead (docs/decisions/001-server-conventions.md). A search by an
 * e-mail finds nothing of a deleted account's.
 */
export async function listHistory(sql: Sql, filters: HistoryFilters, page: PageQuery): Promise<HistoryRow[]> {
  const byDonation = filters.donationId ? sql`h.donation_id = ${filters.donationId}` : sql`true`;
  const byActorId = filters.actorId ? sql`h.actor_id = ${filters.actorId}` : sql`true`;
  const byActorEmail = filters.actorEmail ? sql`h.actor_email = ${filters.actorEmail.trim().toLowerCase()} AND a.id IS NULL` : sql`true`;
  const byKind = filters.kind ? sql`h.kind = ${filters.kind}` : sql`true`;
  return sql<HistoryRow[]>`
    SELECT h.*, r.charity_id AS request_charity_id,
           a.id IS NOT NULL AS actor_erased, s.id IS NOT NULL AS subject_erased, rc.id IS NOT NULL AS request_charity_erased
    FROM history h
    LEFT JOIN donation_requests r ON r.id = h.request_id AND h.kind LIKE 'request.%'
    LEFT JOIN users a ON a.id = h.actor_id AND a.erased_at IS NOT NULL
    LEFT JOIN users s ON s.id = (CASE WHEN h.detail->>'userId' ~ ${UUID_TEXT} THEN (h.detail->>'userId')::uuid END)
      AND s.erased_at IS NOT NULL
    LEFT JOIN users rc ON rc.id = r.charity_id AND rc.erased_at IS NOT NULL
    WHERE ${byDonation} AND ${byActorId} AND ${byActorEmail} AND ${byKind}
      AND ${afterCursor(sql, 'history', 'h', page.after)}
    ORDER BY h.seq DESC, h.id DESC
    LIMIT ${page.limit + 1}`;
}

const UUID_TEXT = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** A row's detail with the names of deleted accounts replaced: the account it is about, the request's charity. */
function detailShown(r: HistoryRow): Record<string, unknown> {
  if (!r.subject_erased && !r.request_charity_erased) return r.detail;
  const detail = { ...r.detail };
  if (r.subject_erased) {
    delete detail.email;
    if ('name' in detail) detail.name = DELETED_ACCOUNT_NAME;
  }
  if (r.request_charity_erased && 'charityName' in detail) detail.charityName = DELETED_ACCOUNT_NAME;
  return detail;
}

/** `shown`: what of the row this reader may see (see `historyEntryView` in auth/permissions.ts). */
export function toHistoryEntry(r: HistoryRow, shown: { actorEmail: boolean; actorName: boolean; idempotencyKey: boolean }): HistoryEntry {
  return compact({
    _id: r.id,
    at: isoRequired(r.at),
    actor: r.actor_erased
      ? { name: shown.actorName ? DELETED_ACCOUNT_NAME : SYSTEM_ACTOR.name }
      : compact({ email: shown.actorEmail ? r.actor_email : null, name: shown.actorName ? r.actor_name : SYSTEM_ACTOR.name }),
    kind: r.kind,
    donationId: r.donation_id,
    requestId: r.request_id,
    fromState: r.from_state,
    toState: r.to_state,
    detail: detailShown(r),
    idempotencyKey: shown.idempotencyKey ? r.idempotency_key : null,
  }) as HistoryEntry;
}
