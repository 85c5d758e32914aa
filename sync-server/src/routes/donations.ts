import type { Context } from 'hono';
import { z } from 'zod';
import {
  DONATION_STATUSES,
  DonationCreateSchema,
  foodSafetyProblem,
  DonationReviewSchema,
  DonationSchema,
  DonationUpdateSchema,
  AssigneeUpdateSchema,
  PickupItemSchema,
  FOOD_TYPES,
  ALLERGENS,
  DIETARY_TAGS,
  PickupReportSchema,
  PICKUP_UNDO_MINUTES,
  canonical,
  type DonationStatus,
} from '@foodbridge/shared';
import { dayInZone, isTimeZone, PICKUP_WINDOW_MAX_HOURS, pickupWindowProblem, pickupWindowText } from '@foodbridge/shared/pickup-window';
import type { AuthUser } from '../auth/auth-user.ts';
import {
  canAssignPickup,
  canClaimPickup,
  canConfirmPickup,
  canSeeCharityEmail,
  canUndoPickup,
  isCharityMember,
  canDeleteDonation,
  canEditDonation,
  canJudgeDonation,
  canReviewDonation,
  canStillPickUp,
  donationScopeOf,
  enforce,
  isOwnOrganisationOrAdmin,
  mayHaveLostPickup,
  party,
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
  setPickupAssignee,
  reverifyReasonOf,
  reviewPendingDonation,
  setDonationReview,
  softDeleteDonation,
  toDonation,
  toPickupItem,
  undoDonationPicked,
  updateDonationFields,
  type DonationFilters,
  type DonationSort,
} from '../db/donations.ts';
import { recordHistory } from '../db/history.ts';
import { findMember, organisationProfile } from '../db/organisations.ts';
import { findStoredAnswer, storeAnswer } from '../db/idempotency.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { idempotencyKey, replay } from '../http/idempotency.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { parseId, parseJson } from '../http/validate.ts';
import { Deleted, DonationChange, err, Inserted, list, Modified, ok, UUID } from '../openapi/responses.ts';

/** `?status=` in any casing, as a canonical status; an unknown one is a 400 rather than an empty list. */
export function statusQuery<T extends string>(c: Context, values: readonly T[]): T | undefined {
  const raw = c.req.query('status');
  if (raw === undefined || raw === '') return undefined;
  const status = canonical(values, raw);
  // The caller's text is repeated only when it is short and plain: never a page of text or control characters.
  const shown = /^[\w -]{1,20}$/.test(raw) ? ` '${raw}'` : '';
  if (!status) throw badRequest('donations/unknown-status', { shown, allowed: values.join(', ') });
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
  if (q && q.length > SEARCH_MAX) throw badRequest('donations/search-too-long', { max: SEARCH_MAX });
  const rawType = c.req.query('foodType');
  const foodType = rawType ? canonical(FOOD_TYPES, rawType) : undefined;
  if (rawType && !foodType) throw badRequest('donations/unknown-food-type', { allowed: FOOD_TYPES.join(', ') });
  return { q, foodType, sort: sortQuery(c), pickup: pickupDayQuery(c), dietary: listQuery(c, 'dietary', DIETARY_TAGS), freeFrom: listQuery(c, 'freeFrom', ALLERGENS) };
}

/** `?dietary=vegan,halal` or `?freeFrom=milk,eggs`: values of one list, any casing, comma-separated; or a 400. */
function listQuery<T extends string>(c: Context, name: 'dietary' | 'freeFrom', allowed: readonly T[]): T[] | undefined {
  const raw = c.req.query(name)?.trim();
  if (!raw) return undefined;
  return raw.split(',').map((v) => {
    const value = canonical(allowed, v.trim());
    if (!value) throw badRequest(name === 'dietary' ? 'donations/unknown-dietary' : 'donations/unknown-allergen', { allowed: allowed.join(', ') });
    return value;
  });
}

const SORTS = ['newest', 'bestBefore', 'distance', 'pickupStart'] as const;
const PICKUP_DAYS = ['today', 'tomorrow'] as const;

/**
 * `?pickup=today|tomorrow`: donations whose pickup window overlaps that day, midnight to midnight in `?tz=` (an IANA
 * zone such as Europe/Berlin; UTC without one). Those without a window are left out.
 */
