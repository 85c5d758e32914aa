import { z } from 'zod';
import {
  DonationSeriesCreateSchema,
  DonationSeriesSchema,
  DonationSeriesUpdateSchema,
  SeriesRequestCreateSchema,
  SeriesRequestSchema,
  SeriesSkipSchema,
  type DonationSeries,
} from '@foodbridge/shared/schemas/donation-series';
import { addDays, dateInZone, SERIES_DAYS_AHEAD, type IsoDate } from '@foodbridge/shared/series-dates';
import type { AuthUser } from '../auth/auth-user.ts';
import {
  canAnswerSeriesRequest,
  canEditSeries,
  canEndSeries,
  canEndSeriesRequest,
  canJudgeSeries,
  canRequestSeries,
  canSeeSeries,
  canSeeSeriesRequest,
  enforce,
  party,
  seriesScopeOf,
} from '../auth/permissions.ts';
import type { TxSql } from '../db/connection.ts';
import { recordHistory, recordUntoldHistory } from '../db/history.ts';
import { organisationProfile } from '../db/organisations.ts';
import {
  charityMember,
  declineOtherSeriesRequests,
  endRequestsOfSeries,
  endSeries,
  findSeries,
  findSeriesRequest,
  giveComingOccurrences,
  hasAskedForSeries,
  insertAcceptedRequests,
  insertSeries,
  insertSeriesRequest,
  insertSkip,
  listSeries,
  listSeriesRequests,
  lockComingOccurrences,
  lockOccurrence,
  lockSeries,
  lockSeriesRequest,
  releaseComingOccurrences,
  reviewSeries,
  seriesReverifyReasonOf,
  setSeriesRequestStatus,
  skipsOf,
  standingPickupsOf,
  toSeries,
  toSeriesRequest,
  updateSeries,
  withdrawOccurrences,
  type SeriesRow,
  type StandingRow,
} from '../db/series.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { parseId, parseJson } from '../http/validate.ts';
import { Deleted, err, Inserted, list, Modified, ok, UUID } from '../openapi/responses.ts';
import { parseRrule, scheduleOf, seriesDates } from '../series/dates.ts';
import { acceptedRequestOf, writeOccurrences } from '../series/generate.ts';

// Regular donations and standing pickups (issue 47, ADR 020). A series is verified once; its occurrences are ordinary
// donations written a week ahead (series/generate.ts), so every list, pickup and report works on them unchanged.

const seriesId = { id: 'The regular donation’s id.' };
const requestId = { id: 'The standing pickup request’s id.' };
const NOT_FOUND = err('No such regular donation (or not visible to the caller).', 'not-found/series');
const REQUEST_NOT_FOUND = err('No such standing pickup request.', 'not-found/series-request');
const RRULE_REFUSED = 'validation/series-rrule' as const;

/** An RRULE the generator cannot follow is refused when it is given, not found out a week later. */
function checkRrule(rrule: string | undefined, startDate: IsoDate) {
  if (rrule !== undefined && !parseRrule(rrule, startDate)) throw badRequest(RRULE_REFUSED);
}

/** The series as the caller sees it: its coming dates (today in its zone on), skips, and its standing pickup. */
async function seriesViews(deps: Pick<Deps, 'sql'>, user: AuthUser, rows: readonly SeriesRow[]): Promise<DonationSeries[]> {
  const ids = rows.map((r) => r.id);
  // From yesterday in UTC: every zone's today is at most a day from it; each series keeps those from its own today.
  const [skips, standing] = await Promise.all([skipsOf(deps.sql, ids, addDays(dateInZone('UTC'), -1)), standingPickupsOf(deps.sql, ids)]);
  return rows.map((r) => {
    const today = dateInZone(r.time_zone);
    const skipped = (skips.get(r.id) ?? []).filter((d) => d >= today);
    const running = r.status !== 'Ended' && r.status !== 'Rejected' && !r.paused;
    const nextDates = running
      ? seriesDates(scheduleOf(r), today, addDays(today, SERIES_DAYS_AHEAD - 1)).filter(
          (d) => !skipped.includes(d),
        )
      : [];
    return toSeries(r, { skippedDates: skipped, nextDates, standingPickup: standingView(user, standing.get(r.id)) });
  });
}

