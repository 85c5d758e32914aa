import { DRIVER } from '../db/donations.ts';
import type { Context } from 'hono';
import { canExportDonations, canExportPickups, canExportUsers, enforce } from '../auth/permissions.ts';
import {
  donationsForExport,
  pickupsForExport,
  usersForExport,
  type DonationExportRow,
  type ExportBatch,
  type ExportRange,
  type UserExportRow,
} from '../db/exports.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { CSV_BOM, csvHeader, csvRecords, type CsvColumn } from '../http/csv.ts';
import { badRequest } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { dateQuery, err, ok } from '../openapi/responses.ts';

/** Rows read per query: each batch is written out before the next is read, so memory holds one batch at a time. */
export const EXPORT_BATCH_ROWS = 1000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})?$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day (UTC midnight), or undefined when the text names no real day (2026-02-30). */
function day(text: string): Date | undefined {
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text ? at : undefined;
}

/** A date or a date-time; one without an offset is read as UTC, like a date, so the server's zone never matters. */
function instant(name: string, text: string): { at: Date; wholeDay: boolean } {
  const problem = () => badRequest('exports/invalid-date', { name });
  if (DATE.test(text)) {
    const at = day(text);
    if (!at) throw problem();
    return { at, wholeDay: true };
  }
  if (!DATE_TIME.test(text) || !day(text.slice(0, 10))) throw problem();
  const at = new Date(/(?:Z|[+-]\d{2}:\d{2})$/i.test(text) ? text : `${text}Z`);
  if (Number.isNaN(at.getTime())) throw problem();
  return { at, wholeDay: false };
}

/** `?from=&to=`: both optional, both inclusive (a `to` date takes in that whole day), or a 400 that says why. */
export function exportRange(c: Context): ExportRange {
  const rawFrom = c.req.query('from')?.trim();
  const rawTo = c.req.query('to')?.trim();
  const range: ExportRange = {};
  if (rawFrom) range.from = instant('from', rawFrom).at;
  if (rawTo) {
    const to = instant('to', rawTo);
    if (to.wholeDay) range.untilExclusive = new Date(to.at.getTime() + DAY_MS);
    else range.untilInclusive = to.at;
  }
  const empty =
    range.from &&
    ((range.untilInclusive && range.from > range.untilInclusive) || (range.untilExclusive && range.from >= range.untilExclusive));
  if (empty) throw badRequest('exports/from-after-to');
  return range;
}

const num = (v: string | null) => (v === null ? null : Number(v));

const DONATION_COLUMNS: CsvColumn<DonationExportRow>[] = [
  { header: 'donationId', value: (r) => r.id },
  { header: 'postedAt', value: (r) => r.created_at },
  { header: 'title', value: (r) => r.title },
  { header: 'foodType', value: (r) => r.food_type },
  { header: 'quantity', value: (r) => num(r.quantity) },
  { header: 'unit', value: (r) => r.unit },
  { header: 'bestBefore', value: (r) => r.best_before },
  { header: 'location', value: (r) => r.location },
  { header: 'restaurantName', value: (r) => r.restaurant_name },
  { header: 'restaurantEmail', value: (r) => r.restaurant_email },
  { header: 'status', value: (r) => r.status },
  { header: 'charityName', value: (r) => r.charity_name },
  { header: 'charityEmail', value: (r) => r.charity_email },
  { header: 'pickedUpAt', value: (r) => r.pickup_date },
  { header: 'weightKg', value: (r) => num(r.pickup_weight_kg) },
  { header: 'outcome', value: (r) => r.pickup_outcome },
  { header: 'reason', value: (r) => r.pickup_reason },
  { header: 'note', value: (r) => r.pickup_note },
];

const PICKUP_COLUMNS: CsvColumn<DonationExportRow>[] = [
  { header: 'donationId', value: (r) => r.id },
  { header: 'pickedUpAt', value: (r) => r.pickup_date },
  { header: 'title', value: (r) => r.title },
  { header: 'foodType', value: (r) => r.food_type },
  { header: 'quantity', value: (r) => num(r.quantity) },
  { header: 'unit', value: (r) => r.unit },
  { header: 'restaurantName', value: (r) => r.restaurant_name },
  { header: 'restaurantEmail', value: (r) => r.restaurant_email },
  { header: 'charityName', value: (r) => r.charity_name },
  { header: 'charityEmail', value: (r) => r.charity_email },
  { header: 'weightKg', value: (r) => num(r.pickup_weight_kg) },
  { header: 'outcome', value: (r) => r.pickup_outcome },
  { header: 'reason', value: (r) => r.pickup_reason },
  { header: 'note', value: (r) => r.pickup_note },
  { header: 'reportedAt', value: (r) => r.pickup_reported_at },
  // Last, so that a sheet built on the earlier columns keeps working: the charity's member who had it (issue 46).
  { header: 'driver', value: (r) => (r.assigned_type === DRIVER ? r.assigned_to : null) },
];

