import { z } from 'zod';
import { DonationRequestCreateSchema, DonationRequestListItemSchema, PICKUP_CONFIRMABLE, REQUEST_STATUSES, RATE_LIMITS } from '@foodbridge/shared';
import { plannedPickupProblem } from '@foodbridge/shared/pickup-window';
import type { AuthUser } from '../auth/auth-user.ts';
import {
  canAcceptRequest,
  canAskForDonations,
  canAdminDeleteRequest,
  canDeleteRequest,
  canListRequests,
  canRejectRequest,
  canRequestDonation,
  canSeeRequest,
  canMarkNotCollected,
  canSeeCharityEmail,
  enforce,
  isCharityMember,
  isGivenThrough,
  party,
} from '../auth/permissions.ts';
import { visibleDonation } from '../auth/donation-visibility.ts';
import {
  acceptRequestRejectOthers,
  findDonationRequest,
  findRequestByCharity,
  insertDonationRequest,
  listDonationRequests,
  lockRequestsOfDonation,
  rejectPendingRequest,
  reopenRejectedRequests,
  softDeleteRequest,
  toDonationRequestListItem,
  turnDownAcceptedRequest,
  type DonationRequestJoinedRow,
} from '../db/donation-requests.ts';
import type { TxSql } from '../db/connection.ts';
import { lockDonation, lockDonationShared, markDonationAccepted, releaseDonation, toDonation, type DonationRow } from '../db/donations.ts';
import { recordHistory, type HistoryActor } from '../db/history.ts';
import { unreadByRequest } from '../db/messages.ts';
import { organisationProfile } from '../db/organisations.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { parseId, parseJson } from '../http/validate.ts';
import { Deleted, DonationChange, err, Inserted, list, Modified, ok, UUID } from '../openapi/responses.ts';
import { statusQuery } from './donations.ts';
import { byAccount } from '../http/rate-limit.ts';

async function visibleRequest(deps: Deps, user: AuthUser, id: string): Promise<DonationRequestJoinedRow> {
  const row = await findDonationRequest(deps.sql, id);
  if (!row || !canSeeRequest(user, row)) throw notFound('not-found/donation-request');
  return row;
}

/**
 * An admin's delete. Deleting the accepted request of a donation not yet picked up withdraws the donation from that
 * charity: it is Verified again, and the requests turned down for that charity are Pending again, so the restaurant
 * can give it to another one (a queued pickup confirmation of the first charity is then refused).
 */
async function deleteByAdmin(
  deps: Deps,
  admin: HistoryActor,
  donationId: string,
  id: string,
): Promise<{ deletedCount: number; reopenedCount?: number }> {
  return deps.sql.begin(async (tx) => {
    // Donation first, then its requests, as in accept: a concurrent accept or pickup waits for this to finish.
    const donation = await lockDonation(tx, donationId);
    const target = donation && (await lockRequestsOfDonation(tx, donation.id)).find((r) => r.id === id);
    if (!donation || !target) throw notFound('not-found/donation-request');
    enforce(canAdminDeleteRequest(donation, target));
    const deletedCount = await softDeleteRequest(tx, id, false);
    const ofDonation = { actor: admin, donationId: donation.id };
    await recordHistory(tx, { ...ofDonation, kind: 'request.deleted', requestId: id, fromState: target.status });
    if (!isGivenThrough(donation, target) || !PICKUP_CONFIRMABLE.includes(donation.status)) return { deletedCount };
    const reopened = await releaseToRestaurant(tx, admin, donation);
    return { deletedCount, reopenedCount: reopened.length };
  });
}

/**
 * A donation given to a charity goes back to its restaurant (call with the donation and its requests locked): Verified
 * again, the requests turned down for that charity Pending again, both in the history under `actor`. Returns the
 * reopened requests' ids.
 */