function standingView(user: AuthUser, s: StandingRow | undefined): DonationSeries['standingPickup'] {
  if (!s) return undefined;
  const own = s.charity_id === party(user);
  return { requestId: s.id, charityName: s.charity_name, status: s.status, ...(own && s.assignee_name ? { assigneeName: s.assignee_name } : {}) };
}

/** The series if the caller may see it; 404 otherwise. */
async function visibleSeries(deps: Pick<Deps, 'sql'>, user: AuthUser, id: string): Promise<SeriesRow> {
  const row = await findSeries(deps.sql, id);
  if (!row) throw notFound('not-found/series');
  enforce(canSeeSeries(user, row, user.role === 'charity' && (await hasAskedForSeries(deps.sql, id, party(user)))));
  return row;
}

/** What every entry about a series carries: the notifications read their words and readers from it. */
const seriesFacts = (row: Pick<SeriesRow, 'id' | 'title' | 'restaurant_id' | 'restaurant_name'>) => ({
  seriesId: row.id,
  seriesTitle: row.title,
  restaurantId: row.restaurant_id,
  restaurantName: row.restaurant_name,
});

/** Ends a series' live standing pickup and request; their charities are told by `series.ended`. */
async function endSeriesRequests(tx: TxSql, user: AuthUser, row: SeriesRow) {
  const ended = await endRequestsOfSeries(tx, row.id, user.id);
  await recordHistory(
    tx,
    ...ended.map((r) => ({ actor: user, kind: 'series-request.ended' as const, requestId: r.id, fromState: r.status, toState: 'Ended', detail: { ...seriesFacts(row), charityId: r.charity_id, charityName: r.charity_name, by: 'restaurant' } })),
  );
}

