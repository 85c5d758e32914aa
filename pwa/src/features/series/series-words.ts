// A regular donation said in the reader's language: its days ('Mon–Fri'), its window ('18:00–20:00, Europe/Berlin'),
// its dates ('Tue 8 Dec') and its state. Pure (the i18n instance is passed in), so each rule is tested without a screen.
import type { I18n } from '@lingui/core';
import type { DonationSeries, SeriesRequestStatus } from '@foodbridge/shared/schemas/donation-series';
import { directionOf, isLocale } from '@/lib/i18n/locales';
import type { CheckedField } from './series-changes';

/** The name of an ISO weekday (1 Monday .. 7 Sunday) in `locale`: 1 January 2024 was a Monday. */
export function weekdayName(locale: string, isoDay: number, width: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2024, 0, isoDay));
}

/** Consecutive days as runs, Monday to Sunday: [1, 2, 3, 5] -> [[1, 3], [5, 5]]. */
export function dayRuns(weekdays: readonly number[]): [number, number][] {
  const days = [...new Set(weekdays)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const d of days) {
    const last = runs.at(-1);
    if (last && last[1] === d - 1) last[1] = d;
    else runs.push([d, d]);
  }
  return runs;
}

/**
 * The days a series gives food on: 'Mon–Fri', 'Mon, Wed, Fri', 'Sat, Sun', 'Every day'; an RRULE as it is written.
 * A run of three days or more is joined by a dash, shorter ones are listed.
 */
export function daysText(i18n: I18n, s: Pick<DonationSeries, 'weekdays' | 'rrule'>): string {
  if (s.rrule) return i18n._('series.days.rule', { rule: s.rrule });
  const runs = dayRuns(s.weekdays ?? []);
  if (runs.length === 1 && runs[0]![0] === 1 && runs[0]![1] === 7) return i18n._('series.days.everyDay');
  const name = (d: number) => weekdayName(i18n.locale, d);
  const parts = runs.flatMap(([from, to]) => (to - from >= 2 ? [`${name(from)}–${name(to)}`] : to > from ? [name(from), name(to)] : [name(from)]));
  return new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'short' }).format(parts);
}

/** The window and its zone: '18:00–20:00, Europe/Berlin'; an end at or before the start is the next day's. */
export function windowText(i18n: I18n, s: Pick<DonationSeries, 'windowStart' | 'windowEnd' | 'timeZone'>): string {
  const range = `${s.windowStart}–${s.windowEnd}`;
  // A time range reads from left to right in every language: in a right-to-left one it is isolated, or its ends swap.
  const values = { range: isLocale(i18n.locale) && directionOf(i18n.locale) === 'rtl' ? `\u2066${range}\u2069` : range, zone: s.timeZone };
  return s.windowEnd <= s.windowStart ? i18n._('series.window.overnight', values) : i18n._('series.window.text', values);
}

/** A calendar date ('2026-12-08') as 'Tue, 8 Dec', the same wherever the reader is. */
export function seriesDateText(i18n: I18n, date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return i18n.date(at, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** From the first date, and to the last one where there is one; a single date as such. */
export function periodText(i18n: I18n, s: Pick<DonationSeries, 'startDate' | 'endDate'>): string {
  const from = seriesDateText(i18n, s.startDate);
  if (!s.endDate) return i18n._('series.period.open', { from });
  return s.endDate === s.startDate ? i18n._('series.period.once', { date: from }) : i18n._('series.period.range', { from, to: seriesDateText(i18n, s.endDate) });
}

const CHECKED_WORDS: Record<CheckedField, string> = {
  title: /*i18n*/ 'series.edit.field.title',
  foodType: /*i18n*/ 'series.edit.field.foodType',
  image: /*i18n*/ 'series.edit.field.image',
  location: /*i18n*/ 'series.edit.field.location',
};

/** What an admin checked, inside a sentence: 'title and picture' in English, 'el título y la foto' in Spanish. */
export function checkedFieldNames(i18n: I18n, fields: readonly CheckedField[]): string {
  return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(fields.map((f) => i18n._(CHECKED_WORDS[f])));
}

export type BadgeTone = 'neutral' | 'green' | 'amber' | 'red' | 'blue';

/** What a series' badge says: where it stands with the admin, or that it has ended. */
export function seriesStateOf(s: Pick<DonationSeries, 'status' | 'reverifyReason'>): { label: string; tone: BadgeTone } {
  switch (s.status) {
    case 'Pending':
      return s.reverifyReason
        ? { label: /*i18n*/ 'series.state.reverify', tone: 'amber' }
        : { label: /*i18n*/ 'series.state.pending', tone: 'amber' };
    case 'Verified':
      return { label: /*i18n*/ 'series.state.verified', tone: 'green' };
    case 'Rejected':
      return { label: /*i18n*/ 'series.state.rejected', tone: 'red' };
    default:
      return { label: /*i18n*/ 'series.state.ended', tone: 'neutral' };
  }
}

/** Whether a series still gives food (or will, once verified or resumed): not rejected, not ended. */
export const isLive = (s: Pick<DonationSeries, 'status'>) => s.status === 'Pending' || s.status === 'Verified';

const REQUEST_STATES: Record<SeriesRequestStatus, { label: string; tone: BadgeTone }> = {
  Pending: { label: /*i18n*/ 'series.request.pending', tone: 'amber' },
  Accepted: { label: /*i18n*/ 'series.request.accepted', tone: 'blue' },
  Declined: { label: /*i18n*/ 'series.request.declined', tone: 'red' },
  Ended: { label: /*i18n*/ 'series.request.ended', tone: 'neutral' },
};

/** What a standing pickup request's badge says. */
export const requestStateOf = (status: SeriesRequestStatus) => REQUEST_STATES[status];
