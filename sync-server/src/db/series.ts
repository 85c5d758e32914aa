// Regular donations and standing pickups (issue 47, ADR 020): the SQL of /donation-series, /series-requests and the
// job that writes each series' coming week of occurrences.
import type { FoodType, QuantityUnit } from '@foodbridge/shared';
import type { DonationSeries, SeriesRequest, SeriesRequestStatus, SeriesStatus } from '@foodbridge/shared/schemas/donation-series';
import { SERIES_DAYS_AHEAD, type IsoDate } from '@foodbridge/shared/series-dates';
import type { Sql, TxSql } from './connection.ts';
import { compact, iso, isoRequired } from './map.ts';

export interface SeriesRow {
  id: string;
  restaurant_id: string;
  restaurant_name: string;
  restaurant_email: string;
  title: string;
  food_type: FoodType;
  quantity: string | number;
  unit: QuantityUnit;
  image: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  weekdays: number[] | null;
  rrule: string | null;
  window_start: string;
  window_end: string;
  time_zone: string;
  /** Dates are read as text ('YYYY-MM-DD'): a calendar date has no time zone to be shifted by. */
  start_date: IsoDate;
  end_date: IsoDate | null;
  keeps_hours: string | number;
  status: SeriesStatus;
  reverify_reason: string | null;
  paused: boolean;
  created_at: Date;
  updated_at: Date;
  ended_at: Date | null;
}

/**
 * An array parameter as Postgres' text form ('{a,b}'), cast by the caller: the embedded database's driver does not
 * send arrays. Only for values with no comma, brace or quote in them (ids, numbers).
 */
const arrayText = (values: readonly (string | number)[]): string => `{${values.join(',')}}`;

/** Every column, the dates as text, the weekdays as JSON (an array, as the embedded driver reads it). */
const SERIES_COLUMNS = (sql: Sql | TxSql) =>
  sql`s.id, s.restaurant_id, s.restaurant_name, s.restaurant_email, s.title, s.food_type, s.quantity, s.unit, s.image,
      s.location, s.latitude, s.longitude, to_jsonb(s.weekdays) AS weekdays, s.rrule, s.window_start, s.window_end, s.time_zone,
      s.start_date::text AS start_date, s.end_date::text AS end_date, s.keeps_hours, s.status, s.reverify_reason,
      s.paused, s.created_at, s.updated_at, s.ended_at`;

export interface SeriesExtras {
  skippedDates: IsoDate[];
  nextDates: IsoDate[];
  standingPickup?: DonationSeries['standingPickup'];
}

export function toSeries(r: SeriesRow, extras: SeriesExtras): DonationSeries {
  return compact({
    _id: r.id,
    title: r.title,
    foodType: r.food_type,
    quantity: Number(r.quantity),
    unit: r.unit,
    image: r.image,
    location: r.location,
    latitude: r.latitude,
    longitude: r.longitude,
    weekdays: r.weekdays?.map(Number) ?? null,
    rrule: r.rrule,
    windowStart: r.window_start,
    windowEnd: r.window_end,
    timeZone: r.time_zone,
    startDate: r.start_date,
    endDate: r.end_date,
    keepsHours: Number(r.keeps_hours),
    status: r.status,
    reverifyReason: r.reverify_reason,
    paused: r.paused,
    restaurantName: r.restaurant_name,
    restaurantEmail: r.restaurant_email,
    createdAt: isoRequired(r.created_at),
    updatedAt: isoRequired(r.updated_at),
    endedAt: iso(r.ended_at),
    skippedDates: extras.skippedDates,
    nextDates: extras.nextDates,
    standingPickup: extras.standingPickup ?? null,
  }) as DonationSeries;
}

export interface NewSeries {
  restaurantId: string;
  restaurantName: string;
  restaurantEmail: string;
  title: string;
  foodType: FoodType;
  quantity: number;
  unit: QuantityUnit;
  image: string;
  location: string;
  latitude?: number | undefined;
  longitude?: number | undefined;
  weekdays?: number[] | undefined;
  rrule?: string | undefined;
  windowStart: string;
  windowEnd: string;
  timeZone: string;
  startDate: IsoDate;
  endDate?: IsoDate | undefined;
  keepsHours: number;
  status?: SeriesStatus;
}