export const donationSeriesRoutes = [
  route(
    {
      method: 'post',
      path: '/donation-series',
      summary: 'Define a regular donation (restaurant)',
      description: `What the restaurant gives again and again, on weekdays or by an RRULE, in a window of local times in its zone. Pending until an admin verifies it once; from then on its occurrences are written ${SERIES_DAYS_AHEAD} days ahead as Verified donations (\`seriesId\` names it).`,
      tags: ['Regular donations'],
      security: 'bearer',
      roles: ['restaurant'],
      body: {
        schema: DonationSeriesCreateSchema,
        example: {
          title: 'Unsold bread',
          foodType: 'Bakery',
          quantity: 8,
          unit: 'kg',
          image: `/images/${UUID}`,
          location: '12 Market Street',
          weekdays: [1, 2, 3, 4, 5],
          windowStart: '18:00',
          windowEnd: '20:00',
          timeZone: 'Europe/Berlin',
          startDate: '2030-06-03',
          keepsHours: 12,
        },
      },
      responses: { 201: ok('Created (Pending until an admin verifies it).', Inserted), 400: err('Invalid input.', RRULE_REFUSED) },
    },
    async (c, { deps, user }) => {
      const body = await parseJson(c, DonationSeriesCreateSchema);
      checkRrule(body.rrule, body.startDate);
      const insertedId = await deps.sql.begin(async (tx) => {
        const restaurant = await organisationProfile(tx, party(user) ?? user.id);
        const place = body.latitude === undefined && restaurant.latitude != null && restaurant.longitude != null ? { latitude: restaurant.latitude, longitude: restaurant.longitude } : {};
        const row = await insertSeries(tx, { ...place, ...body, restaurantId: restaurant.id, restaurantName: restaurant.name, restaurantEmail: restaurant.email });
        await recordHistory(tx, { actor: user, kind: 'series.created', toState: row.status, detail: seriesFacts(row) });
        return row.id;
      });
      return c.json({ insertedId }, 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/donation-series',
      summary: 'Regular donations (a restaurant its own, an admin all, a charity those on offer)',
      description: 'A charity sees the verified ones, and those it has asked for whatever became of them. Newest first, at most 500.',
      tags: ['Regular donations'],
      security: 'bearer',
      responses: { 200: list('Regular donations.', DonationSeriesSchema), 403: err('Plain accounts have none.', 'access/denied') },
    },
    async (c, { deps, user }) => {
      const scope = seriesScopeOf(user);
      enforce(scope);
      return c.json(await seriesViews(deps, user, await listSeries(deps.sql, scope.scope)));
    },
  ),
  route(
    {
      method: 'get',
      path: '/donation-series/:id',
      summary: 'One regular donation',
      tags: ['Regular donations'],
      security: 'bearer',
      params: seriesId,
      responses: { 200: ok('The regular donation.', DonationSeriesSchema), 404: NOT_FOUND },
    },
    async (c, { deps, user }) => {
      const row = await visibleSeries(deps, user, parseId(c.req.param('id')));
      const [view] = await seriesViews(deps, user, [row]);
      return c.json(view);
    },
  ),
  route(
    {
      method: 'patch',
      path: '/donation-series/:id',
      summary: 'Change a regular donation (its restaurant)',
      description:
        'Only the fields given change; occurrences written already keep what they had (change one with PATCH /donations/{id}). A change of what an admin checked (title, food type, picture, place) sends a Verified series back to Pending, and no new occurrences are written until it is verified again. `paused: true` stops them; `false` restarts.',
      tags: ['Regular donations'],
      security: 'bearer',
      params: seriesId,
      body: { schema: DonationSeriesUpdateSchema, example: { quantity: 10, weekdays: [1, 3, 5] } },
      responses: {
        200: ok('The regular donation as it is now.', DonationSeriesSchema),
        400: err('Invalid input.', RRULE_REFUSED),
        403: err('Not the caller’s restaurant’s.', 'series/not-owner'),
        404: NOT_FOUND,
        409: err('Ended or rejected.', 'series/ended', 'series/rejected'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const body = await parseJson(c, DonationSeriesUpdateSchema);
      const row = await deps.sql.begin(async (tx) => {
        const before = await lockSeries(tx, id);
        if (!before) throw notFound('not-found/series');
        enforce(canSeeSeries(user, before, false));
        enforce(canEditSeries(user, before));
        // The rules between fields, against what the series has.
        const windowStart = body.windowStart ?? before.window_start;
        if ((body.windowEnd ?? before.window_end) === windowStart) throw badRequest('validation/series-window-empty');
        const startDate = body.startDate ?? before.start_date;
        const endDate = body.endDate === undefined ? before.end_date : body.endDate;
        if (endDate && endDate < startDate) throw badRequest('validation/series-dates-order');
        checkRrule(body.rrule ?? (body.weekdays ? undefined : (before.rrule ?? undefined)), startDate);
        const reason = seriesReverifyReasonOf(before, body);
        const after = await updateSeries(tx, id, body, reason);
        await recordHistory(tx, {
          actor: user,
          kind: 'series.edited',
          fromState: before.status,
          toState: after.status,
          detail: { ...seriesFacts(after), fields: Object.keys(body), ...(reason ? { reverifyReason: reason } : {}) },
        });
        return after;
      });
      const [view] = await seriesViews(deps, user, [row]);
      return c.json(view);
    },
  ),
  ...(['verify', 'reject'] as const).map((action) =>
    route(
      {
        method: 'patch',
        path: `/donation-series/${action}/:id`,
        summary: action === 'verify' ? 'Verify a regular donation (admin): its occurrences start' : 'Reject a regular donation (admin)',
        tags: ['Regular donations'],
        security: 'bearer',
        roles: ['admin'],
        params: seriesId,
        responses: { 200: ok('Done.', Modified), 404: NOT_FOUND, 409: err('Not waiting for verification.', 'series/not-pending') },
      },
      async (c, { deps, user }) => {
        const id = parseId(c.req.param('id'));
        await deps.sql.begin(async (tx) => {
          const row = await lockSeries(tx, id);
          if (!row) throw notFound('not-found/series');
          enforce(canJudgeSeries(row));
          const after = await reviewSeries(tx, id, action === 'verify' ? 'Verified' : 'Rejected');
          await recordHistory(tx, {
            actor: user,
            kind: action === 'verify' ? 'series.verified' : 'series.rejected',
            fromState: row.status,
            toState: after.status,
            detail: { ...seriesFacts(row), ...(row.reverify_reason ? { reverifyReason: row.reverify_reason } : {}) },
          });
          // Its coming week at once, not at the schedule's next round.
          if (action === 'verify') await writeOccurrences(tx, { seriesIds: [id] });
        });
        return c.json({ modifiedCount: 1 });
      },
    ),
  ),
  route(
    {
      method: 'post',
      path: '/donation-series/:id/skip',
      summary: 'Skip one date of a regular donation (its restaurant)',
      description: 'Nothing is given that day: an occurrence written already is withdrawn with its requests, and the charity of the standing pickup is told. A date further ahead is never written.',
      tags: ['Regular donations'],
      security: 'bearer',
      params: seriesId,
      body: { schema: SeriesSkipSchema, example: { date: '2030-06-05' } },
      responses: {
        200: ok('Skipped (or skipped already).', Modified),
        400: err('Not a date of the series, or past.', 'series/skip-not-a-date', 'series/skip-past'),
        403: err('Not the caller’s restaurant’s.', 'series/not-owner'),
        404: NOT_FOUND,
        409: err('Ended, rejected, or that day’s food collected already.', 'series/ended', 'series/rejected', 'series/skip-collected'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const { date } = await parseJson(c, SeriesSkipSchema);
      const modifiedCount = await deps.sql.begin(async (tx) => {
        const row = await lockSeries(tx, id);
        if (!row) throw notFound('not-found/series');
        enforce(canSeeSeries(user, row, false));
        enforce(canEditSeries(user, row));
        if (date < dateInZone(row.time_zone)) throw badRequest('series/skip-past');
        if (!seriesDates(scheduleOf(row), date, date).length) throw badRequest('series/skip-not-a-date', { date });
        const occurrence = await lockOccurrence(tx, id, date);
        if (occurrence && !occurrence.deleted && occurrence.status === 'Picked') throw conflict('series/skip-collected', { date });
        if (!(await insertSkip(tx, id, date))) return 0;
        const given = occurrence && !occurrence.deleted ? occurrence : undefined;
        if (given) await withdrawOccurrences(tx, [given.id]);
        const standing = (await standingPickupsOf(tx, [id])).get(id);
        // The charity that was to collect it: the occurrence's, or the standing pickup's for a date not written yet.
        const charityId = given?.charity_id ?? standing?.charity_id;
        await recordHistory(tx, {
          actor: user,
          kind: 'series.skipped',
          ...(given ? { donationId: given.id, fromState: given.status, toState: 'Deleted' } : {}),
          detail: { ...seriesFacts(row), date, ...(charityId ? { charityId } : {}) },
        });
        return 1;
      });
      return c.json({ modifiedCount });
    },
  ),
  route(
    {
      method: 'delete',
      path: '/donation-series/:id',
      summary: 'End a regular donation (its restaurant’s managers)',
      description: 'No more occurrences; those still to come are withdrawn with their requests, and its standing pickup ends. Past ones stay, with their history.',
      tags: ['Regular donations'],
      security: 'bearer',
      params: seriesId,
      responses: { 200: ok('Ended.', Deleted), 403: err('Not the caller’s restaurant’s, or not a manager.', 'series/not-owner', 'organisations/leads-only'), 404: NOT_FOUND, 409: err('Ended already.', 'series/ended') },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      await deps.sql.begin(async (tx) => {
        const row = await lockSeries(tx, id);
        if (!row) throw notFound('not-found/series');
        enforce(canSeeSeries(user, row, false));
        enforce(canEndSeries(user, row));
        const coming = await lockComingOccurrences(tx, id);
        await withdrawOccurrences(
          tx,
          coming.map((o) => o.id),
        );
        await endSeries(tx, id);
        await recordHistory(tx, { actor: user, kind: 'series.ended', fromState: row.status, toState: 'Ended', detail: { ...seriesFacts(row), withdrawn: coming.length } });
        await endSeriesRequests(tx, user, row);
        await recordUntoldHistory(
          tx,
          coming.map((o) => ({ actor: user, kind: 'donation.deleted' as const, donationId: o.id, fromState: o.status, toState: 'Deleted', detail: { seriesId: id } })),
        );
      });
      return c.json({ deletedCount: 1 });
    },
  ),
  route(
    {
      method: 'post',
      path: '/donation-series/:id/requests',
      summary: 'Ask for a standing pickup of a regular donation (charity)',
      description:
        'Once the restaurant accepts, every coming occurrence is accepted for the charity (given to `assigneeId`, one of its members, where it names one), and those written already are given to it at once.',
      tags: ['Regular donations'],
      security: 'bearer',
      roles: ['charity'],
      params: seriesId,
      body: { schema: SeriesRequestCreateSchema, example: { requestDescription: 'We collect every weekday with our van.' } },
      responses: {
        201: ok('Asked.', Inserted),
        400: err('Invalid input, or a driver not of the charity.', 'series-requests/assignee-not-member'),
        403: err('Coordinators only.', 'organisations/leads-only'),
        404: NOT_FOUND,
        409: err('Not on offer, asked already, or taken by another charity.', 'series/not-requestable', 'series-requests/already-asked', 'series-requests/taken'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const body = await parseJson(c, SeriesRequestCreateSchema);
      const insertedId = await deps.sql.begin(async (tx) => {
        const row = await lockSeries(tx, id);
        if (!row) throw notFound('not-found/series');
        enforce(canSeeSeries(user, row, await hasAskedForSeries(tx, id, party(user))));
        enforce(canRequestSeries(user, row));
        const charity = await organisationProfile(tx, party(user) ?? user.id);
        if (body.assigneeId && !(await charityMember(tx, charity.id, body.assigneeId))) throw badRequest('series-requests/assignee-not-member');
        if ((await standingPickupsOf(tx, [id])).has(id)) throw conflict('series-requests/taken');
        const request = await insertSeriesRequest(tx, { seriesId: id, charity, requestDescription: body.requestDescription, assigneeId: body.assigneeId });
        if (!request) throw conflict('series-requests/already-asked');
        await recordHistory(tx, { actor: user, kind: 'series-request.made', requestId: request.id, toState: 'Pending', detail: { ...seriesFacts(row), charityId: charity.id, charityName: charity.name } });
        return request.id;
      });
      return c.json({ insertedId }, 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/series-requests',
      summary: 'Standing pickup requests (a restaurant those for its series, a charity its own, an admin all)',
      tags: ['Regular donations'],
      security: 'bearer',
      responses: { 200: list('Newest first, at most 500.', SeriesRequestSchema), 403: err('Plain accounts have none.', 'access/denied') },
    },
    async (c, { deps, user }) => {
      const scope = seriesScopeOf(user);
      enforce(scope);
      const rows = await listSeriesRequests(deps.sql, scope.scope);
      return c.json(rows.map((r) => toSeriesRequest(r, true, r.charity_id === party(user) || user.role === 'admin')));
    },
  ),
  route(
    {
      method: 'patch',
      path: '/series-requests/accept/:id',
      summary: 'Accept a standing pickup (the series’ restaurant); the series’ other requests are declined',
      description: 'Its coming occurrences written already are given to the charity at once; the others as they are written.',
      tags: ['Regular donations'],
      security: 'bearer',
      params: requestId,
      responses: {
        200: ok('Accepted.', z.object({ modifiedCount: z.number().int(), givenCount: z.number().int() })),
        403: err('Not the caller’s restaurant’s, or not a manager.', 'series-requests/answer-not-owner', 'organisations/leads-only'),
        404: REQUEST_NOT_FOUND,
        409: err('Answered already, or the series is not on offer.', 'series-requests/not-pending', 'series/not-requestable'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const givenCount = await deps.sql.begin(async (tx) => {
        const { series, request } = await lockRequestWithSeries(tx, user, id);
        enforce(canAnswerSeriesRequest(user, series, request, true));
        // A driver who left the charity since the request was made collects nothing: the charity as a whole does.
        const assignee = request.assignee_id ? await charityMember(tx, request.charity_id, request.assignee_id) : undefined;
        await setSeriesRequestStatus(tx, id, 'Accepted', user.id);
        const declined = await declineOtherSeriesRequests(tx, series.id, id);
        const given = await giveComingOccurrences(tx, series.id, { charityId: request.charity_id, charityName: request.charity_name, charityEmail: request.charity_email, assignee: assignee ?? null });
        const standing = { charityId: request.charity_id, charityName: request.charity_name, charityEmail: request.charity_email, description: request.request_description };
        await insertAcceptedRequests(
          tx,
          given.map((g) => acceptedRequestOf({ id: g.id, start: g.pickup_start, offsetMinutes: g.pickup_offset_minutes }, standing)),
        );
        await recordHistory(
          tx,
          { actor: user, kind: 'series-request.accepted', requestId: id, fromState: 'Pending', toState: 'Accepted', detail: { ...seriesFacts(series), charityId: request.charity_id, given: given.length } },
          ...declined.map((d) => ({ actor: user, kind: 'series-request.declined' as const, requestId: d.id, fromState: 'Pending', toState: 'Declined', detail: { ...seriesFacts(series), charityId: d.charity_id } })),
        );
        await recordUntoldHistory(
          tx,
          given.map((g) => ({ actor: user, kind: 'donation.generated' as const, donationId: g.id, fromState: 'Verified', toState: assignee ? 'Assigned' : 'Accepted', detail: { seriesId: series.id, charityId: request.charity_id, standing: id } })),
        );
        return given.length;
      });
      return c.json({ modifiedCount: 1, givenCount });
    },
  ),
  route(
    {
      method: 'patch',
      path: '/series-requests/decline/:id',
      summary: 'Decline a standing pickup request (the series’ restaurant)',
      tags: ['Regular donations'],
      security: 'bearer',
      params: requestId,
      responses: {
        200: ok('Declined.', Modified),
        403: err('Not the caller’s restaurant’s, or not a manager.', 'series-requests/answer-not-owner', 'organisations/leads-only'),
        404: REQUEST_NOT_FOUND,
        409: err('Answered already.', 'series-requests/not-pending'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      await deps.sql.begin(async (tx) => {
        const { series, request } = await lockRequestWithSeries(tx, user, id);
        enforce(canAnswerSeriesRequest(user, series, request, false));
        await setSeriesRequestStatus(tx, id, 'Declined', user.id);
        await recordHistory(tx, { actor: user, kind: 'series-request.declined', requestId: id, fromState: 'Pending', toState: 'Declined', detail: { ...seriesFacts(series), charityId: request.charity_id } });
      });
      return c.json({ modifiedCount: 1 });
    },
  ),
  route(
    {
      method: 'delete',
      path: '/series-requests/:id',
      summary: 'End a standing pickup (either side), or withdraw the request (the charity)',
      description: 'Its coming occurrences given to the charity are on offer again; those collected stay as they are.',
      tags: ['Regular donations'],
      security: 'bearer',
      params: requestId,
      responses: {
        200: ok('Ended.', z.object({ deletedCount: z.number().int(), releasedCount: z.number().int() })),
        403: err('Neither side of it, or not a manager or coordinator.', 'series-requests/not-party', 'organisations/leads-only'),
        404: REQUEST_NOT_FOUND,
        409: err('Ended or declined already, or not answered yet (the restaurant declines it).', 'series-requests/ended', 'series-requests/not-pending'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const releasedCount = await deps.sql.begin(async (tx) => {
        const { series, request } = await lockRequestWithSeries(tx, user, id);
        enforce(canEndSeriesRequest(user, series, request));
        const released = request.status === 'Accepted' ? await releaseComingOccurrences(tx, series.id, request.charity_id) : [];
        await setSeriesRequestStatus(tx, id, 'Ended', user.id);
        const by = request.charity_id === party(user) ? 'charity' : 'restaurant';
        await recordHistory(tx, { actor: user, kind: 'series-request.ended', requestId: id, fromState: request.status, toState: 'Ended', detail: { ...seriesFacts(series), charityId: request.charity_id, charityName: request.charity_name, by, released: released.length } });
        await recordUntoldHistory(
          tx,
          released.map((d) => ({ actor: user, kind: 'donation.released' as const, donationId: d, fromState: 'Accepted', toState: 'Verified', detail: { seriesId: series.id, charityId: request.charity_id, standing: id } })),
        );
        return released.length;
      });
      return c.json({ deletedCount: 1, releasedCount });
    },
  ),
];

/** A series request and its series, locked in that order (the series first, as every change of a series does). */
async function lockRequestWithSeries(tx: TxSql, user: AuthUser, id: string) {
  const found = await findSeriesRequest(tx, id);
  if (!found) throw notFound('not-found/series-request');
  enforce(canSeeSeriesRequest(user, found));
  const series = await lockSeries(tx, found.series_id);
  const request = await lockSeriesRequest(tx, id);
  if (!series || !request) throw notFound('not-found/series-request');
  return { series, request };
}
