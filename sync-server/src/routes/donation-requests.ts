import { Hono } from 'hono';
import { DonationRequestCreateSchema, MSG, PICKUP_CONFIRMABLE, REQUEST_STATUSES } from '@foodbridge/shared';
import type { AuthUser } from '../auth/auth-user.ts';
import { requireUser } from '../auth/middleware.ts';
import {
  canAcceptRequest,
  canAdminDeleteRequest,
  canDeleteRequest,
  canListRequests,
  canRejectRequest,
  canRequestDonation,
  canSeeRequest,
  enforce,
  hasRole,
  isGivenThrough,
} from '../auth/permissions.ts';
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
  type DonationRequestJoinedRow,
} from '../db/donation-requests.ts';
import { lockDonation, lockDonationShared, markDonationAccepted, releaseDonation } from '../db/donations.ts';
import { recordHistory, type HistoryActor } from '../db/history.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { conflict, notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { parseId, parseJson } from '../http/validate.ts';
import { statusQuery } from './donations.ts';

async function visibleRequest(deps: Deps, user: AuthUser, id: string): Promise<DonationRequestJoinedRow> {
  const row = await findDonationRequest(deps.sql, id);
  if (!row || !canSeeRequest(user, row)) throw notFound('Donation request');
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
    if (!donation || !target) throw notFound('Donation request');
    enforce(canAdminDeleteRequest(donation, target));
    const deletedCount = await softDeleteRequest(tx, id, false);
    const ofDonation = { actor: admin, donationId: donation.id };
    await recordHistory(tx, { ...ofDonation, kind: 'request.deleted', requestId: id, fromState: target.status });
    if (!isGivenThrough(donation, target) || !PICKUP_CONFIRMABLE.includes(donation.status)) return { deletedCount };
    await releaseDonation(tx, donation.id);
    const reopened = await reopenRejectedRequests(tx, donation.id);
    await recordHistory(
      tx,
      { ...ofDonation, kind: 'donation.released', fromState: donation.status, toState: 'Verified' },
      ...reopened.map((requestId) => ({ ...ofDonation, kind: 'request.reopened' as const, requestId, fromState: 'Rejected', toState: 'Pending' })),
    );
    return { deletedCount, reopenedCount: reopened.length };
  });
}

function emailQuery(value: string | undefined): string | undefined {
  const email = value?.trim().toLowerCase();
  return email ? email : undefined;
}

export const donationRequestRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .post('/donation-requests', async (c) => {
      const user = requireUser(c);
      enforce(hasRole(user, 'charity'));
      const body = await parseJson(c, DonationRequestCreateSchema);
      const insertedId = await deps.sql.begin(async (tx) => {
        // A shared lock: requests may be added side by side, but not while the donation is being accepted or
        // deleted, which would leave a Pending request on a donation that is gone.
        const donation = await lockDonationShared(tx, body.donationId);
        if (!donation) throw notFound('Donation');
        if (await findRequestByCharity(tx, donation.id, user.id)) throw conflict(MSG.alreadyRequested);
        enforce(canRequestDonation(donation));
        try {
          const row = await insertDonationRequest(tx, {
            donationId: donation.id,
            charityId: user.id,
            charityName: user.name,
            charityEmail: user.email,
            requestDescription: body.requestDescription,
            pickupTime: body.pickupTime,
            pickupAt: body.pickupAt ? new Date(body.pickupAt) : undefined,
          });
          await recordHistory(tx, { actor: user, kind: 'request.made', donationId: donation.id, requestId: row.id, toState: row.status });
          return row.id;
        } catch (err) {
          // The same charity's two concurrent requests: the unique index lets one through.
          if ((err as { code?: string }).code === '23505') throw conflict(MSG.alreadyRequested);
          throw err;
        }
      });
      return c.json({ insertedId }, 201);
    })
    .get('/donation-requests', async (c) => {
      const user = requireUser(c);
      const restaurantEmail = emailQuery(c.req.query('restaurantEmail'));
      const charityEmail = emailQuery(c.req.query('charityEmail'));
      const status = statusQuery(c, REQUEST_STATUSES);
      const access = canListRequests(user, { restaurantEmail, charityEmail });
      enforce(access);
      const page = parsePage(c);
      const rows = pageOf(c, await listDonationRequests(deps.sql, access.scope, { restaurantEmail, charityEmail, status }, page), page);
      return c.json(rows.map(toDonationRequestListItem));
    })
    .patch('/donation-requests/accept/:id', async (c) => {
      const user = requireUser(c);
      const id = parseId(c.req.param('id'));
      const request = await visibleRequest(deps, user, id);
      const rejectedCount = await deps.sql.begin(async (tx) => {
        // Donation first, then its requests, in every transaction: concurrent accepts queue on the donation row
        // and each one re-reads the statuses the previous one left.
        const donation = await lockDonation(tx, request.donation_id);
        if (!donation) throw notFound('Donation');
        const requests = await lockRequestsOfDonation(tx, donation.id);
        const target = requests.find((r) => r.id === id);
        if (!target) throw notFound('Donation request');
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
    })
    .patch('/donation-requests/reject/:id', async (c) => {
      const user = requireUser(c);
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
    })
    .delete('/donation-requests/:id', async (c) => {
      const user = requireUser(c);
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
    });