export async function insertSeries(sql: Sql | TxSql, s: NewSeries): Promise<SeriesRow> {
  const [row] = await sql<SeriesRow[]>`
    INSERT INTO donation_series AS s (restaurant_id, restaurant_name, restaurant_email, title, food_type, quantity, unit,
      image, location, latitude, longitude, weekdays, rrule, window_start, window_end, time_zone, start_date, end_date,
      keeps_hours, status)
    VALUES (${s.restaurantId}, ${s.restaurantName}, ${s.restaurantEmail}, ${s.title}, ${s.foodType}, ${s.quantity},
      ${s.unit}, ${s.image}, ${s.location}, ${s.latitude ?? null}, ${s.longitude ?? null},
      ${s.weekdays ? arrayText(s.weekdays) : null}::smallint[], ${s.rrule ?? null}, ${s.windowStart}, ${s.windowEnd},
      ${s.timeZone}, ${s.startDate}, ${s.endDate ?? null}, ${s.keepsHours}, ${s.status ?? 'Pending'})
    RETURNING ${SERIES_COLUMNS(sql)}`;
  return row!;
}

export async function findSeries(sql: Sql | TxSql, id: string): Promise<SeriesRow | undefined> {
  const [row] = await sql<SeriesRow[]>`SELECT ${SERIES_COLUMNS(sql)} FROM donation_series s WHERE s.id = ${id}`;
  return row;
}

/** The series, locked for a change (before any of its occurrences or requests). */
export async function lockSeries(tx: TxSql, id: string): Promise<SeriesRow | undefined> {
  const [row] = await tx<SeriesRow[]>`SELECT ${SERIES_COLUMNS(tx)} FROM donation_series s WHERE s.id = ${id} FOR UPDATE`;
  return row;
}

/** Whose series a list shows: an admin every one, a restaurant its own, a charity those on offer and its own standing ones. */
export type SeriesScope = { kind: 'all' } | { kind: 'restaurant'; restaurantId: string } | { kind: 'charity'; charityId: string };

/** At most this many series in a list, newest first (a restaurant has a handful; a city's admins, a few hundred). */
export const SERIES_LIST_MAX = 500;

export async function listSeries(sql: Sql, scope: SeriesScope): Promise<SeriesRow[]> {
  const where =
    scope.kind === 'all'
      ? sql`true`
      : scope.kind === 'restaurant'
        ? sql`s.restaurant_id = ${scope.restaurantId}`
        : sql`(s.status = 'Verified' OR EXISTS (SELECT 1 FROM series_requests q WHERE q.series_id = s.id AND q.charity_id = ${scope.charityId}))`;
  return sql<SeriesRow[]>`
    SELECT ${SERIES_COLUMNS(sql)} FROM donation_series s WHERE ${where}
    ORDER BY s.created_at DESC, s.id DESC LIMIT ${SERIES_LIST_MAX}`;
}

/** The coming skipped dates of some series, from `from` on. */
export async function skipsOf(sql: Sql | TxSql, seriesIds: readonly string[], from: IsoDate): Promise<Map<string, IsoDate[]>> {
  const rows = seriesIds.length
    ? await sql<{ series_id: string; date: IsoDate }[]>`
        SELECT series_id, date::text AS date FROM donation_series_skips
        WHERE series_id = ANY(${arrayText(seriesIds)}::uuid[]) AND date >= ${from} ORDER BY date`
    : [];
  const out = new Map<string, IsoDate[]>();
  for (const r of rows) out.set(r.series_id, [...(out.get(r.series_id) ?? []), r.date]);
  return out;
}

export interface StandingRow {
  id: string;
  series_id: string;
  charity_id: string;
  charity_name: string;
  charity_email: string;
  assignee_id: string | null;
  assignee_name: string | null;
  status: SeriesRequestStatus;
}

