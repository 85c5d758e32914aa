import { donationLink, notificationText, type NotificationFacts, type NotificationKind, type NotificationText, type Notification } from '@foodbridge/shared';
import { i18nFor } from '../i18n.ts';
import { charitiesToTellOfVerifiedDonation } from './charity-preferences.ts';
import type { Sql, TxSql } from './connection.ts';
import type { NewHistoryEntry } from './history.ts';
import { isoRequired } from './map.ts';
import type { PageQuery } from './pages.ts';
import type { Positioned, StreamPosition } from './sync.ts';

export interface NotificationRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  read: boolean;
  created_at: Date;
  updated_at: Date;
  deleted: boolean;
}

export function toNotification(row: NotificationRow): Notification {
  return { _id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, read: row.read, createdAt: isoRequired(row.created_at) };
}

export interface NewNotification extends NotificationText {
  userId: string;
}

/** Who is told what, before it is put in the reader's words (renderNotifications). */
export interface Told {
  userId: string;
  kind: NotificationKind;
  facts: NotificationFacts;
}

/**
 * Puts each notification in its reader's language (users.locale; English when none was chosen), as it is stored: the
 * list, the device's copy and the push all show those words. A later change of language leaves older ones as written.
 */
export async function renderNotifications(tx: Sql | TxSql, told: Told[]): Promise<NewNotification[]> {
  if (told.length === 0) return [];
  const ids = [...new Set(told.map((n) => n.userId))];
  const rows = await tx<{ id: string; locale: string | null }[]>`SELECT id, locale FROM users WHERE id IN ${tx(ids)}`;
  const locales = new Map(rows.map((r) => [r.id, r.locale]));
  return told.map((n) => ({ ...notificationText(i18nFor(locales.get(n.userId)), n.kind, n.facts), userId: n.userId }));
}

/** Inserts notifications in the caller's transaction: they commit exactly when the change that caused them does. */
export async function insertNotifications(tx: Sql | TxSql, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map((n) => ({ user_id: n.userId, kind: n.kind, title: n.title, body: n.body, link: n.link }));
  await tx`INSERT INTO notifications ${tx(rows)}`;
}

interface DonationFactsRow {
  id: string;
  title: string;
  restaurant_id: string;
  restaurant_name: string;
  charity_id: string | null;
  charity_name: string | null;
  food_type: string;
  latitude: number | null;
  longitude: number | null;
}

async function donationFacts(tx: TxSql, id: string): Promise<DonationFactsRow | undefined> {
  const [row] = await tx<DonationFactsRow[]>`
    SELECT id, title, restaurant_id, restaurant_name, charity_id, charity_name, food_type, latitude, longitude
    FROM donations WHERE id = ${id}`;
  return row;
}

async function requestParties(tx: TxSql, id: string): Promise<{ charity_id: string; charity_name: string } | undefined> {
  const [row] = await tx<{ charity_id: string; charity_name: string }[]>`SELECT charity_id, charity_name FROM donation_requests WHERE id = ${id}`;
  return row;
}

async function adminIds(tx: TxSql): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`SELECT id FROM users WHERE role = 'admin' AND NOT deleted`;
  return rows.map((r) => r.id);
}

/** The charity whose accepted request an admin just deleted (the donation itself no longer names it). */
async function releasedCharity(tx: TxSql, donationId: string): Promise<{ charity_id: string; charity_name: string } | undefined> {
  const [row] = await tx<{ charity_id: string; charity_name: string }[]>`
    SELECT charity_id, charity_name FROM donation_requests
    WHERE donation_id = ${donationId} AND status = 'Accepted' AND deleted
    ORDER BY updated_at DESC LIMIT 1`;
  return row;
}

const DONATION_STATES_GIVEN = ['Accepted', 'Assigned'];

/**
 * Who is told of a recorded change, and what (issue 11's table). Derived from the history entry because every change
 * of state already writes one in its own transaction: one place decides, and no change can forget to tell.
 */
/** What the entries of one change read, read once: an accept's declined requests all name the same donation. */
interface Reads {
  donation(id: string): Promise<DonationFactsRow | undefined>;
  admins(): Promise<string[]>;
  /** Everyone who acts for the restaurant or charity of this id (ADR 018): told what it is told. */
  members(organisationId: string | null | undefined): Promise<string[]>;
}

