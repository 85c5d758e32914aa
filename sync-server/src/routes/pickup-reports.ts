import {
  CorrectedPickupReportSchema,
  PICKUP_REPORT_CORRECTION_DAYS,
  PickupReportSchema,
  StoredPickupReportSchema,
  type PickupReport,
  type StoredPickupReport,
} from '@foodbridge/shared';
import { visibleDonation } from '../auth/donation-visibility.ts';
import { canCorrectPickupReport, canReadPickupReport, enforce } from '../auth/permissions.ts';
import { recordHistory } from '../db/history.ts';
import { correctPickupReport, findPickupReport, lockPickupReport, toPickupReport, type PickupReportRow } from '../db/pickup-reports.ts';
import { route } from '../http/route.ts';
import { parseId, parseJson } from '../http/validate.ts';
import { err, ok } from '../openapi/responses.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The report with what the app needs to offer a correction: when it was picked up and until when it may correct. */
function answer(row: PickupReportRow): StoredPickupReport {
  return {
    donationId: row.id,
    report: toPickupReport(row) ?? null,
    pickupDate: row.pickup_date?.toISOString() ?? null,
    correctableUntil: row.pickup_date ? new Date(row.pickup_date.getTime() + PICKUP_REPORT_CORRECTION_DAYS * DAY_MS).toISOString() : null,
  };
}

/** What the history keeps of a report: the note stays on the donation, for its parties (as at the pickup). */
function historyDetail(r: PickupReport | undefined) {
  if (!r) return null;
  return { weightKg: r.weightKg, outcome: r.outcome, ...(r.reason ? { reason: r.reason } : {}) };
}

/**
 * A charity's own pickup report after the fact (issue 12): read it, and correct it within
 * PICKUP_REPORT_CORRECTION_DAYS of the pickup. Online only: a correction is rare and must meet the current state.
 */
export const pickupReportRoutes = [
  route(
    {
      method: 'get',
      path: '/donations/:id/pickup-report',
      summary: 'The pickup report of a donation',
      tags: ['Donations'],
      security: 'bearer',
      params: { id: 'The donation’s id.' },
      responses: { 200: ok('The report.', StoredPickupReportSchema), 403: err('Not its restaurant, charity or an admin.', 'pickup-reports/forbidden'), 404: err('No such donation or no report.', 'not-found/donation') },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const row = await visibleDonation(deps.sql, user, await findPickupReport(deps.sql, id));
      enforce(canReadPickupReport(user, row));
      return c.json(answer(row));
    },
  ),
  route(
    {
      method: 'put',
      path: '/donations/:id/pickup-report',
      summary: 'Correct a pickup report (the charity, within 7 days)',
      tags: ['Donations'],
      security: 'bearer',
      params: { id: 'The donation’s id.' },
      body: { schema: PickupReportSchema, example: { weightKg: 6, outcome: 'part', note: 'Two trays were left behind.' } },
      responses: {
        200: ok('Corrected.', CorrectedPickupReportSchema),
        400: err('Invalid report.'),
        403: err('Not the charity that picked it up.', 'pickup-reports/not-your-pickup'),
        404: err('No such donation.', 'not-found/donation'),
        409: err('Not picked up, or too late to correct.', 'pickup-reports/not-picked', 'pickup-reports/too-late'),
      },
    },
    async (c, { deps, user }) => {
      const id = parseId(c.req.param('id'));
      const report = await parseJson(c, PickupReportSchema);
      const corrected = await deps.sql.begin(async (tx) => {
        const row = await visibleDonation(tx, user, await lockPickupReport(tx, id));
        enforce(canCorrectPickupReport(user, row));
        const previous = toPickupReport(row);
        const updated = await correctPickupReport(tx, id, report);
        await recordHistory(tx, {
          actor: user,
          kind: 'pickup.report-corrected',
          donationId: id,
          detail: { ...historyDetail(report), previous: historyDetail(previous) },
        });
        return updated;
      });
      return c.json({ modifiedCount: 1, ...answer(corrected) });
    },
  ),
];