export async function releaseToRestaurant(tx: TxSql, actor: HistoryActor, donation: Pick<DonationRow, 'id' | 'status' | 'charity_id'>): Promise<string[]> {
  await releaseDonation(tx, donation.id);
  const reopened = await reopenRejectedRequests(tx, donation.id);
  const ofDonation = { actor, donationId: donation.id };
  await recordHistory(
    tx,
    // The charity it was released from, told of it (db/notifications.ts).
    { ...ofDonation, kind: 'donation.released', fromState: donation.status, toState: 'Verified', detail: { charityId: donation.charity_id } },
    ...reopened.map((requestId) => ({ ...ofDonation, kind: 'request.reopened' as const, requestId, fromState: 'Rejected', toState: 'Pending' })),
  );
  return reopened;
}

function emailQuery(value: string | undefined): string | undefined {
  const email = value?.trim().toLowerCase();
  return email ? email : undefined;
}

const requestId = { id: 'The request’s id.' };

export const donationRequestRoutes = [
  route(
    {
      method: 'patch',
      path: '/donations/:id/not-collected',
      summary: 'Say nobody collected a pickup (its restaurant, after the window)',
      description:
        'Once the pickup window is over (or, without one, best before), any member of the restaurant may say the charity never came. The miss is recorded for the figures (`pickup.not-collected`), the donation is Verified again to be offered anew (give it a new window), the charity’s request is turned down and the requests turned down for it are Pending again; the charity is told once.',
      tags: ['Donations'],
      security: 'bearer',
      roles: ['restaurant'],
      params: { id: 'The donation’s id.' },
      responses: {
        200: ok('Verified again.', DonationChange),
        403: err('Not this restaurant’s donation.', 'pickups/not-collected-not-owner'),
        404: err('No such donation.', 'not-found/donation'),
        409: err('Collected already, not given to a charity, or its window is not over.', 'pickups/already-confirmed', 'pickups/not-accepted', 'pickups/window-not-over'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const donation = await deps.sql.begin(async (tx) => {
        // The donation, then its requests, as an accept locks them.
        const row = await visibleDonation(tx, user, await lockDonation(tx, id));
        const given = (await lockRequestsOfDonation(tx, row.id)).find((r) => isGivenThrough(row, r));
        enforce(canMarkNotCollected(user, row));
        await recordHistory(tx, {
          actor: user,
          kind: 'pickup.not-collected',
          donationId: id,
          fromState: row.status,
          toState: 'Verified',
          detail: { charityId: row.charity_id, charityName: row.charity_name },
        });
        await releaseToRestaurant(tx, user, row);
        if (given && (await turnDownAcceptedRequest(tx, given.id))) {
          await recordHistory(tx, { actor: user, kind: 'request.rejected', donationId: id, requestId: given.id, fromState: 'Accepted', toState: 'Rejected', detail: { notCollected: true } });
        }
        // Read again under the lock it holds: the release changed it.
        return (await lockDonation(tx, id))!;
      });
      return c.json({ modifiedCount: 1, donation: toDonation(donation, canSeeCharityEmail(user, donation), isCharityMember(user, donation)) });
    },
  ),
  route(
    {
      method: 'post',
      path: '/donation-requests',
      summary: 'Request a donation (charity)',
      tags: ['Donation requests'],
      security: 'bearer',
      limits: [byAccount('donation-request', RATE_LIMITS.donationRequestsPerAccount, 'donation requests')],
      roles: ['charity'],
      body: { schema: DonationRequestCreateSchema, example: { donationId: UUID, requestDescription: 'For our evening meal service.', pickupTime: '18:30' } },
      responses: { 201: ok('Requested.', Inserted), 400: err('Invalid input, or a planned time outside the pickup window or after best before.', 'donation-requests/pickup-outside-window', 'donation-requests/pickup-after-best-before'), 403: err('Charities’ coordinators only.', 'organisations/leads-only'), 404: err('No such open donation.', 'not-found/donation'), 409: err('Already requested, no longer open to requests, or past its best-before time.', 'donation-requests/already-requested', 'donations/expired', 'donations/not-requestable') },
    },
    async (c, { deps, user }) => {
      const body = await parseJson(c, DonationRequestCreateSchema);
      enforce(canAskForDonations(user));
      const insertedId = await deps.sql.begin(async (tx) => {
        // The charity asks, whichever of its coordinators does it (ADR 018): its id, name and e-mail.
        const charity = await organisationProfile(tx, party(user) ?? user.id);
        // A shared lock: requests may be added side by side, but not while the donation is being accepted or
        // deleted, which would leave a Pending request on a donation that is gone.
        const donation = await lockDonationShared(tx, body.donationId);
        if (!donation) throw notFound('not-found/donation');
        if (await findRequestByCharity(tx, donation.id, charity.id)) throw conflict('donation-requests/already-requested');
        enforce(canRequestDonation(donation));
        const planned = plannedPickupProblem(body.pickupAt, { pickupStart: donation.pickup_start, pickupEnd: donation.pickup_end, bestBefore: donation.best_before });
        if (planned) throw badRequest(planned);
        try {
          const row = await insertDonationRequest(tx, {
            donationId: donation.id,
            charityId: charity.id,
            charityName: charity.name,
            charityEmail: charity.email,
            requestDescription: body.requestDescription,
            pickupTime: body.pickupTime,
            pickupAt: body.pickupAt ? new Date(body.pickupAt) : undefined,
          });
          await recordHistory(tx, { actor: user, kind: 'request.made', donationId: donation.id, requestId: row.id, toState: row.status });
          return row.id;
        } catch (err) {
          // The same charity's two concurrent requests: the unique index lets one through.
          if ((err as { code?: string }).code === '23505') throw conflict('donation-requests/already-requested');
          throw err;
        }
      });
      return c.json({ insertedId }, 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/donation-requests',
      summary: 'Donation requests (a restaurant’s received, a charity’s own, every one for an admin)',
      tags: ['Donation requests'],
      security: 'bearer',
      list: true,
      query: [
        { name: 'restaurantEmail', description: 'Requests for this restaurant’s donations.', schema: z.string() },
        { name: 'charityEmail', description: 'Requests by this charity.', schema: z.string() },
        { name: 'status', description: 'Only requests in this status.', schema: z.enum(REQUEST_STATUSES) },
      ],
      responses: { 200: list('Requests.', DonationRequestListItemSchema), 400: err('Unknown status.', 'donations/unknown-status'), 403: err('Not yours.', 'access/denied') },
    },
    async (c, { deps, user }) => {
      const restaurantEmail = emailQuery(c.req.query('restaurantEmail'));
      const charityEmail = emailQuery(c.req.query('charityEmail'));
      const status = statusQuery(c, REQUEST_STATUSES);
      const access = canListRequests(user, { restaurantEmail, charityEmail });
      enforce(access);
      const page = parsePage(c);
      const rows = pageOf(c, await listDonationRequests(deps.sql, access.scope, { restaurantEmail, charityEmail, status }, page), page);
      // Each conversation's messages the caller has not read (issue 48), counted for the page in one statement.
      const side = access.scope.kind === 'all' ? 'admin' : access.scope.kind;
      const unread = await unreadByRequest(deps.sql, user.id, side, rows.map((r) => r.id));
      return c.json(rows.map((r) => ({ ...toDonationRequestListItem(r), unreadMessages: unread.get(r.id) ?? 0 })));
    },
  ),
  route(
    {
      method: 'patch',
      path: '/donation-requests/accept/:id',
      summary: 'Accept a request (the donation’s restaurant); the others are declined',
      tags: ['Donation requests'],
      security: 'bearer',
      params: requestId,
      responses: { 200: ok('Accepted.', z.object({ modifiedCount: z.number().int(), rejectedCount: z.number().int() })), 403: err('Not yours, or not a manager of the restaurant.', 'donation-requests/accept-not-owner', 'organisations/leads-only'), 404: err('No such request (or its donation).', 'not-found/donation-request', 'not-found/donation'), 409: err('No longer pending.', 'donation-requests/accept-not-pending', 'donation-requests/donation-taken', 'donations/expired') },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const request = await visibleRequest(deps, user, id);
      const rejectedCount = await deps.sql.begin(async (tx) => {
        // Donation first, then its requests, in every transaction: concurrent accepts queue on the donation row
        // and each one re-reads the statuses the previous one left.
        const donation = await lockDonation(tx, request.donation_id);
        if (!donation) throw notFound('not-found/donation');
        const requests = await lockRequestsOfDonation(tx, donation.id);
        const target = requests.find((r) => r.id === id);
        if (!target) throw notFound('not-found/donation-request');
        enforce(canAcceptRequest(user, donation, target));
        // The requests are locked: the Pending ones besides this are exactly those the accept turns down.
        const declined = requests.filter((r) => r.id !== id && r.status === 'Pending');
        const rejected = await acceptRequestRejectOthers(tx, id, donation.id);
        await markDonationAccepted(tx, donation.id, {
          id: target.charity_id,
          name: target.charity_name,
          email: target.charity_email,
        });
        const ofDonation = { actor: user, donationId: donation.id };
        await recordHistory(
          tx,
          {
            ...ofDonation,
            kind: 'request.accepted',
            requestId: id,
            fromState: target.status,
            toState: 'Accepted',
            detail: { charityName: target.charity_name, donationFrom: donation.status, donationTo: 'Accepted' },
          },
          ...declined.map((r) => ({ ...ofDonation, kind: 'request.declined' as const, requestId: r.id, fromState: r.status, toState: 'Rejected' })),
        );
        return rejected;
      });
      return c.json({ modifiedCount: 1, rejectedCount });
    },
  ),
  route(
    {
      method: 'patch',
      path: '/donation-requests/reject/:id',
      summary: 'Decline a request (the donation’s restaurant)',
      tags: ['Donation requests'],
      security: 'bearer',
      params: requestId,
      responses: { 200: ok('Declined.', Modified), 403: err('Not yours, or not a manager of the restaurant.', 'donation-requests/reject-not-owner', 'organisations/leads-only'), 404: err('No such request.', 'not-found/donation-request'), 409: err('No longer pending.', 'donation-requests/reject-not-pending') },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const request = await visibleRequest(deps, user, id);
      enforce(canRejectRequest(user, request));
      const modifiedCount = await deps.sql.begin(async (tx) => {
        if (!(await rejectPendingRequest(tx, id))) return 0;
        await recordHistory(tx, {
          actor: user,
          kind: 'request.rejected',
          donationId: request.donation_id,
          requestId: id,
          fromState: 'Pending',
          toState: 'Rejected',
        });
        return 1;
      });
      // The update is atomic: changing nothing means the request changed meanwhile, and a fresh look says how.
      if (modifiedCount === 0) enforce(canRejectRequest(user, await visibleRequest(deps, user, id)));
      return c.json({ modifiedCount });
    },
  ),
  route(
    {
      method: 'delete',
      path: '/donation-requests/:id',
      summary: 'Cancel a request (its charity or an admin)',
      tags: ['Donation requests'],
      security: 'bearer',
      params: requestId,
      responses: {
        200: ok('Cancelled (an admin’s delete also says how many declined requests were reopened).', Deleted.extend({ reopenedCount: z.number().int().optional() })),
        403: err('Not yours, or not a coordinator of the charity.', 'donation-requests/delete-not-owner', 'organisations/leads-only'),
        404: err('No such request.', 'not-found/donation-request'),
        409: err('No longer pending, or already picked up.', 'donation-requests/already-picked', 'donation-requests/cancel-not-pending'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const request = await visibleRequest(deps, user, id);
      enforce(canDeleteRequest(user, request));
      if (user.role === 'admin') return c.json(await deleteByAdmin(deps, user, request.donation_id, id));
      const deletedCount = await deps.sql.begin(async (tx) => {
        if (!(await softDeleteRequest(tx, id, true))) return 0;
        await recordHistory(tx, { actor: user, kind: 'request.cancelled', donationId: request.donation_id, requestId: id, fromState: 'Pending' });
        return 1;
      });
      // As in reject: the cancel is atomic, and a fresh look explains one that changed nothing.
      if (deletedCount === 0) enforce(canDeleteRequest(user, await visibleRequest(deps, user, id)));
      return c.json({ deletedCount });
    },
  ),
];