/** The accepted standing pickups of some series. */
export async function standingPickupsOf(sql: Sql | TxSql, seriesIds: readonly string[]): Promise<Map<string, StandingRow>> {
  const rows = seriesIds.length
    ? await sql<StandingRow[]>`
        SELECT q.id, q.series_id, q.charity_id, q.charity_name, q.charity_email, q.assignee_id, a.name AS assignee_name, q.status
        FROM series_requests q LEFT JOIN users a ON a.id = q.assignee_id
        WHERE q.series_id = ANY(${arrayText(seriesIds)}::uuid[]) AND q.status = 'Accepted'`
    : [];
  return new Map(rows.map((r) => [r.series_id, r]));
}

export interface SeriesChanges {
  title?: string | undefined;
  foodType?: FoodType | undefined;
  quantity?: number | undefined;
  unit?: QuantityUnit | undefined;
  image?: string | undefined;
  location?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  weekdays?: number[] | undefined;
  rrule?: string | undefined;
  windowStart?: string | undefined;
  windowEnd?: string | undefined;
  timeZone?: string | undefined;
  startDate?: IsoDate | undefined;
  endDate?: IsoDate | null | undefined;
  keepsHours?: number | undefined;
  paused?: boolean | undefined;
}

/** What an admin checked of a series: a change of any of these sends a Verified series back to Pending. */
const CHECKED: readonly [keyof SeriesRow, keyof SeriesChanges, string][] = [
  ['title', 'title', 'title'],
  ['food_type', 'foodType', 'food type'],
  ['image', 'image', 'image'],
  ['location', 'location', 'location'],
  ['latitude', 'latitude', 'location'],
  ['longitude', 'longitude', 'location'],
];

/** The note that sends a Verified series back for checking, as `reverifyReasonOf` does for a donation. */
export function seriesReverifyReasonOf(row: SeriesRow, f: SeriesChanges): string | undefined {
  if (row.status !== 'Verified') return undefined;
  const changed = new Set(CHECKED.filter(([column, key]) => f[key] !== undefined && f[key] !== row[column]).map(([, , label]) => label));
  return changed.size ? [...changed].join(', ') : undefined;
}

/** Changes the fields given (call with the series locked); `reverifyReason` also sends it back to Pending. */
export async function updateSeries(tx: TxSql, id: string, f: SeriesChanges, reverifyReason?: string): Promise<SeriesRow> {
  // Days are weekdays or a rule: giving one takes the other away.
  const days =
    f.weekdays !== undefined
      ? tx`weekdays = ${arrayText(f.weekdays)}::smallint[], rrule = NULL,`
      : f.rrule !== undefined
        ? tx`weekdays = NULL, rrule = ${f.rrule},`
        : tx``;
  const [row] = await tx<SeriesRow[]>`
    UPDATE donation_series s SET ${days}
      status = CASE WHEN ${reverifyReason ?? null}::text IS NULL THEN status ELSE 'Pending' END,
      reverify_reason = COALESCE(${reverifyReason ?? null}::text, reverify_reason),
      title = COALESCE(${f.title ?? null}, title),
      food_type = COALESCE(${f.foodType ?? null}, food_type),
      quantity = COALESCE(${f.quantity ?? null}::numeric, quantity),
      unit = COALESCE(${f.unit ?? null}, unit),
      image = COALESCE(${f.image ?? null}, image),
      location = COALESCE(${f.location ?? null}, location),
      latitude = COALESCE(${f.latitude ?? null}::double precision, latitude),
      longitude = COALESCE(${f.longitude ?? null}::double precision, longitude),
      window_start = COALESCE(${f.windowStart ?? null}, window_start),
      window_end = COALESCE(${f.windowEnd ?? null}, window_end),
      time_zone = COALESCE(${f.timeZone ?? null}, time_zone),
      start_date = COALESCE(${f.startDate ?? null}::date, start_date),
      end_date = ${f.endDate === undefined ? tx`end_date` : tx`${f.endDate}::date`},
      keeps_hours = COALESCE(${f.keepsHours ?? null}::numeric, keeps_hours),
      paused = COALESCE(${f.paused ?? null}::boolean, paused),
      updated_at = now()
    WHERE id = ${id}
    RETURNING ${SERIES_COLUMNS(tx)}`;
  return row!;
}