function readsOnce(tx: TxSql): Reads {
  const donations = new Map<string, Promise<DonationFactsRow | undefined>>();
  const members = new Map<string, Promise<string[]>>();
  let admins: Promise<string[]> | undefined;
  return {
    donation(id) {
      let row = donations.get(id);
      if (!row) donations.set(id, (row = donationFacts(tx, id)));
      return row;
    },
    admins: () => (admins ??= adminIds(tx)),
    members(organisationId) {
      if (!organisationId) return Promise.resolve([]);
      let ids = members.get(organisationId);
      if (!ids) members.set(organisationId, (ids = memberIds(tx, organisationId)));
      return ids;
    },
  };
}

async function memberIds(tx: TxSql, organisationId: string): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`SELECT id FROM users WHERE organisation_id = ${organisationId} AND NOT deleted ORDER BY id`;
  return rows.map((r) => r.id);
}

/** The kinds nobody is told of: they read nothing (see notificationsOf). */
// An undone pickup is the charity's own correction within minutes; the restaurant's lists show it Accepted again.
// A pickup's photos are read with the pickup (the restaurant is told of the pickup itself), not announced one by one.
const UNTOLD: ReadonlySet<NewHistoryEntry['kind']> = new Set([
  'request.deleted',
  'request.reopened',
  'user.deleted',
  'pickup.report-corrected',
  'pickup.undone',
  'pickup.not-collected',
  'pickup.photo-added',
  'message.removed',
]);

async function notificationsOf(tx: TxSql, e: NewHistoryEntry, reads: Reads): Promise<Told[]> {
  const out: Told[] = [];
  const tell = (userIds: (string | null | undefined)[], kind: NotificationKind, facts: NotificationFacts) => {
    // Nobody is told of what they did themselves.
    for (const userId of new Set(userIds)) if (userId && userId !== e.actor.id) out.push({ userId, kind, facts });
  };
  if (UNTOLD.has(e.kind)) return out;
  const donation = e.donationId ? await reads.donation(e.donationId) : undefined;
  const facts: NotificationFacts = donation ? { donationId: donation.id, donationTitle: donation.title, restaurantName: donation.restaurant_name } : {};
  const detail = e.detail ?? {};
  switch (e.kind) {
    case 'donation.created':
      tell(await reads.admins(), 'donation.awaiting-verification', facts);
      break;
    case 'donation.edited':
      // An edit that sends a verified donation back for checking is a new wait for the admins.
      if (e.toState === 'Pending' && e.fromState !== 'Pending') tell(await reads.admins(), 'donation.awaiting-verification', facts);
      // A given pickup's quantity (a regular donation's date, issue 47): its charity plans its trip by it.
      if (typeof detail.charityId === 'string' && DONATION_STATES_GIVEN.includes(e.fromState ?? '') && typeof detail.quantity === 'number') {
        tell(await reads.members(detail.charityId), 'pickup.quantity-changed', { ...facts, quantity: `${detail.quantity} ${String(detail.unit ?? '')}`.trim() });
      }
      break;
    case 'donation.verified':
      tell(await reads.members(donation?.restaurant_id), 'donation.verified', facts);
      // Re-verified after an edit: the charities were told the first time.
      if (donation && !detail.reverifyReason) tell((await charitiesToTellOfVerifiedDonation(tx, donation)).map((c) => c.id), 'donation.nearby', facts);
      break;
    case 'donation.rejected':
      tell(await reads.members(donation?.restaurant_id), 'donation.rejected', facts);
      break;
    case 'donation.deleted':
      // Today an accepted donation cannot be deleted (canDeleteDonation); should that change, its charity is told.
      if (donation && DONATION_STATES_GIVEN.includes(e.fromState ?? '')) tell(await reads.members(donation.charity_id), 'donation.deleted', facts);
      break;
    case 'donation.released': {
      const released =
        typeof detail.charityId === 'string' ? { charity_id: detail.charityId } : e.donationId ? await releasedCharity(tx, e.donationId) : undefined;
      tell(await reads.members(released?.charity_id), 'donation.released', facts);
      break;
    }
    case 'request.made':
    case 'request.cancelled': {
      const request = e.requestId ? await requestParties(tx, e.requestId) : undefined;
      tell(await reads.members(donation?.restaurant_id), e.kind, { ...facts, charityName: request?.charity_name });
      break;
    }
    case 'request.accepted':
    case 'request.declined':
    case 'request.rejected': {
      // Turned down because nobody collected it: the charity is told of the release (donation.released) once.
      if (detail.notCollected) break;
      const request = e.requestId ? await requestParties(tx, e.requestId) : undefined;
      tell(await reads.members(request?.charity_id), e.kind === 'request.accepted' ? 'request.accepted' : 'request.rejected', facts);
      break;
    }
    case 'pickup.confirmed':
      // The charity's name, whichever of its members (a driver) confirmed it.
      tell(await reads.members(donation?.restaurant_id), 'pickup.confirmed', { ...facts, charityName: donation?.charity_name ?? e.actor.name });
      break;
    case 'pickup.assigned':
      if (typeof detail.userId === 'string') tell([detail.userId], 'pickup.assigned', { ...facts, byName: e.actor.name });
      break;
    case 'charity-role.requested':
      tell(await reads.admins(), 'charity-role.awaiting-decision', {
        charityName: e.actor.name,
        organization: typeof detail.organization === 'string' ? detail.organization : undefined,
      });
      break;
    case 'charity-role.approved':
    case 'charity-role.rejected':
      tell([typeof detail.userId === 'string' ? detail.userId : undefined], e.kind, {});
      break;
    case 'user.role-changed':
      tell([typeof detail.userId === 'string' ? detail.userId : undefined], 'user.role-changed', { role: e.toState ?? undefined });
      break;
    default:
      if (e.kind.startsWith('series')) await seriesNotifications(e, reads, tell);
      break;
  }
  return out;
}

