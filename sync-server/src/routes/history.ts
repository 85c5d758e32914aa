import type { Context } from 'hono';
import { z } from 'zod';
import { HISTORY_KINDS, HistoryEntrySchema, IdSchema, canonical } from '@foodbridge/shared';
import { historyEntryView } from '../auth/permissions.ts';
import { visibleDonation } from '../auth/donation-visibility.ts';
import { findDonation } from '../db/donations.ts';
import { listHistory, toHistoryEntry, type HistoryFilters } from '../db/history.ts';
import { badRequest } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { parseId } from '../http/validate.ts';
import { err, list } from '../openapi/responses.ts';

/** `?donationId=`, `?actor=` (an account id or the e-mail the person had) and `?kind=`, or a 400 that says why. */
function historyFilters(c: Context): HistoryFilters {
  const filters: HistoryFilters = {};
  const donationId = c.req.query('donationId');
  if (donationId) filters.donationId = parseId(donationId);
  const actor = c.req.query('actor')?.trim();
  if (actor) {
    if (IdSchema.safeParse(actor).success) filters.actorId = actor;
    else if (actor.includes('@') && actor.length <= 320) filters.actorEmail = actor;
    else throw badRequest('history/invalid-actor');
  }
  const rawKind = c.req.query('kind');
  if (rawKind) {
    filters.kind = canonical(HISTORY_KINDS, rawKind);
    if (!filters.kind) throw badRequest('history/unknown-kind', { allowed: HISTORY_KINDS.join(', ') });
  }
  return filters;
}

export const historyRoutes = [
  route(
    {
      method: 'get',
      path: '/history',
      summary: 'Every change of state (admin)',
      tags: ['History'],
      security: 'bearer',
      roles: ['admin'],
      list: true,
      query: [
        { name: 'donationId', description: 'Only this donation.', schema: IdSchema },
        { name: 'actor', description: 'Only changes by this account (id or e-mail).', schema: z.string() },
        { name: 'kind', description: 'Only this kind of change.', schema: z.enum(HISTORY_KINDS) },
      ],
      responses: { 200: list('History entries.', HistoryEntrySchema), 400: err('Invalid filter.', 'history/invalid-actor', 'history/unknown-kind'), 403: err('Admins only.') },
    },
    async (c, { deps }) => {
      const page = parsePage(c);
      const rows = pageOf(c, await listHistory(deps.sql, historyFilters(c), page), page);
      return c.json(rows.map((r) => toHistoryEntry(r, { actorEmail: true, actorName: true, idempotencyKey: true })));
    },
  ),
  // Whoever may read the donation reads its timeline; the rows about other charities' requests stay between them
  // and the restaurant. Those are left out after paging, so a page may hold fewer rows than `limit`: the Link
  // header still says whether more follow.
  route(
    {
      method: 'get',
      path: '/donations/:id/history',
      summary: 'The history of a donation',
      tags: ['History'],
      security: 'optional',
      params: { id: 'The donation’s id.' },
      list: true,
      responses: { 200: list('History entries, oldest first.', HistoryEntrySchema), 404: err('No such donation (or not visible to the caller).', 'not-found/donation') },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const donation = await visibleDonation(deps.sql, user, await findDonation(deps.sql, id));
      const page = parsePage(c);
      const rows = pageOf(c, await listHistory(deps.sql, { donationId: donation.id }, page), page);
      return c.json(
        rows.flatMap((r) => {
          const view = historyEntryView(user, donation, r);
          return view ? [toHistoryEntry(r, view)] : [];
        }),
      );
    },
  ),
];
