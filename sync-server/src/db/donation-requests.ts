import type { DonationRequest, DonationRequestListItem, DonationStatus, RequestStatus } from '@foodbridge/shared';
import type { Sql, TxSql } from './connection.ts';
import { afterCursor, type PageQuery } from './pages.ts';
import { compact, iso, isoRequired } from './map.ts';

export interface DonationRequestRow {
  id: string;
  donation_id: string;
  charity_id: string;
  charity_name: string;
  charity_email: string;
  request_description: string;
  pickup_time: string;
  pickup_at: Date | null;
  status: RequestStatus;
  request_date: Date;
  updated_at: Date;
  deleted: boolean;
}

/** A request row with the donation fields the API shows beside it. */
export interface DonationRequestJoinedRow extends DonationRequestRow {
  donation_title: string;
  restaurant_id: string;
  restaurant_name: string;
  restaurant_email: string;
}

/** A listed request, with what became of its donation. */
export interface DonationRequestListRow extends DonationRequestJoinedRow {
  donation_status: DonationStatus;
  donation_pickup_date: Date | null;
  restaurant_phone: string | null;
  donation_collect_by: Date | null;
}

export function toDonationRequest(r: DonationRequestJoinedRow): DonationRequest {
  return compact({
    _id: r.id,
    donationId: r.donation_id,
    donationTitle: r.donation_title,
    restaurantName: r.restaurant_name,
    restaurantEmail: r.restaurant_email,
    charityName: r.charity_name,
    charityEmail: r.charity_email,
    requestDescription: r.request_description,
    pickupTime: r.pickup_time,
    status: r.status,
    requestDate: isoRequired(r.request_date),
    updatedAt: isoRequired(r.updated_at),
  }) as DonationRequest;
}

/** The REST answer: the replicated shape plus new fields beside it (see DonationRequestListItemSchema). */
export function toDonationRequestListItem(r: DonationRequestListRow): DonationRequestListItem {
  return compact({
    ...toDonationRequest(r),
    pickupAt: iso(r.pickup_at),
    donationStatus: r.donation_status,
    pickedUpAt: r.donation_status === 'Picked' ? iso(r.donation_pickup_date) : undefined,
    collectBy: iso(r.donation_collect_by),
    // For the driver's tap-to-call, once the restaurant has chosen this charity; not to every charity that asks.
    restaurantPhone: r.status === 'Accepted' ? (r.restaurant_phone ?? undefined) : undefined,
  }) as DonationRequestListItem;
}

/**
 * Inserts a request, Pending unless the demo seed says otherwise; the unique index (donation, charity) refuses a
 * second one with 23505.
 */
export async function insertDonationRequest(
  tx: TxSql,
  r: {
    donationId: string;
    charityId: string;
    charityName: string;
    charityEmail: string;
    requestDescription: string;
    pickupTime: string;
    pickupAt?: Date | undefined;
    status?: RequestStatus;
    requestDate?: Date;
  },
): Promise<DonationRequestRow> {
  const [row] = await tx<DonationRequestRow[]>`
    INSERT INTO donation_requests (donation_id, charity_id, charity_name, charity_email, request_description, pickup_time,
                                   pickup_at, status, request_date)
    VALUES (${r.donationId}, ${r.charityId}, ${r.charityName}, ${r.charityEmail}, ${r.requestDescription}, ${r.pickupTime},
            ${r.pickupAt ?? null}, ${r.status ?? 'Pending'}, ${r.requestDate ?? tx`DEFAULT`})
    RETURNING *`;
  return row!;
}

export async function findRequestByCharity(sql: Sql | TxSql, donationId: string, charityId: string): Promise<DonationRequestRow | undefined> {
  const [row] = await sql<DonationRequestRow[]>`
    SELECT * FROM donation_requests WHERE donation_id = ${donationId} AND charity_id = ${charityId} AND NOT deleted`;
  return row;
}

/**
 * Whether the charity's request for this donation was ever accepted, including one an admin removed since (a
 * removed request keeps its status): then the donation was once theirs.
 */
export async function wasAcceptedFor(sql: Sql | TxSql, donationId: string, charityId: string): Promise<boolean> {
  const [row] = await sql`
    SELECT 1 FROM donation_requests
    WHERE donation_id = ${donationId} AND charity_id = ${charityId} AND status = 'Accepted' LIMIT 1`;
  return Boolean(row);
}

/** A live request on a live donation, with the donation's owner and title. */
export async function findDonationRequest(sql: Sql, id: string): Promise<DonationRequestJoinedRow | undefined> {
  const [row] = await sql<DonationRequestJoinedRow[]>`
    SELECT r.*, d.title AS donation_title, d.restaurant_id, d.restaurant_name, d.restaurant_email
    FROM donation_requests r JOIN donations d ON d.id = r.donation_id
    WHERE r.id = ${id} AND NOT r.deleted AND NOT d.deleted`;
  return row;
}