const USER_COLUMNS: CsvColumn<UserExportRow>[] = [
  { header: 'userId', value: (r) => r.id },
  { header: 'createdAt', value: (r) => r.created_at },
  { header: 'name', value: (r) => r.name },
  { header: 'email', value: (r) => r.email },
  { header: 'role', value: (r) => r.role },
  { header: 'address', value: (r) => r.address },
  { header: 'phone', value: (r) => r.phone },
  { header: 'mission', value: (r) => r.mission },
  { header: 'lastLogin', value: (r) => r.last_login },
];

/**
 * Answers with the CSV as it is read: a batch is fetched only when the client has taken the previous one (the
 * stream's pull), so a slow download holds one batch in memory, not the export. The first batch is read before the
 * answer starts, so a database that cannot be reached is still a 503 with a message; a failure later aborts the
 * download rather than ending it as if the file were complete.
 */
async function csvAnswer<T extends { id: string }>(
  c: Context<AppEnv>,
  deps: Deps,
  name: string,
  columns: readonly CsvColumn<T>[],
  read: (batch: ExportBatch) => Promise<T[]>,
) {
  let rows: T[] | undefined = await read({ limit: EXPORT_BATCH_ROWS });
  let head = CSV_BOM + csvHeader(columns);
  let after: string | undefined;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        rows ??= await read({ limit: EXPORT_BATCH_ROWS, after });
      } catch (err) {
        deps.log.error({ err, export: name }, 'CSV export failed part-way');
        throw err;
      }
      const out = head + csvRecords(columns, rows);
      head = '';
      if (out) controller.enqueue(encoder.encode(out));
      if (rows.length < EXPORT_BATCH_ROWS) controller.close();
      else after = rows.at(-1)!.id;
      rows = undefined;
    },
  });
  const today = new Date().toISOString().slice(0, 10);
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}-${today}.csv"`,
    // Someone's own records: not kept by caches. no-transform also keeps the compression middleware, which compresses
    // whole answers, from reading the stream to its end before sending a byte.
    'Cache-Control': 'private, no-store, no-transform',
  });
}

/** What the three exports declare alike: an RFC 4180 file over an optional range of dates. */
const csvExport = (forbidden: 'exports/donations-forbidden' | 'exports/pickups-forbidden' | 'exports/users-forbidden') => ({
  description: 'RFC 4180, UTF-8 with a byte-order mark, streamed.',
  tags: ['Exports'],
  query: [dateQuery('from', 'From'), dateQuery('to', 'To')],
  responses: {
    200: ok('CSV.', undefined, { media: 'csv' }),
    400: err('Invalid date range.', 'exports/invalid-date', 'exports/from-after-to'),
    403: err('Not for this role.', forbidden),
  },
});

export const exportRoutes = [
  route(
    { method: 'get', path: '/exports/donations.csv', summary: 'Donations as CSV', security: 'bearer', ...csvExport('exports/donations-forbidden') },
    async (c, { deps, user }) => {
      const decision = canExportDonations(user);
      enforce(decision);
      const range = exportRange(c);
      return csvAnswer(c, deps, 'donations', DONATION_COLUMNS, (batch) => donationsForExport(deps.sql, decision.scope, range, batch));
    },
  ),
  route(
    { method: 'get', path: '/exports/pickups.csv', summary: 'Pickups as CSV', security: 'bearer', ...csvExport('exports/pickups-forbidden') },
    async (c, { deps, user }) => {
      const decision = canExportPickups(user);
      enforce(decision);
      const range = exportRange(c);
      return csvAnswer(c, deps, 'pickups', PICKUP_COLUMNS, (batch) => pickupsForExport(deps.sql, decision.scope, range, batch));
    },
  ),
  route(
    { method: 'get', path: '/exports/users.csv', summary: 'Users as CSV', security: 'bearer', ...csvExport('exports/users-forbidden') },
    async (c, { deps, user }) => {
      enforce(canExportUsers(user));
      const range = exportRange(c);
      return csvAnswer(c, deps, 'users', USER_COLUMNS, (batch) => usersForExport(deps.sql, range, batch));
    },
  ),
];
