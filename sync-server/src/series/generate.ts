// The schedule of regular donations (issue 47, ADR 020): each running series' occurrences of the coming
// SERIES_DAYS_AHEAD days, written as ordinary donations, already Verified (the series was), or given to the charity of
// its standing pickup. However many instances run it, each date is written once: one instance works at a time (an
// advisory lock taken without waiting), and donations' unique (series_id, series_date) stops a second writing anyway.
import { randomUUID } from 'node:crypto';
import { isoAtOffset, pickupWindowText } from '@foodbridge/shared/pickup-window';
import { addDays, dateInZone, occurrenceWindow, SERIES_DAYS_AHEAD } from '@foodbridge/shared/series-dates';
import type { Sql, TxSql } from '../db/connection.ts';
import type { Deps } from '../deps.ts';
import { DRIVER } from '../db/donations.ts';
import { recordUntoldHistory, SYSTEM_ACTOR, type NewHistoryEntry } from '../db/history.ts';
import { insertAcceptedRequests, insertOccurrences, runningSeries, type NewAcceptedRequest, type NewOccurrence, type RunningSeriesRow } from '../db/series.ts';
import { scheduleOf, seriesDates } from './dates.ts';

/** A lock id for the schedule (the migrations take 7413, reminders 7415). */
export const SERIES_LOCK = 7416;

/**
 * The accepted request a standing pickup's occurrence carries, as a request accepted by hand would: the spec's time of
 * day ('18:00', local where the food is) and the planned instant, both the window's start.
 */
export function acceptedRequestOf(
  donation: { id: string; start: Date; offsetMinutes: number },
  standing: { charityId: string; charityName: string; charityEmail: string; description: string },
): NewAcceptedRequest {
  return {
    donation_id: donation.id,
    charity_id: standing.charityId,
    charity_name: standing.charityName,
    charity_email: standing.charityEmail,
    request_description: standing.description,
    pickup_time: isoAtOffset(donation.start, donation.offsetMinutes).slice(11, 16),
    pickup_at: donation.start,
    status: 'Accepted',
  };
}

/** What one series writes now: its occurrences not written yet, and their standing pickup's requests. */
export function occurrencesOf(s: RunningSeriesRow, now: Date): { occurrences: NewOccurrence[]; requests: NewAcceptedRequest[] } {
  const today = dateInZone(s.time_zone, now);
  const taken = new Set([...s.skips, ...s.written]);
  const dates = seriesDates(
    scheduleOf(s),
    today,
    addDays(today, SERIES_DAYS_AHEAD - 1),
  ).filter((date) => !taken.has(date));
  const occurrences: NewOccurrence[] = [];
  const requests: NewAcceptedRequest[] = [];
  const standing = s.standing_charity_id
    ? { id: s.standing_charity_id, name: s.standing_charity_name!, email: s.standing_charity_email!, description: s.standing_description! }
    : undefined;
  const driver = standing && s.standing_assignee_id ? { id: s.standing_assignee_id, name: s.standing_assignee_name! } : undefined;
  for (const date of dates) {
    const w = occurrenceWindow({ windowStart: s.window_start, windowEnd: s.window_end, timeZone: s.time_zone, keepsHours: Number(s.keeps_hours) }, date);
    // Today's window may be over already (a series verified in the evening): nobody could collect it.
    if (w.end <= now) continue;
    const id = randomUUID();
    const startIso = isoAtOffset(w.start, w.offsetMinutes);
    const pickupTime = pickupWindowText(startIso, isoAtOffset(w.end, w.offsetMinutes), s.restaurant_locale ?? 'en');
    occurrences.push({
      id,
      series_id: s.id,
      series_date: date,
      title: s.title,
      food_type: s.food_type,
      quantity: Number(s.quantity),
      unit: s.unit,
      pickup_time: pickupTime,
      location: s.location,
      image: s.image,
      restaurant_id: s.restaurant_id,
      restaurant_name: s.restaurant_name,
      restaurant_email: s.restaurant_email,
      status: driver ? 'Assigned' : standing ? 'Accepted' : 'Verified',
      charity_id: standing?.id ?? null,
      charity_name: standing?.name ?? null,
      charity_email: standing?.email ?? null,
      assigned_to: driver?.name ?? standing?.name ?? null,
      assigned_type: driver ? DRIVER : standing ? 'charity' : null,
      assignee_id: driver?.id ?? null,
      best_before: w.bestBefore,
      latitude: s.latitude,
      longitude: s.longitude,
      pickup_start: w.start,
      pickup_end: w.end,
      pickup_offset_minutes: w.offsetMinutes,
    });
    if (standing) {
      requests.push(acceptedRequestOf({ id, start: w.start, offsetMinutes: w.offsetMinutes }, { charityId: standing.id, charityName: standing.name, charityEmail: standing.email, description: standing.description }));
    }
  }
  return { occurrences, requests };
}

/**
 * Writes the coming occurrences of every running series, or of `seriesIds` only (a series just verified, a standing
 * pickup just accepted), in the caller's transaction. A bounded number of statements: one read of the series, then a
 * few multi-row inserts, whatever their number. Returns how many occurrences were written.
 */
export async function writeOccurrences(tx: TxSql, o: { now?: Date; seriesIds?: readonly string[] } = {}): Promise<number> {
  const now = o.now ?? new Date();
  const series = await runningSeries(tx, { now, ids: o.seriesIds });
  const occurrences: NewOccurrence[] = [];
  const requests: NewAcceptedRequest[] = [];
  for (const s of series) {
    const mine = occurrencesOf(s, now);
    occurrences.push(...mine.occurrences);
    requests.push(...mine.requests);
  }
  if (!occurrences.length) return 0;
  const written = await insertOccurrences(tx, occurrences);
  await insertAcceptedRequests(
    tx,
    requests.filter((r) => written.has(r.donation_id)),
  );
  const entries: NewHistoryEntry[] = occurrences
    .filter((d) => written.has(d.id))
    .map((d) => ({
      actor: SYSTEM_ACTOR,
      kind: 'donation.generated',
      donationId: d.id,
      toState: d.status,
      detail: { seriesId: d.series_id, date: d.series_date, ...(d.charity_id ? { charityId: d.charity_id } : {}) },
    }));
  await recordUntoldHistory(tx, entries);
  return written.size;
}

/**
 * One round of the schedule: the coming week of every running series, by one instance at a time (the others skip
 * the round). Returns how many occurrences were written (0 when another instance holds the lock).
 */
export async function runSeriesSchedule(sql: Sql, now?: Date): Promise<number> {
  return sql.begin(async (tx) => {
    const [lock] = await tx<{ got: boolean }[]>`SELECT pg_try_advisory_xact_lock(${SERIES_LOCK}) AS got`;
    if (!lock?.got) return 0;
    return writeOccurrences(tx, now ? { now } : {});
  });
}

/**
 * The schedule's rounds every SERIES_EVERY_SECONDS, the first at once (a restart at midnight must not wait). Started by
 * the process (index.ts), not by tests, which call runSeriesSchedule themselves. Returns stop().
 */
export function startSeriesSchedule(deps: Pick<Deps, 'sql' | 'log' | 'config'>): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const round = () => {
    if (stopped) return;
    running = runSeriesSchedule(deps.sql)
      .then((written) => written && deps.log.info({ written }, 'regular donations: occurrences written'))
      .catch((err: unknown) => deps.log.warn({ err }, 'regular donations: schedule failed'));
  };
  round();
  const timer = setInterval(round, deps.config.SERIES_EVERY_SECONDS * 1000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