function pickupDayQuery(c: Context): DonationFilters['pickup'] {
  const raw = c.req.query('pickup');
  const tz = c.req.query('tz') || 'UTC';
  if (!isTimeZone(tz)) throw badRequest('donations/unknown-time-zone');
  if (raw === undefined || raw === '') return undefined;
  const day = canonical(PICKUP_DAYS, raw);
  if (!day) throw badRequest('donations/unknown-pickup-day', { allowed: PICKUP_DAYS.join(', ') });
  return dayInZone(day, tz);
}


/** `?sort=newest|bestBefore|distance`, the last with `?near=LAT,LNG`; or a 400 that says what to send. */
function sortQuery(c: Context): DonationSort | undefined {
  const raw = c.req.query('sort');
  const near = c.req.query('near');
  if (raw === undefined || raw === '') {
    if (near) throw badRequest('donations/near-without-distance');
    return undefined;
  }
  const by = canonical(SORTS, raw);
  if (!by) throw badRequest('donations/unknown-sort', { allowed: SORTS.join(', ') });
  if (by !== 'distance') return { by };
  const match = /^\s*(-?\d{1,3}(?:\.\d{1,10})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,10})?)\s*$/.exec(near ?? '');
  const lat = Number(match?.[1]);
  const lng = Number(match?.[2]);
  if (!match || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw badRequest('donations/distance-without-near');
  }
  return { by, near: { lat, lng } };
}

const donationId = { id: 'The donation’s id.' };
/** What the lists' filters and orders may refuse (listFilters). */
const LIST_REFUSALS = [
  'donations/distance-without-near',
  'donations/near-without-distance',
  'donations/search-too-long',
  'donations/unknown-food-type',
  'donations/unknown-dietary',
  'donations/unknown-allergen',
  'donations/unknown-sort',
  'donations/unknown-pickup-day',
  'donations/unknown-time-zone',
] as const;
const SORT_QUERY = [
  { name: 'foodType', description: 'Only this food type.', schema: z.enum(FOOD_TYPES) },
  { name: 'dietary', description: 'Only donations with every one of these dietary tags (comma-separated).', schema: z.string() },
  {
    name: 'freeFrom',
    description: 'Only donations whose restaurant said they hold none of these allergens (comma-separated); those that did not say are left out.',
    schema: z.string(),
  },
  { name: 'sort', description: 'Order; `distance` needs `near`.', schema: z.enum(SORTS) },
  { name: 'near', description: '`LAT,LNG` for `sort=distance`.', schema: z.string() },
  { name: 'pickup', description: 'Only donations whose pickup window overlaps this day (midnight to midnight in `tz`).', schema: z.enum(PICKUP_DAYS) },
  { name: 'tz', description: 'The time zone of `pickup`’s day, an IANA name such as `Europe/Berlin`; UTC without one.', schema: z.string() },
] as const;

