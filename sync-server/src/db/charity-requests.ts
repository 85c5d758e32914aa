import { CHARITY_REQUEST_OPEN, NEW_CHARITY_ALERT_RADIUS_KM, type CharityRequest, type CharityRequestPublic, type CharityRequestStatus, type Transaction } from '@foodbridge/shared';
import type { Sql, TxSql } from './connection.ts';
import { afterCursor, type PageQuery } from './pages.ts';
import { isoRequired } from './map.ts';

export interface CharityRequestRow {
  id: string;
  user_id: string;
  name: string;
  email: string;
  organization: string;
  mission: string;
  payment_amount: number;
  payment_id: string;
  status: CharityRequestStatus;
  requested_at: Date;
  updated_at: Date;
}

const dollars = (cents: number) => cents / 100;

export function toCharityRequest(r: CharityRequestRow): CharityRequest {
  const requestedAt = isoRequired(r.requested_at);
  return {
    _id: r.id,
    name: r.name,
    email: r.email,
    organization: r.organization,
    mission: r.mission,
    paymentAmount: dollars(r.payment_amount),
    paymentId: r.payment_id,
    status: r.status,
    requestedAt,
    transaction: { paymentId: r.payment_id, amount: dollars(r.payment_amount), timestamp: requestedAt },
  };
}

/** What anyone may see: built field by field, so a new column can never leak into the public view. */
export function toCharityRequestPublic(r: CharityRequestRow): CharityRequestPublic {
  return {
    _id: r.id,
    name: r.name,
    organization: r.organization,
    mission: r.mission,
    status: r.status,
    requestedAt: isoRequired(r.requested_at),
  };
}

export function toCharityTransaction(r: CharityRequestRow): Transaction {
  return {
    transactionId: r.payment_id,
    amount: dollars(r.payment_amount),
    organization: r.organization,
    requestDate: isoRequired(r.requested_at),
    status: r.status,
  };
}

/**
 * Newest first, one page (and one row more, telling whether another follows); `email` narrows to one account's
 * requests, `status` to one status. `liveAccounts` leaves out the requests of removed accounts (the public list must
 * not keep showing someone an admin deleted).
 */
export async function listCharityRequests(
  sql: Sql,
  page: PageQuery,
  opts: {
    email?: string | undefined;
    status?: CharityRequestStatus | undefined;
    liveAccounts?: boolean | undefined;
  } = {},
): Promise<CharityRequestRow[]> {
  return sql<CharityRequestRow[]>`
    SELECT * FROM charity_requests cr
    WHERE NOT deleted ${opts.email ? sql`AND email = ${opts.email.trim().toLowerCase()}` : sql``}
      ${opts.status ? sql`AND status = ${opts.status}` : sql``}
      ${opts.liveAccounts ? sql`AND EXISTS (SELECT 1 FROM users u WHERE u.id = cr.user_id AND NOT u.deleted)` : sql``}
      AND ${afterCursor(sql, 'charity_requests', 'cr', page.after)}
    ORDER BY requested_at DESC, id DESC
    LIMIT ${page.limit + 1}`;
}

/** One account's requests (Transaction History), newest first, one page. */
export async function listCharityRequestsOfUser(sql: Sql, userId: string, page: PageQuery): Promise<CharityRequestRow[]> {
  return sql<CharityRequestRow[]>`
    SELECT * FROM charity_requests cr
    WHERE user_id = ${userId} AND NOT deleted AND ${afterCursor(sql, 'charity_requests', 'cr', page.after)}
    ORDER BY requested_at DESC, id DESC
    LIMIT ${page.limit + 1}`;
}

/** The caller's pending or approved request, which blocks a new one. */
export async function findOpenCharityRequest(sql: Sql | TxSql, userId: string): Promise<CharityRequestRow | undefined> {
  const [row] = await sql<CharityRequestRow[]>`
    SELECT * FROM charity_requests
    WHERE user_id = ${userId} AND status IN ${sql(CHARITY_REQUEST_OPEN)} AND NOT deleted
    LIMIT 1`;
  return row;
}

/** A new request waits for an admin; the demo seed also writes decided ones, with their dates. */
export async function insertCharityRequest(
  tx: TxSql,
  r: {
    userId: string;
    name: string;
    email: string;
    organization: string;
    mission: string;
    paymentAmount: number;
    paymentId: string;
    status?: CharityRequestStatus;
    requestedAt?: Date;
  },
): Promise<CharityRequestRow> {
  const [row] = await tx<CharityRequestRow[]>`
    INSERT INTO charity_requests (user_id, name, email, organization, mission, payment_amount, payment_id, status,
                                  requested_at)
    VALUES (${r.userId}, ${r.name}, ${r.email.toLowerCase()}, ${r.organization}, ${r.mission}, ${r.paymentAmount},
            ${r.paymentId}, ${r.status ?? 'pending'}, ${r.requestedAt ?? tx`DEFAULT`})
    RETURNING *`;
  return row!;
}

/**
 * Locks a request for a status change, with its requester's account; undefined if the request does not exist.
 * Lock order: the account, then its request, as softDeleteUser takes them (an account before what it owns). An
 * approval that held the request while it waited for the account (grantCharityRole) deadlocked with the removal of
 * that account.
 */
export async function lockCharityRequest(tx: TxSql, id: string): Promise<CharityRequestRow | undefined> {
  // A request's user_id never changes, so it may be read before either row is locked.
  await tx`SELECT 1 FROM users WHERE id = (SELECT user_id FROM charity_requests WHERE id = ${id}) FOR UPDATE`;
  const [row] = await tx<CharityRequestRow[]>`
    SELECT * FROM charity_requests WHERE id = ${id} AND NOT deleted FOR UPDATE`;
  return row;
}

export async function setCharityRequestStatus(tx: TxSql, id: string, status: CharityRequestStatus): Promise<number> {
  const r = await tx`UPDATE charity_requests SET status = ${status} WHERE id = ${id} AND NOT deleted AND status <> ${status}`;
  return r.count;
}

/**
 * Gives the approved account the charity role. An admin keeps admin (approving an old request must not demote
 * anyone). Returns false if the account no longer exists. A new charity whose profile has a place and no home base
 * yet starts with it as its home base and alerts on within NEW_CHARITY_ALERT_RADIUS_KM: out of the box it hears of
 * food near it (issue 50), and changes or turns that off on its profile.
 */
export async function grantCharityRole(tx: TxSql, userId: string): Promise<boolean> {
  const [row] = await tx<{ id: string }[]>`SELECT id FROM users WHERE id = ${userId} AND NOT deleted FOR UPDATE`;
  if (!row) return false;
  await tx`
    UPDATE users SET
      role = 'charity',
      home_latitude = latitude, home_longitude = longitude, home_address = COALESCE(home_address, address),
      notify_radius_km = ${NEW_CHARITY_ALERT_RADIUS_KM}
    WHERE id = ${userId} AND role NOT IN ('charity', 'admin') AND home_latitude IS NULL AND latitude IS NOT NULL AND longitude IS NOT NULL`;
  await tx`UPDATE users SET role = 'charity' WHERE id = ${userId} AND role NOT IN ('charity', 'admin')`;
  return true;
}