/** A string of a history entry's detail, if it is one. */
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Regular donations and standing pickups (issue 47): their entries carry the series, restaurant and charity. */
async function seriesNotifications(
  e: NewHistoryEntry,
  reads: Reads,
  tell: (userIds: (string | null | undefined)[], kind: NotificationKind, facts: NotificationFacts) => void,
): Promise<void> {
  const d = e.detail ?? {};
  const facts: NotificationFacts = { donationTitle: text(d.seriesTitle), restaurantName: text(d.restaurantName) };
  const restaurant = () => reads.members(text(d.restaurantId));
  const charity = () => reads.members(text(d.charityId));
  switch (e.kind) {
    case 'series.created':
      tell(await reads.admins(), 'series.awaiting-verification', facts);
      break;
    case 'series.edited':
      if (e.toState === 'Pending' && e.fromState !== 'Pending') tell(await reads.admins(), 'series.awaiting-verification', facts);
      break;
    case 'series.verified':
    case 'series.rejected':
      tell(await restaurant(), e.kind, facts);
      break;
    case 'series.skipped':
      tell(await charity(), 'series.skipped', { ...facts, date: text(d.date) });
      break;
    case 'series-request.made':
      tell(await restaurant(), 'series.requested', { ...facts, charityName: text(d.charityName) ?? e.actor.name });
      break;
    case 'series-request.accepted':
      tell(await charity(), 'series.accepted', facts);
      break;
    case 'series-request.declined':
      tell(await charity(), 'series.declined', facts);
      break;
    case 'series-request.ended':
      if (d.by === 'charity') tell(await restaurant(), 'series.ended', { ...facts, charityName: text(d.charityName) ?? e.actor.name });
      else tell(await charity(), 'series.ended', facts);
      break;
    default:
      break;
  }
}

/** Writes the notifications of recorded changes, in their transaction (called by recordHistory). */
export async function notifyOfChanges(tx: TxSql, entries: NewHistoryEntry[]): Promise<void> {
  const all: Told[] = [];
  const reads = readsOnce(tx);
  for (const e of entries) all.push(...(await notificationsOf(tx, e, reads)));
  await insertNotifications(tx, await renderNotifications(tx, all));
}