/** An admin's verify or reject of a Pending series (call with it locked). */
export async function reviewSeries(tx: TxSql, id: string, status: 'Verified' | 'Rejected'): Promise<SeriesRow> {
  const [row] = await tx<SeriesRow[]>`
    UPDATE donation_series s SET status = ${status}, updated_at = now(),
      reverify_reason = CASE WHEN ${status}::text = 'Verified' THEN NULL ELSE reverify_reason END
    WHERE id = ${id} RETURNING ${SERIES_COLUMNS(tx)}`;
  return row!;
}

export async function endSeries(tx: TxSql, id: string): Promise<SeriesRow> {
  const [row] = await tx<SeriesRow[]>`
    UPDATE donation_series s SET status = 'Ended', ended_at = now(), updated_at = now()
    WHERE id = ${id} RETURNING ${SERIES_COLUMNS(tx)}`;
  return row!;
}

/** Records a skipped date; false when it was skipped already. */
export async function insertSkip(tx: TxSql, seriesId: string, date: IsoDate): Promise<boolean> {
  const rows = await tx`INSERT INTO donation_series_skips (series_id, date) VALUES (${seriesId}, ${date}) ON CONFLICT DO NOTHING RETURNING date`;
  return rows.length > 0;
}

export interface OccurrenceRow {
  id: string;
  status: string;
  charity_id: string | null;
  series_date: IsoDate;
}

/** The occurrence a series wrote for `date` (deleted or not), locked. */
export async function lockOccurrence(tx: TxSql, seriesId: string, date: IsoDate): Promise<(OccurrenceRow & { deleted: boolean }) | undefined> {
  const [row] = await tx<(OccurrenceRow & { deleted: boolean })[]>`
    SELECT id, status, charity_id, series_date::text AS series_date, deleted FROM donations
    WHERE series_id = ${seriesId} AND series_date = ${date} FOR UPDATE`;
  return row;
}

/**
 * Soft-deletes occurrences and every live request of theirs (a skipped date, an ended series): call with the series
 * locked. Returns what they were.
 */
export async function withdrawOccurrences(tx: TxSql, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const list = arrayText(ids);
  await tx`UPDATE donations SET deleted = true WHERE id = ANY(${list}::uuid[]) AND NOT deleted`;
  await tx`UPDATE donation_requests SET deleted = true WHERE donation_id = ANY(${list}::uuid[]) AND NOT deleted`;
}

/** A series' occurrences whose window has not started yet, live and not collected, locked. */
export async function lockComingOccurrences(tx: TxSql, seriesId: string, charityId?: string): Promise<OccurrenceRow[]> {
  const charity = charityId ? tx`AND charity_id = ${charityId}` : tx``;
  return tx<OccurrenceRow[]>`
    SELECT id, status, charity_id, series_date::text AS series_date FROM donations
    WHERE series_id = ${seriesId} AND NOT deleted AND status IN ('Pending', 'Verified', 'Accepted', 'Assigned')
      AND pickup_start > now() ${charity}
    ORDER BY id FOR UPDATE`;
}

// ---- Standing pickups

export interface SeriesRequestRow {
  id: string;
  series_id: string;
  charity_id: string;
  charity_name: string;
  charity_email: string;
  request_description: string;
  assignee_id: string | null;
  status: SeriesRequestStatus;
  created_at: Date;
  decided_at: Date | null;
  ended_at: Date | null;
}

/** A request with its series' title and restaurant, and its driver's name. */
export interface SeriesRequestJoinedRow extends SeriesRequestRow {
  series_title: string;
  restaurant_id: string;
  restaurant_name: string;
  assignee_name: string | null;
}

export function toSeriesRequest(r: SeriesRequestJoinedRow, charityEmailShown: boolean, assigneeShown: boolean): SeriesRequest {
  return compact({
    _id: r.id,
    seriesId: r.series_id,
    seriesTitle: r.series_title,
    restaurantName: r.restaurant_name,
    charityName: r.charity_name,
    charityEmail: charityEmailShown ? r.charity_email : null,
    requestDescription: r.request_description,
    assigneeName: assigneeShown ? r.assignee_name : null,
    status: r.status,
    createdAt: isoRequired(r.created_at),
    decidedAt: iso(r.decided_at),
    endedAt: iso(r.ended_at),
  }) as SeriesRequest;
}

