import type { Context } from 'hono';
import { Hono } from 'hono';
import { HISTORY_KINDS, IdSchema, canonical } from '@foodbridge/shared';
import { requireUser } from '../auth/middleware.ts';
import { canReadAllHistory, enforce, historyEntryView } from '../auth/permissions.ts';
import { visibleDonation } from '../auth/donation-visibility.ts';
import { findDonation } from '../db/donations.ts';
import { listHistory, toHistoryEntry, type HistoryFilters } from '../db/history.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { badRequest } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { parseId } from '../http/validate.ts';

/** `?donationId=`, `?actor=` (an account id or the e-mail the person had) and `?kind=`, or a 400 that says why. */
function historyFilters(c: Context): HistoryFilters {
  const filters: HistoryFilters = {};
  const donationId = c.req.query('donationId');
  if (donationId) filters.donationId = parseId(donationId);
  const actor = c.req.query('actor')?.trim();
  if (actor) {
    if (IdSchema.safeParse(actor).success) filters.actorId = actor;
    else if (actor.includes('@') && actor.length <= 320) filters.actorEmail = actor;
    else throw badRequest("actor must be a person's account id or e-mail address.");
  }
  const rawKind = c.req.query('kind');
  if (rawKind) {
    filters.kind = canonical(HISTORY_KINDS, rawKind);
    if (!filters.kind) throw badRequest(`Unknown kind. Use one of: ${HISTORY_KINDS.join(', ')}.`);
  }
  return filters;
}

export const historyRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/history', async (c) => {
      enforce(canReadAllHistory(requireUser(c)));
      const page = parsePage(c);
      const rows = pageOf(c, await listHistory(deps.sql, historyFilters(c), page), page);
      return c.json(rows.map((r) => toHistoryEntry(r, { actorEmail: true, idempotencyKey: true })));
    })
    // Whoever may read the donation reads its timeline; the rows about other charities' requests stay between them
    // and the restaurant. Those are left out after paging, so a page may hold fewer rows than `limit`: the Link
    // header still says whether more follow.
    .get('/donations/:id/history', async (c) => {
      const id = parseId(c.req.param('id'));
      const user = c.get('user');
      const donation = await visibleDonation(deps.sql, user, await findDonation(deps.sql, id));
      const page = parsePage(c);
      const rows = pageOf(c, await listHistory(deps.sql, { donationId: donation.id }, page), page);
      return c.json(
        rows.flatMap((r) => {
          const view = historyEntryView(user, donation, r);
          return view ? [toHistoryEntry(r, view)] : [];
        }),
      );
    });
