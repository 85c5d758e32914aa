import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  DONATION_EDITABLE,
  DONATION_STATUSES,
  DonationCreateSchema,
  DonationReviewSchema,
  DonationUpdateSchema,
  PICKUP_CONFIRMABLE,
  canonical,
  type DonationStatus,
} from '@foodbridge/shared';
import { requireRole, requireSelfOrAdmin, requireUser, type AuthUser } from '../auth/middleware.ts';
import { mayCallerSeeDonation } from '../auth/permissions.ts';
import type { Sql, TxSql } from '../db/connection.ts';
import { wasAcceptedFor } from '../db/donation-requests.ts';
import {
  findDonation,
  insertDonation,
  listDonations,
  listPickups,
  lockDonation,
  markDonationPicked,
  reviewPendingDonation,
  setDonationReview,
  softDeleteDonation,
  toDonation,
  toPickupItem,
  updateDonationFields,
  type DonationRow,
} from '../db/donations.ts';
import { findStoredAnswer, storeAnswer, type StoredAnswer } from '../db/idempotency.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { parseId, parseJson } from '../http/validate.ts';

const MSG_PICKUP_DONE = 'Pickup already confirmed.';
const MSG_PICKUP_REASSIGNED = 'This donation was reassigned and is no longer yours to pick up.';
const MSG_DELETE_TAKEN = 'This donation has been accepted by a charity and cannot be deleted.';
const MSG_EDIT_REJECTED = 'Rejected donations cannot be updated.';
const MSG_EDIT_TAKEN = 'This donation has been accepted by a charity and can no longer be updated.';
const MSG_KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
const IDEMPOTENCY_KEY_MAX = 200;

/** `?status=` in any casing, as a canonical status; an unknown one is a 400 rather than an empty list. */
export function statusQuery<T extends string>(c: Context, values: readonly T[]): T | undefined {
  const raw = c.req.query('status');
  if (raw === undefined || raw === '') return undefined;
  const status = canonical(values, raw);
  if (!status) throw badRequest(`Unknown status '${raw}'. Use one of: ${values.join(', ')}.`);
  return status;
}

/** A donation the caller may see, or a 404 that does not tell whether it exists. */
async function visibleDonation(sql: Sql | TxSql, user: AuthUser | undefined, row: DonationRow | undefined): Promise<DonationRow> {
  if (!row || !(await mayCallerSeeDonation(sql, user, row))) throw notFound('Donation');
  return row;
}

function idempotencyKey(c: Context): string | undefined {
  const key = c.req.header('idempotency-key')?.trim();
  if (key === undefined || key === '') return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX) throw badRequest(`Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters`);
  return key;
}

function replay(c: Context, stored: StoredAnswer, scope: string) {
  if (stored.scope !== scope) throw new ApiError(422, MSG_KEY_REUSED);
  c.header('Idempotent-Replayed', 'true');
  return c.json(stored.body as object, stored.statusCode as 200);
}