/** The caller's notifications, newest first, one page (`limit + 1` rows: the extra one says another page follows). */
export async function listNotifications(sql: Sql, userId: string, page: PageQuery): Promise<NotificationRow[]> {
  const after = page.after
    ? sql`(n.created_at, n.id) < (SELECT created_at, id FROM notifications WHERE id = ${page.after} AND user_id = ${userId})`
    : sql`true`;
  return sql<NotificationRow[]>`
    SELECT n.* FROM notifications n
    WHERE n.user_id = ${userId} AND NOT n.deleted AND ${after}
    ORDER BY n.created_at DESC, n.id DESC
    LIMIT ${page.limit + 1}`;
}

/** Marks one of the caller's notifications read; undefined when the caller has none with that id. */
export async function markNotificationRead(sql: Sql, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await sql<NotificationRow[]>`
    WITH target AS (SELECT id, read FROM notifications WHERE id = ${id} AND user_id = ${userId} AND NOT deleted),
    changed AS (UPDATE notifications n SET read = true FROM target t WHERE n.id = t.id AND NOT t.read RETURNING n.*)
    SELECT * FROM changed
    UNION ALL
    SELECT n.* FROM notifications n JOIN target t ON t.id = n.id WHERE t.read`;
  return row;
}

/** Marks every unread notification of the caller read; the number changed. */
export async function markAllNotificationsRead(sql: Sql, userId: string): Promise<number> {
  const rows = await sql`UPDATE notifications SET read = true WHERE user_id = ${userId} AND NOT read AND NOT deleted RETURNING id`;
  return rows.length;
}