/**
 * Live requests on live donations, newest first. `scope` is what the caller may see; the e-mail filters and
 * `status` only narrow it.
 */
export async function listDonationRequests(
  sql: Sql,
  scope: { kind: 'all' } | { kind: 'restaurant'; restaurantId: string } | { kind: 'charity'; charityId: string },
  filters: { restaurantEmail?: string | undefined; charityEmail?: string | undefined; status?: RequestStatus | undefined },
  page: PageQuery,
): Promise<DonationRequestListRow[]> {
  const visible =
    scope.kind === 'all'
      ? sql`true`
      : scope.kind === 'restaurant'
        ? sql`d.restaurant_id = ${scope.restaurantId}`
        : sql`r.charity_id = ${scope.charityId}`;
  const byRestaurant = filters.restaurantEmail ? sql`d.restaurant_email = ${filters.restaurantEmail}` : sql`true`;
  const byCharity = filters.charityEmail ? sql`r.charity_email = ${filters.charityEmail}` : sql`true`;
  const byStatus = filters.status ? sql`r.status = ${filters.status}` : sql`true`;
  return sql<DonationRequestListRow[]>`
    SELECT r.*, d.title AS donation_title, d.restaurant_id, d.restaurant_name, d.restaurant_email,
           d.status AS donation_status, d.pickup_date AS donation_pickup_date, ru.phone AS restaurant_phone,
           COALESCE(d.pickup_end, d.best_before) AS donation_collect_by
    FROM donation_requests r JOIN donations d ON d.id = r.donation_id LEFT JOIN users ru ON ru.id = d.restaurant_id
    WHERE NOT r.deleted AND NOT d.deleted AND ${visible} AND ${byRestaurant} AND ${byCharity} AND ${byStatus}
      AND ${afterCursor(sql, 'donation_requests', 'r', page.after)}
    ORDER BY r.request_date DESC, r.id DESC
    LIMIT ${page.limit + 1}`;
}

/** Locks every live request of a donation (call with the donation locked first, always in that order). */
export async function lockRequestsOfDonation(tx: TxSql, donationId: string): Promise<DonationRequestRow[]> {
  // Lock order: the donation (lockDonation) first, then its requests in id order.
  return tx<DonationRequestRow[]>`
    SELECT * FROM donation_requests WHERE donation_id = ${donationId} AND NOT deleted ORDER BY id FOR UPDATE`;
}

/** Accepts one request and rejects the donation's other Pending ones; returns how many were rejected. */
export async function acceptRequestRejectOthers(tx: TxSql, requestId: string, donationId: string): Promise<number> {
  await tx`UPDATE donation_requests SET status = 'Accepted' WHERE id = ${requestId}`;
  const r = await tx`
    UPDATE donation_requests SET status = 'Rejected', rejected_by_accept = true
    WHERE donation_id = ${donationId} AND id <> ${requestId} AND status = 'Pending' AND NOT deleted`;
  return r.count;
}

/**
 * Turns down the accepted request of a pickup nobody collected (call with it locked, after the donation's release, so
 * that it is not reopened with those an accept turned down).
 */
export async function turnDownAcceptedRequest(tx: TxSql, id: string): Promise<number> {
  const r = await tx`
    UPDATE donation_requests SET status = 'Rejected', rejected_by_accept = false
    WHERE id = ${id} AND status = 'Accepted' AND NOT deleted`;
  return r.count;
}

/** Rejects a request if it is still Pending (atomic on its own); 0 otherwise. */
export async function rejectPendingRequest(sql: Sql | TxSql, id: string): Promise<number> {
  const r = await sql`
    UPDATE donation_requests SET status = 'Rejected', rejected_by_accept = false
    WHERE id = ${id} AND status = 'Pending' AND NOT deleted`;
  return r.count;
}

/**
 * Puts back to Pending the requests an accept turned down, when that accepted request is withdrawn (call with the
 * donation and its requests locked): they were refused only because another charity was chosen, so they are live
 * again for the restaurant to choose from. Those the restaurant rejected by hand stay Rejected. Returns their ids.
 */
export async function reopenRejectedRequests(tx: TxSql, donationId: string): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    UPDATE donation_requests SET status = 'Pending', rejected_by_accept = false
    WHERE donation_id = ${donationId} AND status = 'Rejected' AND rejected_by_accept AND NOT deleted
    RETURNING id`;
  return rows.map((r) => r.id);
}

/** Soft-deletes a request; with `onlyPending`, only if it is still Pending (a charity's cancel). */
export async function softDeleteRequest(sql: Sql | TxSql, id: string, onlyPending: boolean): Promise<number> {
  const pending = onlyPending ? sql`status = 'Pending'` : sql`true`;
  const r = await sql`UPDATE donation_requests SET deleted = true WHERE id = ${id} AND NOT deleted AND ${pending}`;
  return r.count;
}