export async function insertSeriesRequest(
  tx: TxSql,
  r: { seriesId: string; charity: { id: string; name: string; email: string }; requestDescription: string; assigneeId?: string | undefined },
): Promise<SeriesRequestRow | undefined> {
  const [row] = await tx<SeriesRequestRow[]>`
    INSERT INTO series_requests (series_id, charity_id, charity_name, charity_email, request_description, assignee_id)
    VALUES (${r.seriesId}, ${r.charity.id}, ${r.charity.name}, ${r.charity.email}, ${r.requestDescription}, ${r.assigneeId ?? null})
    ON CONFLICT (series_id, charity_id) WHERE status IN ('Pending', 'Accepted') DO NOTHING
    RETURNING *`;
  return row;
}

const JOINED = (sql: Sql | TxSql) => sql`
  SELECT q.*, s.title AS series_title, s.restaurant_id, s.restaurant_name, a.name AS assignee_name
  FROM series_requests q JOIN donation_series s ON s.id = q.series_id LEFT JOIN users a ON a.id = q.assignee_id`;

export async function findSeriesRequest(sql: Sql | TxSql, id: string): Promise<SeriesRequestJoinedRow | undefined> {
  const [row] = await sql<SeriesRequestJoinedRow[]>`${JOINED(sql)} WHERE q.id = ${id}`;
  return row;
}

/** Whether a charity ever asked for a standing pickup of the series (it may read the series whatever became of it). */
export async function hasAskedForSeries(sql: Sql | TxSql, seriesId: string, charityId: string | undefined): Promise<boolean> {
  if (!charityId) return false;
  const [row] = await sql`SELECT 1 FROM series_requests WHERE series_id = ${seriesId} AND charity_id = ${charityId} LIMIT 1`;
  return !!row;
}

export async function lockSeriesRequest(tx: TxSql, id: string): Promise<SeriesRequestRow | undefined> {
  const [row] = await tx<SeriesRequestRow[]>`SELECT * FROM series_requests WHERE id = ${id} FOR UPDATE`;
  return row;
}

export type SeriesRequestScope = { kind: 'all' } | { kind: 'restaurant'; restaurantId: string } | { kind: 'charity'; charityId: string };

export async function listSeriesRequests(sql: Sql, scope: SeriesRequestScope): Promise<SeriesRequestJoinedRow[]> {
  const where =
    scope.kind === 'all' ? sql`true` : scope.kind === 'restaurant' ? sql`s.restaurant_id = ${scope.restaurantId}` : sql`q.charity_id = ${scope.charityId}`;
  return sql<SeriesRequestJoinedRow[]>`${JOINED(sql)} WHERE ${where} ORDER BY q.created_at DESC, q.id DESC LIMIT ${SERIES_LIST_MAX}`;
}

/** Moves a request on (call with it locked); a decision or an end records when, and an end by whom. */
export async function setSeriesRequestStatus(tx: TxSql, id: string, status: Exclude<SeriesRequestStatus, 'Pending'>, by: string): Promise<void> {
  await tx`
    UPDATE series_requests SET status = ${status},
      decided_at = CASE WHEN ${status}::text IN ('Accepted', 'Declined') THEN now() ELSE decided_at END,
      ended_at = CASE WHEN ${status}::text = 'Ended' THEN now() ELSE ended_at END,
      ended_by = CASE WHEN ${status}::text = 'Ended' THEN ${by}::uuid ELSE ended_by END
    WHERE id = ${id}`;
}

/** Declines a series' other Pending requests once one is accepted; their charities' ids. */
export async function declineOtherSeriesRequests(tx: TxSql, seriesId: string, acceptedId: string): Promise<{ id: string; charity_id: string }[]> {
  return tx<{ id: string; charity_id: string }[]>`
    UPDATE series_requests SET status = 'Declined', decided_at = now()
    WHERE series_id = ${seriesId} AND id <> ${acceptedId} AND status = 'Pending' RETURNING id, charity_id`;
}

/** Ends every live request of a series (the series ended); the ones that were accepted or pending. */
export async function endRequestsOfSeries(tx: TxSql, seriesId: string, by: string): Promise<SeriesRequestRow[]> {
  return tx<SeriesRequestRow[]>`
    UPDATE series_requests SET status = 'Ended', ended_at = now(), ended_by = ${by}
    WHERE series_id = ${seriesId} AND status IN ('Pending', 'Accepted') RETURNING *`;
}