export async function unreadNotificationCount(sql: Sql, userId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND NOT read AND NOT deleted`;
  return row?.n ?? 0;
}

/** The caller's notifications after a replication position (one owner's rows: their own index). */
export async function notificationChanges(
  sql: Sql,
  o: { after: StreamPosition | null; limit: number; userId: string },
): Promise<(NotificationRow & Positioned)[]> {
  const seq = o.after?.seq ?? 0;
  const id = o.after?.id ?? '00000000-0000-0000-0000-000000000000';
  return sql<(NotificationRow & Positioned)[]>`
    SELECT n.*, n.change_seq AS seq FROM notifications n
    WHERE n.user_id = ${o.userId} AND (n.change_seq, n.id) > (${seq}::bigint, ${id}::uuid) AND n.change_seq < (SELECT change_seq_horizon())
    ORDER BY n.change_seq, n.id
    LIMIT ${o.limit}`;
}

/** Notifications older than this are not pushed any more: a phone told a day late is told nothing useful. */
const PUSH_WINDOW = '1 day';

/**
 * Takes up to `limit` notifications not yet pushed, marking them taken in the same statement. SKIP LOCKED lets several
 * instances take different rows at once; each row is taken once.
 */
export async function claimUnpushed(sql: Sql, limit: number): Promise<NotificationRow[]> {
  // RETURNING keeps no order: the rows are sorted again, so that a phone hears of changes in the order they happened.
  return sql<NotificationRow[]>`
    WITH claimed AS (
      UPDATE notifications n SET pushed_at = now()
      WHERE n.id IN (
        SELECT id FROM notifications
        WHERE pushed_at IS NULL AND created_at > now() - ${PUSH_WINDOW}::interval
        ORDER BY created_at LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING n.*)
    SELECT * FROM claimed ORDER BY created_at, id`;
}

type SqlFragment = ReturnType<TxSql>;

/** The (donation, person) pairs of `due` not yet reminded of `kind`: recorded as reminded, and returned. */
async function remindOnce<T extends object>(tx: TxSql, kind: NotificationKind, due: SqlFragment): Promise<T[]> {
  return await tx<T[]>`
    WITH due AS (${due}), sent AS (
      INSERT INTO reminders_sent (donation_id, kind, user_id)
      SELECT donation_id, ${kind}::text, user_id FROM due
      ON CONFLICT DO NOTHING RETURNING donation_id, user_id
    )
    SELECT due.* FROM due JOIN sent USING (donation_id, user_id)`;
}

export interface DueReminder {
  donation_id: string;
  user_id: string;
  title: string;
  best_before: Date;
}

/** A reminder of an agreed pickup's window. */
export interface WindowReminder {
  donation_id: string;
  user_id: string;
  title: string;
  pickup_start: Date;
  restaurant_name: string;
  charity_name: string | null;
}

/** A lock id for the reminder scheduler (the migrations take 7413). */
export const REMINDER_LOCK = 7415;

/**
 * Records and returns the reminders due now, each once: accepted pickups within `pickupSoonMs` of their best-before
 * (to the charity), verified donations nobody requested within `unrequestedMs` (to the restaurant), agreed windows
 * opening within `windowOpensMs` (to the charity) and closed without a pickup (to the restaurant). Runs in the
 * caller's transaction, which inserts their notifications too.
 */
export async function takeDueReminders(
  tx: TxSql,
  o: { pickupSoonMs: number; unrequestedMs: number; windowOpensMs: number },
): Promise<{ pickupSoon: DueReminder[]; unrequested: DueReminder[]; windowOpens: WindowReminder[]; windowClosed: WindowReminder[] }> {
  // The charity's members (ADR 018): a pickup a driver has reminds that driver and the coordinators.
  const charityMembers = tx`JOIN users m ON m.organisation_id = d.charity_id AND NOT m.deleted
    AND (d.assignee_id IS NULL OR m.id = d.assignee_id OR m.member_role = 'coordinator')`;
  const restaurantMembers = tx`JOIN users m ON m.organisation_id = d.restaurant_id AND NOT m.deleted`;
  const given = tx`NOT d.deleted AND d.status IN ('Accepted', 'Assigned') AND d.charity_id IS NOT NULL`;
  const pickupSoon = await remindOnce<DueReminder>(tx, 'reminder.pickup-soon', tx`
    SELECT d.id AS donation_id, m.id AS user_id, d.title, d.best_before FROM donations d ${charityMembers}
    WHERE ${given} AND d.best_before > now() AND d.best_before <= now() + ${o.pickupSoonMs} * interval '1 millisecond'`);
  const unrequested = await remindOnce<DueReminder>(tx, 'reminder.unrequested', tx`
    SELECT d.id AS donation_id, m.id AS user_id, d.title, d.best_before FROM donations d ${restaurantMembers}
    WHERE NOT d.deleted AND d.status = 'Verified'
      AND d.best_before > now() AND d.best_before <= now() + ${o.unrequestedMs} * interval '1 millisecond'
      AND NOT EXISTS (SELECT 1 FROM donation_requests r WHERE r.donation_id = d.id AND NOT r.deleted)`);
  // Issue 47: an hour before an agreed window opens, the charity; once it has closed with nothing confirmed, the
  // restaurant, asked whether it was collected (for a day: later it is news).
  const windowColumns = tx`d.id AS donation_id, m.id AS user_id, d.title, d.pickup_start, d.restaurant_name, d.charity_name`;
  const windowOpens = await remindOnce<WindowReminder>(tx, 'reminder.window-opens', tx`
    SELECT ${windowColumns} FROM donations d ${charityMembers}
    WHERE ${given} AND d.pickup_start > now() AND d.pickup_start <= now() + ${o.windowOpensMs} * interval '1 millisecond'`);
  const windowClosed = await remindOnce<WindowReminder>(tx, 'reminder.window-closed', tx`
    SELECT ${windowColumns} FROM donations d ${restaurantMembers}
    WHERE ${given} AND d.pickup_end <= now() AND d.pickup_end > now() - interval '1 day'`);
  return { pickupSoon, unrequested, windowOpens, windowClosed };
}

/**
 * A conversation read is its notifications read (issue 48): the caller's notifications of new messages on the
 * donation (they link to its page) stop counting as unread, on every device.
 */
export async function markMessageNotificationsRead(sql: Sql | TxSql, userId: string, donationId: string): Promise<void> {
  await sql`
    UPDATE notifications SET read = true, updated_at = now()
    WHERE user_id = ${userId} AND kind = 'message.received' AND link = ${donationLink(donationId)} AND NOT read AND NOT deleted`;
}
