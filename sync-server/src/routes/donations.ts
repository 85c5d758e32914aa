import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  DONATION_STATUSES,
  DonationCreateSchema,
  DonationReviewSchema,
  DonationUpdateSchema,
  FOOD_TYPES,
  PickupReportSchema,
  canonical,
  type DonationStatus,
} from '@foodbridge/shared';
import { requireUser } from '../auth/middleware.ts';
import {
  canConfirmPickup,
  canSeeCharityEmail,
  canDeleteDonation,
  canEditDonation,
  canJudgeDonation,
  canReviewDonation,
  canStillPickUp,
  donationScopeOf,
  enforce,
  hasRole,
  isSelfOrAdmin,
  mayHaveLostPickup,
} from '../auth/permissions.ts';
import { visibleDonation } from '../auth/donation-visibility.ts';
import { wasAcceptedFor } from '../db/donation-requests.ts';
import {
  findDonation,
  insertDonation,
  listDonations,
  listPickups,
  lockDonation,
  markDonationPicked,
  reverifyReasonOf,
  reviewPendingDonation,
  setDonationReview,
  softDeleteDonation,
  toDonation,
  toPickupItem,
  updateDonationFields,
  type DonationFilters,
  type DonationSort,
} from '../db/donations.ts';
import { recordHistory } from '../db/history.ts';
import { findStoredAnswer, storeAnswer, type StoredAnswer } from '../db/idempotency.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { parseId, parseJson } from '../http/validate.ts';

const MSG_KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
const IDEMPOTENCY_KEY_MAX = 200;

/** `?status=` in any casing, as a canonical status; an unknown one is a 400 rather than an empty list. */
export function statusQuery<T extends string>(c: Context, values: readonly T[]): T | undefined {
  const raw = c.req.query('status');
  if (raw === undefined || raw === '') return undefined;
  const status = canonical(values, raw);
  // The caller's text is repeated only when it is short and plain: never a page of text or control characters.
  const shown = /^[\w -]{1,20}$/.test(raw) ? ` '${raw}'` : '';
  if (!status) throw badRequest(`Unknown status${shown}. Use one of: ${values.join(', ')}.`);
  return status;
}

/** No body, or an empty object: no report. */
const OptionalPickupReport = z.preprocess(
  (v) => (v !== null && typeof v === 'object' && Object.keys(v).length === 0 ? undefined : v),
  PickupReportSchema.optional(),
);

/** The longest search accepted: a few words, not a page of text. */
const SEARCH_MAX = 100;

/** `?q=` (words the title, restaurant or location must contain) and `?foodType=` (any casing), or a 400. */
function listFilters(c: Context): DonationFilters {
  const q = c.req.query('q')?.trim() || undefined;
  if (q && q.length > SEARCH_MAX) throw badRequest(`Search text must be at most ${SEARCH_MAX} characters.`);
  const rawType = c.req.query('foodType');
  const foodType = rawType ? canonical(FOOD_TYPES, rawType) : undefined;
  if (rawType && !foodType) throw badRequest(`Unknown food type. Use one of: ${FOOD_TYPES.join(', ')}.`);
  return { q, foodType, sort: sortQuery(c) };
}

const SORTS = ['newest', 'bestBefore', 'distance'] as const;