export const donationRoutes = [
  route(
    {
      method: 'get',
      path: '/donations',
      summary: 'Donations visible to the caller (all for an admin, a restaurant’s own)',
      tags: ['Donations'],
      security: 'optional',
      list: true,
      query: [
        { name: 'status', description: 'Only donations in this status.', schema: z.enum(DONATION_STATUSES) },
        { name: 'q', description: 'Words of the title, restaurant or location (any case, accents ignored).', schema: z.string() },
        ...SORT_QUERY,
      ],
      responses: { 200: list('Donations.', DonationSchema), 400: err('Invalid filter.', ...LIST_REFUSALS, 'donations/unknown-status') },
    },
    async (c, { deps, user }) => {
      const status = statusQuery(c, DONATION_STATUSES);
      const page = parsePage(c);
      const rows = pageOf(c, await listDonations(deps.sql, donationScopeOf(user), page, { ...listFilters(c), status }), page);
      return c.json(rows.map((r) => toDonation(r, canSeeCharityEmail(user, r))));
    },
  ),
  // Declared before /donations/:id so that 'verified' is never read as an id.
  route(
    {
      method: 'get',
      path: '/donations/verified',
      summary: 'Verified donations open to requests (public)',
      tags: ['Donations'],
      security: 'optional',
      list: true,
      query: [{ name: 'q', description: 'Words of the title, restaurant or location.', schema: z.string() }, ...SORT_QUERY],
      responses: { 200: list('Donations.', DonationSchema), 400: err('Invalid filter.', ...LIST_REFUSALS) },
    },
    async (c, { deps, user }) => {
      const page = parsePage(c);
      const rows = pageOf(c, await listDonations(deps.sql, { kind: 'verified' }, page, listFilters(c)), page);
      return c.json(rows.map((r) => toDonation(r, canSeeCharityEmail(user, r))));
    },
  ),
  route(
    {
      method: 'get',
      path: '/donations/:id',
      summary: 'One donation',
      tags: ['Donations'],
      security: 'optional',
      params: donationId,
      responses: { 200: ok('The donation.', DonationSchema), 404: err('No such donation (or not visible to the caller).', 'not-found/donation') },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const row = await visibleDonation(deps.sql, user, await findDonation(deps.sql, id));
      return c.json(toDonation(row, canSeeCharityEmail(user, row), isCharityMember(user, row)));
    },
  ),
  // Only a restaurant offers food, under its own name: an admin cannot create on someone's behalf.
  route(
    {
      method: 'post',
      path: '/donations',
      summary: 'Post a donation (restaurant)',
      tags: ['Donations'],
      security: 'bearer',
      roles: ['restaurant'],
      body: {
        schema: DonationCreateSchema,
        example: {
          title: 'Sourdough loaves',
          foodType: 'Bakery',
          quantity: 12,
          unit: 'portions',
          pickupStart: '2030-06-03T18:00:00+02:00',
          pickupEnd: '2030-06-03T20:00:00+02:00',
          location: '12 Market Street',
          image: `/images/${UUID}`,
        },
      },
      responses: { 201: ok('Created (Pending until an admin verifies it).', Inserted), 400: err('Invalid input.'), 403: err('Restaurants only.') },
    },
    async (c, { deps, user }) => {
      const body = await parseJson(c, DonationCreateSchema);
      const insertedId = await deps.sql.begin(async (tx) => {
        // The restaurant posts it, whichever of its members types it in (ADR 018): its id, name and e-mail, and,
        // without coordinates of the donation's own, its pickup point (the profile, still its founding account's).
        const restaurant = await organisationProfile(tx, party(user) ?? user.id);
        const place = body.latitude === undefined && restaurant.latitude != null && restaurant.longitude != null ? { latitude: restaurant.latitude, longitude: restaurant.longitude } : {};
        const row = await insertDonation(tx, {
          ...place,
          ...body,
          // The spec's clients read the window in words: in the restaurant's language and the window's local time.
          pickupTime: body.pickupTime ?? pickupWindowText(body.pickupStart!, body.pickupEnd!, restaurant.locale ?? 'en'),
          restaurantId: restaurant.id,
          restaurantName: restaurant.name,
          restaurantEmail: restaurant.email,
        });
        await recordHistory(tx, { actor: user, kind: 'donation.created', donationId: row.id, toState: row.status });
        return row.id;
      });
      return c.json({ insertedId }, 201);
    },
  ),
  route(
    {
      method: 'patch',
      path: '/donations/:id',
      summary: 'Edit a donation (its restaurant)',
      tags: ['Donations'],
      security: 'bearer',
      params: donationId,
      body: { schema: DonationUpdateSchema, example: { quantity: 10, pickupTime: 'Today 19:00-21:00' } },
      responses: { 200: ok('Updated.', Modified), 400: err('Invalid input.'), 403: err('Not yours.', 'donations/update-not-owner'), 404: err('No such donation.', 'not-found/donation'), 409: err('No longer editable.', 'donations/update-accepted', 'donations/update-rejected') },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const body = await parseJson(c, DonationUpdateSchema);
      const modifiedCount = await deps.sql.begin(async (tx) => {
        const row = await visibleDonation(tx, user, await lockDonation(tx, id));
        const given = Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined);
        enforce(canEditDonation(user, row, { quantityOnly: given.every((k) => k === 'quantity' || k === 'unit') }));
        // The window and best before as they will be together: a new best before alone must not cut the window short.
        // A window that has passed may stay as it is while other fields change.
        if (body.pickupStart !== undefined || body.bestBefore !== undefined) {
          const together = { pickupStart: body.pickupStart ?? row.pickup_start, pickupEnd: body.pickupEnd ?? row.pickup_end, bestBefore: body.bestBefore ?? row.best_before };
          const problem = pickupWindowProblem(together, { ended: body.pickupStart !== undefined });
          if (problem) throw badRequest(problem, { hours: PICKUP_WINDOW_MAX_HOURS });
        }
        // Food safety as it will stand: an edit of one side (the tags, say) must not contradict the other as stored.
        if (body.allergens !== undefined || body.dietary !== undefined) {
          const problem = foodSafetyProblem({ allergens: body.allergens ?? row.allergens, dietary: body.dietary ?? row.dietary });
          if (problem) throw badRequest(problem);
        }
        const changes =
          body.pickupStart && body.pickupEnd && body.pickupTime === undefined
            ? { ...body, pickupTime: pickupWindowText(body.pickupStart, body.pickupEnd, (await organisationProfile(tx, row.restaurant_id)).locale ?? 'en') }
            : body;
        // Requests made while it was Verified stay Pending: accepting waits for the new check (canAcceptRequest).
        const reverifyReason = reverifyReasonOf(row, changes);
        const edited = await updateDonationFields(tx, id, changes, reverifyReason);
        await recordHistory(tx, {
          actor: user,
          kind: 'donation.edited',
          donationId: id,
          fromState: row.status,
          toState: edited.status,
          detail: {
            fields: given,
            ...(reverifyReason ? { reverifyReason } : {}),
            // A given pickup's new quantity, for its charity's notification.
            ...(row.charity_id ? { charityId: row.charity_id, quantity: Number(edited.quantity), unit: edited.unit } : {}),
          },
        });
        return 1;
      });
      return c.json({ modifiedCount });
    },
  ),
  route(
    {
      method: 'delete',
      path: '/donations/:id',
      summary: 'Delete a donation (its restaurant or an admin)',
      tags: ['Donations'],
      security: 'bearer',
      params: donationId,
      responses: { 200: ok('Deleted.', Deleted), 403: err('Not yours, or not a manager of the restaurant.', 'donations/delete-not-owner', 'organisations/leads-only'), 404: err('No such donation.', 'not-found/donation'), 409: err('Already given to a charity, or collected.', 'donations/delete-accepted', 'donations/delete-picked') },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const deletedCount = await deps.sql.begin(async (tx) => {
        const row = await visibleDonation(tx, user, await lockDonation(tx, id));
        enforce(canDeleteDonation(user, row));
        const deleted = await softDeleteDonation(tx, id);
        if (deleted) await recordHistory(tx, { actor: user, kind: 'donation.deleted', donationId: id, fromState: row.status });
        return deleted;
      });
      return c.json({ deletedCount });
    },
  ),
  adminVerdict('verify', 'Verified'),
  adminVerdict('reject', 'Rejected'),
  route(
    {
      method: 'patch',
      path: '/donations/pickup/:id',
      summary: 'Confirm a pickup (the assigned charity), with an optional report',
      description: 'Safe to retry with the same `Idempotency-Key`: the first answer is replayed.',
      tags: ['Donations'],
      security: 'bearer',
      params: donationId,
      headers: [{ name: 'Idempotency-Key', description: 'Any unique string per pickup attempt; a retry with the same key gets the stored answer.' }],
      body: { schema: PickupReportSchema, example: { weightKg: 8.5, outcome: 'all' }, required: false },
      responses: {
        200: ok('Picked (or the stored answer to the same Idempotency-Key).', DonationChange),
        400: err('Invalid report.', 'request/idempotency-key-too-long'),
        403: err('Not the assigned charity.', 'pickups/not-your-pickup'),
        404: err('No such donation.', 'not-found/donation'),
        409: err('Not ready for pickup, or another driver of the charity has it.', 'pickups/already-confirmed', 'pickups/not-accepted', 'pickups/reassigned', 'pickups/has-driver'),
        422: err('This Idempotency-Key was already used for a different request.', 'request/idempotency-key-reused'),
      },
    },
    async (c, { deps, user }) => {
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
          enforce(canStillPickUp(user, locked, await wasAcceptedFor(tx, id, party(user) ?? user.id)));
        }
        const row = await visibleDonation(tx, user, locked);
        // A duplicate that waited on the lock behind the first confirmation finds its answer here.
        if (key) {
          const stored = await findStoredAnswer(tx, user.id, key);
          if (stored) return { stored };
        }
        enforce(canConfirmPickup(user, row));
        // A driver confirming one nobody had takes it: the pickup, its report and the figures name them.
        if (user.memberRole === 'driver' && !row.assignee_id) await setPickupAssignee(tx, id, { id: user.id, name: user.name });
        const picked = await markDonationPicked(tx, id, report, user.id);
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
        const body = { modifiedCount: 1, donation: toDonation(picked, canSeeCharityEmail(user, picked), isCharityMember(user, picked)) };
        if (key && !(await storeAnswer(tx, { userId: user.id, key, scope, statusCode: 200, body }))) {
          throw conflict('request/idempotency-key-reused');
        }
        return { body };
      });
      if (outcome.stored) return replay(c, outcome.stored, scope);
      return c.json(outcome.body);
    },
  ),
  route(
    {
      method: 'delete',
      path: '/donations/pickup/:id',
      summary: 'Undo a pickup confirmation (the charity, within minutes)',
      description: `A wrong tap on Confirm Pickup: within ${PICKUP_UNDO_MINUTES} minutes the charity makes the pickup Accepted (or Assigned to its driver) again. A driver undoes their own confirmation, a coordinator any of the charity's. The history keeps both the confirmation, with its report, and the undoing.`,
      tags: ['Donations'],
      security: 'bearer',
      roles: ['charity'],
      params: donationId,
      responses: {
        200: ok('Accepted or Assigned again.', DonationChange),
        403: err('Not the charity’s pickup, or another driver’s confirmation.', 'pickups/not-your-pickup'),
        404: err('No such donation.', 'not-found/donation'),
        409: err('Not confirmed, or confirmed too long ago.', 'pickups/not-picked', 'pickups/undo-too-late'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const body = await deps.sql.begin(async (tx) => {
        const row = await visibleDonation(tx, user, await lockDonation(tx, id));
        enforce(canUndoPickup(user, row));
        const undone = await undoDonationPicked(tx, id);
        const report = row.pickup_outcome ? { weightKg: row.pickup_weight_kg === null ? null : Number(row.pickup_weight_kg), outcome: row.pickup_outcome } : {};
        await recordHistory(tx, { actor: user, kind: 'pickup.undone', donationId: id, fromState: row.status, toState: undone.status, detail: report });
        return { modifiedCount: 1, donation: toDonation(undone, canSeeCharityEmail(user, undone), isCharityMember(user, undone)) };
      });
      return c.json(body);
    },
  ),
  route(
    {
      method: 'post',
      path: '/donations/:id/claim',
      summary: 'Take a pickup of one’s charity (a driver claiming a run)',
      description: 'The pickup becomes Assigned to the caller (`assigneeName`, and `assignedTo` with `assignedType: driver`). Two claims at once: the first wins, the other gets 409 naming who has it.',
      tags: ['Donations'],
      security: 'bearer',
      roles: ['charity'],
      params: donationId,
      responses: {
        200: ok('Taken (0 when the caller had it already).', DonationChange),
        403: err('Not a member of the charity it was given to.', 'pickups/not-your-pickup'),
        404: err('No such donation.', 'not-found/donation'),
        409: err('Another member has it, or it is not waiting for collection.', 'pickups/has-driver', 'pickups/not-accepted'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const answer = await deps.sql.begin(async (tx) => {
        const row = await visibleDonation(tx, user, await lockDonation(tx, id));
        enforce(canClaimPickup(user, row));
        if (row.assignee_id === user.id) return { modifiedCount: 0, donation: toDonation(row, true, true) };
        const taken = await setPickupAssignee(tx, id, { id: user.id, name: user.name });
        await recordHistory(tx, { actor: user, kind: 'pickup.claimed', donationId: id, fromState: row.status, toState: taken.status });
        return { modifiedCount: 1, donation: toDonation(taken, true, true) };
      });
      return c.json(answer);
    },
  ),
  route(
    {
      method: 'patch',
      path: '/donations/:id/assignee',
      summary: 'Give a pickup to a member of the charity, or to nobody (a coordinator)',
      description: 'With `userId` the pickup becomes Assigned to that member, who is told; with `null` it is Accepted again, for any member to claim.',
      tags: ['Donations'],
      security: 'bearer',
      roles: ['charity'],
      params: donationId,
      body: { schema: AssigneeUpdateSchema, example: { userId: UUID } },
      responses: {
        200: ok('Assigned or released (0 when nothing changed).', DonationChange),
        403: err('Not a coordinator of the charity it was given to.', 'pickups/not-your-pickup', 'organisations/leads-only'),
        404: err('No such donation, or no such member of the charity.', 'not-found/donation', 'not-found/member'),
        409: err('It is not waiting for collection.', 'pickups/not-accepted'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const { userId } = await parseJson(c, AssigneeUpdateSchema);
      const answer = await deps.sql.begin(async (tx) => {
        const row = await visibleDonation(tx, user, await lockDonation(tx, id));
        enforce(canAssignPickup(user, row));
        const member = userId === null ? null : ((await findMember(tx, row.charity_id!, userId)) ?? null);
        if (userId !== null && !member) throw notFound('not-found/member');
        if ((member?.id ?? null) === row.assignee_id) return { modifiedCount: 0, donation: toDonation(row, true, true) };
        const changed = await setPickupAssignee(tx, id, member);
        await recordHistory(tx, {
          actor: user,
          kind: member ? 'pickup.assigned' : 'pickup.unassigned',
          donationId: id,
          fromState: row.status,
          toState: changed.status,
          detail: { userId: member?.id ?? row.assignee_id, name: member?.name ?? row.assigned_to },
        });
        return { modifiedCount: 1, donation: toDonation(changed, true, true) };
      });
      return c.json(answer);
    },
  ),
  route(
    {
      method: 'patch',
      path: '/donations/review/:id',
      summary: 'Leave the charity’s review on a picked donation',
      tags: ['Donations'],
      security: 'bearer',
      params: donationId,
      body: { schema: DonationReviewSchema, example: { review: 'Collected on time, thank you!' } },
      responses: { 200: ok('Reviewed.', DonationChange), 403: err('Not the charity that picked it up.', 'reviews/not-your-pickup'), 404: err('No such donation.', 'not-found/donation'), 409: err('In a state that does not allow it.', 'reviews/not-picked') },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const { review } = await parseJson(c, DonationReviewSchema);
      const donation = await deps.sql.begin(async (tx) => {
        const row = await visibleDonation(tx, user, await lockDonation(tx, id));
        enforce(canReviewDonation(user, row));
        const reviewed = await setDonationReview(tx, id, review);
        return toDonation(reviewed, canSeeCharityEmail(user, reviewed));
      });
      return c.json({ modifiedCount: 1, donation });
    },
  ),
  route(
    {
      method: 'get',
      path: '/my-pickups',
      summary: 'A charity’s pickups',
      tags: ['Donations'],
      security: 'bearer',
      list: true,
      query: [
        { name: 'email', description: 'The charity’s e-mail (one’s own charity’s unless admin).', schema: z.string(), required: true },
        { name: 'status', description: 'Only pickups in this status.', schema: z.enum(DONATION_STATUSES) },
      ],
      responses: { 200: list('Pickups.', PickupItemSchema), 400: err('email is required, or an unknown status.', 'request/email-required', 'donations/unknown-status'), 403: err('Charities and admins only.', 'access/denied') },
    },
    async (c, { deps, user }) => {
      const email = c.req.query('email');
      if (!email) throw badRequest('request/email-required');
      enforce(isOwnOrganisationOrAdmin(user, email));
      const status = statusQuery(c, DONATION_STATUSES);
      const page = parsePage(c);
      const rows = pageOf(c, await listPickups(deps.sql, email, page, status), page);
      return c.json(rows.map((r) => toPickupItem(r, canSeeCharityEmail(user, r), isCharityMember(user, r))));
    },
  ),
];

/** `PATCH /donations/verify/:id` or `/reject/:id`: the admin's verdict on a Pending donation. */
function adminVerdict(verb: 'verify' | 'reject', status: Extract<DonationStatus, 'Verified' | 'Rejected'>) {
  return route(
    {
      method: 'patch',
      path: `/donations/${verb}/:id`,
      summary: `${verb === 'verify' ? 'Verify' : 'Reject'} a donation (admin)`,
      tags: ['Donations'],
      security: 'bearer',
      roles: ['admin'],
      params: donationId,
      responses: { 200: ok(`${status}.`, Modified), 403: err('Admins only.'), 404: err('No such donation.', 'not-found/donation'), 409: err('Not pending.', 'donations/not-pending') },
    },
    (c, { deps, user }) => reviewByAdmin(c, deps, user, status),
  );
}

/** The admin's verdict on a Pending donation (the route checked the role). */
async function reviewByAdmin(c: Context<AppEnv>, deps: Deps, admin: AuthUser, status: Extract<DonationStatus, 'Verified' | 'Rejected'>) {
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
    if (!row) throw notFound('not-found/donation');
    // The update is atomic; it changed nothing because the donation is no longer Pending, and this says so.
    enforce(canJudgeDonation(row, status));
  }
  return c.json({ modifiedCount });
}