/** Whether `userId` is a member of `charityId` who can collect (its driver or coordinator), and their name. */
export async function charityMember(sql: Sql | TxSql, charityId: string, userId: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await sql<{ id: string; name: string }[]>`
    SELECT id, name FROM users WHERE id = ${userId} AND organisation_id = ${charityId} AND NOT deleted`;
  return row;
}

// ---- Occurrences written by the schedule

/** A running series as the generator reads it, with what it needs to write the coming week in one go. */
export interface RunningSeriesRow extends SeriesRow {
  /** Dates skipped or written already, from yesterday on. */
  skips: IsoDate[];
  written: IsoDate[];
  restaurant_locale: string | null;
  standing_id: string | null;
  standing_charity_id: string | null;
  standing_charity_name: string | null;
  standing_charity_email: string | null;
  standing_description: string | null;
  standing_assignee_id: string | null;
  standing_assignee_name: string | null;
}

/**
 * The Verified, running series (or those of `ids`) whose dates reach into the coming days, with their skipped and
 * already written dates: one statement however many series there are.
 */
export async function runningSeries(tx: TxSql, o: { now: Date; ids?: readonly string[] | undefined }): Promise<RunningSeriesRow[]> {
  const only = o.ids ? tx`AND s.id = ANY(${arrayText(o.ids)}::uuid[])` : tx``;
  // The UTC date of `now`; a zone's own today is a day either side of it at most.
  const today = o.now.toISOString().slice(0, 10);
  return tx<RunningSeriesRow[]>`
    SELECT ${SERIES_COLUMNS(tx)},
      to_jsonb(ARRAY(SELECT k.date::text FROM donation_series_skips k WHERE k.series_id = s.id AND k.date >= ${today}::date - 1)) AS skips,
      to_jsonb(ARRAY(SELECT o.series_date::text FROM donations o WHERE o.series_id = s.id AND o.series_date >= ${today}::date - 1)) AS written,
      u.locale AS restaurant_locale,
      q.id AS standing_id, q.charity_id AS standing_charity_id, q.charity_name AS standing_charity_name,
      q.charity_email AS standing_charity_email, q.request_description AS standing_description,
      a.id AS standing_assignee_id, a.name AS standing_assignee_name
    FROM donation_series s
    LEFT JOIN users u ON u.id = s.restaurant_id
    LEFT JOIN series_requests q ON q.series_id = s.id AND q.status = 'Accepted'
    -- The chosen driver, while still the charity's member.
    LEFT JOIN users a ON a.id = q.assignee_id AND a.organisation_id = q.charity_id AND NOT a.deleted
    WHERE s.status = 'Verified' AND NOT s.paused ${only}
      AND s.start_date <= ${today}::date + ${SERIES_DAYS_AHEAD + 1}::int AND (s.end_date IS NULL OR s.end_date >= ${today}::date - 1)
    ORDER BY s.id`;
}

export interface NewOccurrence {
  id: string;
  series_id: string;
  series_date: IsoDate;
  title: string;
  food_type: FoodType;
  quantity: number;
  unit: QuantityUnit;
  pickup_time: string;
  location: string;
  image: string;
  restaurant_id: string;
  restaurant_name: string;
  restaurant_email: string;
  status: 'Verified' | 'Accepted' | 'Assigned';
  charity_id: string | null;
  charity_name: string | null;
  charity_email: string | null;
  assigned_to: string | null;
  assigned_type: string | null;
  assignee_id: string | null;
  best_before: Date;
  latitude: number | null;
  longitude: number | null;
  pickup_start: Date;
  pickup_end: Date;
  pickup_offset_minutes: number;
}

/** Rows a statement: Postgres takes at most 65,535 parameters, 26 a row. */
const OCCURRENCE_BATCH = 2000;