/** `?sort=newest|bestBefore|distance`, the last with `?near=LAT,LNG`; or a 400 that says what to send. */
function sortQuery(c: Context): DonationSort | undefined {
  const raw = c.req.query('sort');
  const near = c.req.query('near');
  if (raw === undefined || raw === '') {
    if (near) throw badRequest('near is used with sort=distance.');
    return undefined;
  }
  const by = canonical(SORTS, raw);
  if (!by) throw badRequest(`Unknown sort. Use one of: ${SORTS.join(', ')}.`);
  if (by !== 'distance') return { by };
  const match = /^\s*(-?\d{1,3}(?:\.\d{1,10})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,10})?)\s*$/.exec(near ?? '');
  const lat = Number(match?.[1]);
  const lng = Number(match?.[2]);
  if (!match || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw badRequest('sort=distance needs near=LATITUDE,LONGITUDE (for example near=52.52,13.405).');
  }
  return { by, near: { lat, lng } };
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
      const status = statusQuery(c, DONATION_STATUSES);
      const user = c.get('user');
      const page = parsePage(c);
      const rows = pageOf(c, await listDonations(deps.sql, donationScopeOf(user), page, { ...listFilters(c), status }), page);
      return c.json(rows.map((r) => toDonation(r, canSeeCharityEmail(user, r))));
    })
    // Registered before /donations/:id so that 'verified' is never read as an id.
    .get('/donations/verified', async (c) => {
      const user = c.get('user');
      const page = parsePage(c);
      const rows = pageOf(c, await listDonations(deps.sql, { kind: 'verified' }, page, listFilters(c)), page);
      return c.json(rows.map((r) => toDonation(r, canSeeCharityEmail(user, r))));
    })
    .get('/donations/:id', async (c) => {
      const id = parseId(c.req.param('id'));
      const user = c.get('user');
      const row = await visibleDonation(deps.sql, user, await findDonation(deps.sql, id));
      return c.json(toDonation(row, canSeeCharityEmail(user, row)));
    })
    // Only a restaurant offers food, under its own name: an admin cannot create on someone's behalf.
    .post('/donations', async (c) => {
      const user = requireUser(c);
      enforce(hasRole(user, 'restaurant'));
      const body = await parseJson(c, DonationCreateSchema);
      // Without coordinates of its own, a donation is picked up at the restaurant's pickup point (its profile).
      const home = c.get('userRow');
      const place = body.latitude === undefined && home?.latitude != null && home.longitude != null ? { latitude: home.latitude, longitude: home.longitude } : {};
      const insertedId = await deps.sql.begin(async (tx) => {
        const row = await insertDonation(tx, {
          ...place,
          ...body,
          restaurantId: user.id,
          restaurantName: user.name,
          restaurantEmail: user.email,
        });
        await recordHistory(tx, { actor: user, kind: 'donation.created', donationId: row.id, toState: row.status });
        return row.id;
      });
      return c.json({ insertedId }, 201);
    })
    .patch('/donations/:id', async (c) => {
      const user = requireUser(c);
      const id = parseId(c.req.param('id'));
      const body = await parseJson(c, DonationUpdateSchema);
      const modifiedCount = await deps.sql.begin(async (tx) => {
        const row = await visibleDonation(tx, user, await lockDonation(tx, id));
        enforce(canEditDonation(user, row));
        // Requests made while it was Verified stay Pending: accepting waits for the new check (canAcceptRequest).
        const reverifyReason = reverifyReasonOf(row, body);
        const edited = await updateDonationFields(tx, id, body, reverifyReason);
        await recordHistory(tx, {
          actor: user,
          kind: 'donation.edited',
          donationId: id,
          fromState: row.status,
          toState: edited.status,
          detail: { fields: Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined), ...(reverifyReason ? { reverifyReason } : {}) },
        });
        return 1;
      });
      return c.json({ modifiedCount });
    })
    .delete('/donations/:id', async (c) => {
      const user = requireUser(c);
      const id = parseId(c.req.param('id'));
      const deletedCount = await deps.sql.begin(async (tx) => {
        const row = await visibleDonation(tx, user, await lockDonation(tx, id));
        enforce(canDeleteDonation(user, row));
        const deleted = await softDeleteDonation(tx, id);
        if (deleted) await recordHistory(tx, { actor: user, kind: 'donation.deleted', donationId: id, fromState: row.status });
        return deleted;
      });
      return c.json({ deletedCount });
    })
    .patch('/donations/verify/:id', async (c) => reviewByAdmin(c, deps, 'Verified'))
    .patch('/donations/reject/:id', async (c) => reviewByAdmin(c, deps, 'Rejected'))
    .patch('/donations/pickup/:id', async (c) => {
      const user = requireUser(c);
      const id = parseId(c.req.param('id'));
      // The report is optional: the spec's clients confirm with no body.
      const report = await parseJson(c, OptionalPickupReport);
      const key = idempotencyKey(c);
      const scope = `pickup:${id}`;
      if (key) {
        const stored = await findStoredAnswer(deps.sql, user.id, key);
        if (stored) return replay(c, stored, scope);
      }
      const outcome = await deps.sql.begin(async (tx) => {
        const locked = await lockDonation(tx, id);
        // Past acceptances are looked up only for a charity that could have lost the donation.
        if (locked && mayHaveLostPickup(user, locked)) {
          enforce(canStillPickUp(user, locked, await wasAcceptedFor(tx, id, user.id)));
        }
        const row = await visibleDonation(tx, user, locked);
        // A duplicate that waited on the lock behind the first confirmation finds its answer here.
        if (key) {
          const stored = await findStoredAnswer(tx, user.id, key);
          if (stored) return { stored };
        }
        enforce(canConfirmPickup(user, row));
        const picked = await markDonationPicked(tx, id, report);
        await recordHistory(tx, {
          actor: user,
          kind: 'pickup.confirmed',
          donationId: id,
          fromState: row.status,
          toState: picked.status,
          // The note stays on the donation, for its parties: the timeline is read more widely.
          detail: report ? { weightKg: report.weightKg, outcome: report.outcome, ...(report.reason ? { reason: report.reason } : {}) } : {},
          idempotencyKey: key,
        });
        const body = { modifiedCount: 1, donation: toDonation(picked, canSeeCharityEmail(user, picked)) };
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
        enforce(canReviewDonation(user, row));
        const reviewed = await setDonationReview(tx, id, review);
        return toDonation(reviewed, canSeeCharityEmail(user, reviewed));
      });
      return c.json({ modifiedCount: 1, donation });
    })
    .get('/my-pickups', async (c) => {
      const email = c.req.query('email');
      if (!email) throw badRequest('email is required');
      const user = requireUser(c);
      enforce(isSelfOrAdmin(user, email));
      const status = statusQuery(c, DONATION_STATUSES);
      const page = parsePage(c);
      const rows = pageOf(c, await listPickups(deps.sql, email, page, status), page);
      return c.json(rows.map((r) => toPickupItem(r, canSeeCharityEmail(user, r))));
    });

async function reviewByAdmin(c: Context<AppEnv>, deps: Deps, status: Extract<DonationStatus, 'Verified' | 'Rejected'>) {
  const admin = requireUser(c);
  enforce(hasRole(admin, 'admin'));
  const id = parseId(c.req.param('id'));
  const modifiedCount = await deps.sql.begin(async (tx) => {
    const reviewed = await reviewPendingDonation(tx, id, status);
    if (!reviewed) return 0;
    await recordHistory(tx, {
      actor: admin,
      kind: status === 'Verified' ? 'donation.verified' : 'donation.rejected',
      donationId: id,
      fromState: 'Pending',
      toState: status,
      detail: reviewed.reverify_reason ? { reverifyReason: reviewed.reverify_reason } : {},
    });
    return 1;
  });
  if (modifiedCount === 0) {
    const row = await findDonation(deps.sql, id);
    if (!row) throw notFound('Donation');
    // The update is atomic; it changed nothing because the donation is no longer Pending, and this says so.
    enforce(canJudgeDonation(row, status));
  }
  return c.json({ modifiedCount });
}
