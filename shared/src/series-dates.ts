// Regular donations' dates and windows (issue 47, ADR 020). A series says its window in wall-clock times of an IANA
// zone ('18:00'-'20:00', Europe/Berlin); each occurrence's instants are worked out for its own date, so a series
// across a daylight-saving change keeps its local times. Free of zod and of any RRULE library, so that the app's
// chunks can use it; the server expands RRULEs itself.
import { zoneOffsetMinutes } from './pickup-window.ts';

/** Occurrences are written this many days ahead (today in the series' zone included). */
export const SERIES_DAYS_AHEAD = 7;
/** How long a series' food may keep after its window, at most: best before is at most 14 days ahead (BEST_BEFORE_MAX_DAYS). */
export const SERIES_KEEPS_HOURS_MAX = 14 * 24;

/** A calendar date, 'YYYY-MM-DD'. */
export type IsoDate = string;

const DAY_MS = 86_400_000;

const dateParts = (date: IsoDate): [number, number, number] => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
};

/** `date` moved by `days` (negative: back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = dateParts(date);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of `date`: 1 Monday .. 7 Sunday. */
export function isoWeekday(date: IsoDate): number {
  const [y, m, d] = dateParts(date);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** The date the wall clock in `timeZone` shows at `at`. */
export function dateInZone(timeZone: string, at: Date = new Date()): IsoDate {
  return new Date(at.getTime() + zoneOffsetMinutes(timeZone, at) * 60_000).toISOString().slice(0, 10);
}

/**
 * The instant at which the wall clock in `timeZone` reads `time` ('HH:MM') on `date`. A time the clock skips (02:30 on
 * a spring-forward night) is read in the offset before the change, so it lands an hour later by the new clock (03:30);
 * a time the clock passes twice (autumn) is its first passing.
 */
export function zonedInstant(date: IsoDate, time: string, timeZone: string): Date {
  const [y, m, d] = dateParts(date);
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets a day either side cover both sides of any change near this time.
  const offsets = [...new Set([zoneOffsetMinutes(timeZone, new Date(wall - DAY_MS)), zoneOffsetMinutes(timeZone, new Date(wall + DAY_MS))])];
  // The same offset on both sides: no change in between (zones change at most twice a year), nothing to check.
  if (offsets.length === 1) return new Date(wall - offsets[0]! * 60_000);
  const valid = offsets.map((o) => wall - o * 60_000).filter((t) => wall - zoneOffsetMinutes(timeZone, new Date(t)) * 60_000 === t);
  if (valid.length) return new Date(Math.min(...valid));
  return new Date(wall - Math.min(...offsets) * 60_000);
}

export interface SeriesTimes {
  windowStart: string;
  windowEnd: string;
  timeZone: string;
  keepsHours: number;
}

export interface OccurrenceWindow {
  start: Date;
  end: Date;
  bestBefore: Date;
  /** The zone's offset from UTC at the window's start, in minutes: how the occurrence's times are written. */
  offsetMinutes: number;
}

/** The window and best before of a series' occurrence on `date`; an end at or before the start is the next day's. */
export function occurrenceWindow(s: SeriesTimes, date: IsoDate): OccurrenceWindow {
  const start = zonedInstant(date, s.windowStart, s.timeZone);
  const offsetMinutes = zoneOffsetMinutes(s.timeZone, start);
  const endDate = s.windowEnd <= s.windowStart ? addDays(date, 1) : date;
  // The end as the start's offset would have it; read again only where the offset changes within the window (a
  // night window across the clocks' change), which a city's week of windows makes a few thousand times otherwise.
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const sameOffsetEnd = new Date(start.getTime() + (minutes(s.windowEnd) - minutes(s.windowStart) + (endDate === date ? 0 : 24 * 60)) * 60_000);
  const end = zoneOffsetMinutes(s.timeZone, sameOffsetEnd) === offsetMinutes ? sameOffsetEnd : zonedInstant(endDate, s.windowEnd, s.timeZone);
  return { start, end, bestBefore: new Date(end.getTime() + s.keepsHours * 3_600_000), offsetMinutes };
}

export interface SeriesDays {
  /** ISO weekdays, 1 Monday .. 7 Sunday. */
  weekdays: readonly number[];
  startDate: IsoDate;
  endDate?: IsoDate | null | undefined;
}

/** The dates of a weekday series from `from` to `to` (both included), within its first and last date. */
export function weekdayDates(s: SeriesDays, from: IsoDate, to: IsoDate): IsoDate[] {
  const first = from > s.startDate ? from : s.startDate;
  const last = s.endDate && s.endDate < to ? s.endDate : to;
  const out: IsoDate[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) if (s.weekdays.includes(isoWeekday(date))) out.push(date);
  return out;
}

/** Whether a 'HH:MM' time is well formed (00:00 .. 23:59). */
export const isClockTime = (time: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