/** Writes occurrences, each once (a date written by another instance meanwhile is left out); the ids written. */
export async function insertOccurrences(tx: TxSql, rows: readonly NewOccurrence[]): Promise<Set<string>> {
  const written = new Set<string>();
  for (let i = 0; i < rows.length; i += OCCURRENCE_BATCH) {
    const chunk = rows.slice(i, i + OCCURRENCE_BATCH);
    const done = await tx<{ id: string }[]>`
      INSERT INTO donations ${tx(chunk as NewOccurrence[])}
      ON CONFLICT (series_id, series_date) WHERE series_id IS NOT NULL DO NOTHING RETURNING id`;
    for (const r of done) written.add(r.id);
  }
  return written;
}

export interface NewAcceptedRequest {
  donation_id: string;
  charity_id: string;
  charity_name: string;
  charity_email: string;
  request_description: string;
  pickup_time: string;
  pickup_at: Date;
  status: 'Accepted';
}

/** The accepted requests of occurrences given to a standing pickup's charity, as a request accepted by hand has. */
export async function insertAcceptedRequests(tx: TxSql, rows: readonly NewAcceptedRequest[]): Promise<void> {
  for (let i = 0; i < rows.length; i += OCCURRENCE_BATCH) {
    await tx`
      INSERT INTO donation_requests ${tx(rows.slice(i, i + OCCURRENCE_BATCH) as NewAcceptedRequest[])}
      ON CONFLICT (donation_id, charity_id) WHERE NOT deleted DO UPDATE SET status = 'Accepted', rejected_by_accept = false`;
  }
}

/**
 * Gives a series' coming Verified occurrences to the charity of its newly accepted standing pickup (call with the
 * series locked): their other charities' Pending requests are turned down as an accept turns them down. Returns the
 * occurrences given, with what their requests need.
 */
export async function giveComingOccurrences(
  tx: TxSql,
  seriesId: string,
  standing: { charityId: string; charityName: string; charityEmail: string; assignee: { id: string; name: string } | null },
): Promise<{ id: string; pickup_start: Date; pickup_offset_minutes: number }[]> {
  const a = standing.assignee;
  const given = await tx<{ id: string; pickup_start: Date; pickup_offset_minutes: number }[]>`
    UPDATE donations SET status = ${a ? 'Assigned' : 'Accepted'}, charity_id = ${standing.charityId},
      charity_name = ${standing.charityName}, charity_email = ${standing.charityEmail},
      assigned_to = ${a ? a.name : standing.charityName}, assigned_type = ${a ? 'driver' : 'charity'}, assignee_id = ${a?.id ?? null}
    WHERE series_id = ${seriesId} AND NOT deleted AND status = 'Verified' AND pickup_start > now()
    RETURNING id, pickup_start, pickup_offset_minutes`;
  if (given.length) {
    await tx`
      UPDATE donation_requests SET status = 'Rejected', rejected_by_accept = true
      WHERE donation_id = ANY(${arrayText(given.map((g) => g.id))}::uuid[]) AND charity_id <> ${standing.charityId}
        AND status = 'Pending' AND NOT deleted`;
  }
  return given;
}

/** Takes back a standing pickup's coming occurrences (it ended): on offer again, the charity's requests gone. */
export async function releaseComingOccurrences(tx: TxSql, seriesId: string, charityId: string): Promise<string[]> {
  const released = await tx<{ id: string }[]>`
    UPDATE donations SET status = 'Verified', charity_id = NULL, charity_name = NULL, charity_email = NULL,
      assigned_to = NULL, assigned_type = NULL, assignee_id = NULL
    WHERE series_id = ${seriesId} AND charity_id = ${charityId} AND NOT deleted AND status IN ('Accepted', 'Assigned')
      AND pickup_start > now()
    RETURNING id`;
  const ids = released.map((r) => r.id);
  if (ids.length) {
    await tx`UPDATE donation_requests SET deleted = true WHERE donation_id = ANY(${arrayText(ids)}::uuid[]) AND charity_id = ${charityId} AND NOT deleted`;
    // Those turned down only because the standing pickup had them are live again (as reopenRejectedRequests).
    await tx`
      UPDATE donation_requests SET status = 'Pending', rejected_by_accept = false
      WHERE donation_id = ANY(${arrayText(ids)}::uuid[]) AND status = 'Rejected' AND rejected_by_accept AND NOT deleted`;
  }
  return ids;
}