export const donationRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/donations', async (c) => {
      const user = c.get('user');
      const status = statusQuery(c, DONATION_STATUSES);
      const scope =
        user?.role === 'admin'
          ? ({ kind: 'all' } as const)
          : user?.role === 'restaurant'
            ? ({ kind: 'restaurant', restaurantId: user.id } as const)
            : ({ kind: 'verified' } as const);
      return c.json((await listDonations(deps.sql, scope, status)).map(toDonation));
    })
    // Registered before /donations/:id so that 'verified' is never read as an id.
    .get('/donations/verified', async (c) => {
      return c.json((await listDonations(deps.sql, { kind: 'verified' })).map(toDonation));
    })
    .get('/donations/:id', async (c) => {
      const id = parseId(c.req.param('id'));
      const row = await visibleDonation(deps.sql, c.get('user'), await findDonation(deps.sql, id));
      return c.json(toDonation(row));
    })
    // Only a restaurant offers food, under its own name: an admin cannot create on someone's behalf.
    .post('/donations', async (c) => {
      const user = requireRole(c, 'restaurant');
      const body = await parseJson(c, DonationCreateSchema);
      const row = await insertDonation(deps.sql, {
        ...body,
        restaurantId: user.id,
        restaurantName: user.name,
        restaurantEmail: user.email,
      });
      return c.json({ insertedId: row.id }, 201);
    })
    .patch('/donations/:id', async (c) => {
      const user = requireUser(c);
      const id = parseId(c.req.param('id'));
      const body = await parseJson(c, DonationUpdateSchema);
      const modifiedCount = await deps.sql.begin(async (tx) => {
        const row = await visibleDonation(tx, user, await lockDonation(tx, id));
        if (row.restaurant_id !== user.id) throw forbidden('Only the restaurant that posted this donation can update it.');
        if (!DONATION_EDITABLE.includes(row.status)) {
          throw conflict(row.status === 'Rejected' ? MSG_EDIT_REJECTED : MSG_EDIT_TAKEN);
        }
        await updateDonationFields(tx, id, body);
        return 1;
      });
      return c.json({ modifiedCount });
    })
    .delete('/donations/:id', async (c) => {
      const user = requireUser(c);
      const id = parseId(c.req.param('id'));
      const deletedCount = await deps.sql.begin(async (tx) => {
        const row = await visibleDonation(tx, user, await lockDonation(tx, id));
        if (user.role !== 'admin' && row.restaurant_id !== user.id) {
          throw forbidden('Only the restaurant that posted this donation or an admin can delete it.');
        }
        // A charity is on its way for it; deleting now would strand them. Once Picked it is history and may go.
        if (row.status === 'Accepted' || row.status === 'Assigned') throw conflict(MSG_DELETE_TAKEN);
        return softDeleteDonation(tx, id);
      });
      return c.json({ deletedCount });
    })
    .patch('/donations/verify/:id', async (c) => reviewByAdmin(c, deps, 'Verified'))
    .patch('/donations/reject/:id', async (c) => reviewByAdmin(c, deps, 'Rejected'))
    .patch('/donations/pickup/:id', async (c) => {
      const user = requireUser(c);
      const id = parseId(c.req.param('id'));
      const key = idempotencyKey(c);
      const scope = `pickup:${id}`;
      if (key) {
        const stored = await findStoredAnswer(deps.sql, user.id, key);
        if (stored) return replay(c, stored, scope);
      }
      const outcome = await deps.sql.begin(async (tx) => {
        const locked = await lockDonation(tx, id);
        // A driver whose confirmation was queued offline needs to hear why it no longer counts: tell a charity that
        // once had this donation that it went elsewhere (others still get the 403 or the 404 that hides it).
        const reassigned =
          locked && user.role === 'charity' && locked.charity_id !== user.id && (await wasAcceptedFor(tx, id, user.id));
        if (reassigned) throw conflict(MSG_PICKUP_REASSIGNED);
        const row = await visibleDonation(tx, user, locked);
        // A duplicate that waited on the lock behind the first confirmation finds its answer here.
        if (key) {
          const stored = await findStoredAnswer(tx, user.id, key);
          if (stored) return { stored };
        }
        if (row.charity_id !== user.id) throw forbidden('Only the charity that was given this donation can confirm its pickup.');
        if (row.status === 'Picked') throw conflict(MSG_PICKUP_DONE);
        if (!PICKUP_CONFIRMABLE.includes(row.status)) {
          throw conflict(`Pickup can be confirmed only for an accepted donation (this one is ${row.status}).`);
        }
        const body = { modifiedCount: 1, donation: toDonation(await markDonationPicked(tx, id)) };
        if (key && !(await storeAnswer(tx, { userId: user.id, key, scope, statusCode: 200, body }))) {
          throw conflict(MSG_KEY_REUSED);
        }
        return { body };
      });
      if (outcome.stored) return replay(c, outcome.stored, scope);
      return c.json(outcome.body);
    })
    .patch('/donations/review/:id', async (c) => {
      const user = requireUser(c);
      const id = parseId(c.req.param('id'));
      const { review } = await parseJson(c, DonationReviewSchema);
      const donation = await deps.sql.begin(async (tx) => {
        const row = await visibleDonation(tx, user, await lockDonation(tx, id));
        if (row.charity_id !== user.id) throw forbidden('Only the charity that picked up this donation can review it.');
        if (row.status !== 'Picked') throw conflict('You can review a donation only after its pickup is confirmed.');
        return toDonation(await setDonationReview(tx, id, review));
      });
      return c.json({ modifiedCount: 1, donation });
    })
    .get('/my-pickups', async (c) => {
      const email = c.req.query('email');
      if (!email) throw badRequest('email is required');
      requireSelfOrAdmin(c, email);
      const status = statusQuery(c, DONATION_STATUSES);
      return c.json((await listPickups(deps.sql, email, status)).map(toPickupItem));
    });

async function reviewByAdmin(c: Context<AppEnv>, deps: Deps, status: Extract<DonationStatus, 'Verified' | 'Rejected'>) {
  requireRole(c, 'admin');
  const id = parseId(c.req.param('id'));
  const modifiedCount = await reviewPendingDonation(deps.sql, id, status);
  if (modifiedCount === 0) {
    const row = await findDonation(deps.sql, id);
    if (!row) throw notFound('Donation');
    const verb = status === 'Verified' ? 'verified' : 'rejected';
    throw conflict(`Only Pending donations can be ${verb} (this one is ${row.status}).`);
  }
  return c.json({ modifiedCount });
}
