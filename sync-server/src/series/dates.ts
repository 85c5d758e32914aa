// A series' dates (ADR 020): weekdays by shared/src/series-dates.ts; an RRULE by the `rrule` package, read here only,
// so that the app never downloads it (its form offers weekdays; other clients may send a rule).
import * as rrulePackage from 'rrule';
import { addDays, weekdayDates, type IsoDate } from '@foodbridge/shared/series-dates';

// Node loads the package's CommonJS build, whose names sit on its default export; a bundler loads its ES build.
const { RRule } = ('RRule' in rrulePackage ? rrulePackage : (rrulePackage as unknown as { default: typeof rrulePackage }).default);

/** Repeats the generator can write: at most once a day, on dates (a time of day in a rule would mean more). */
const DAILY_OR_RARER = new Set([RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY]);

/**
 * The rule of `text` ('FREQ=WEEKLY;BYDAY=MO,WE', with or without 'RRULE:') from `startDate`, or undefined when it
 * cannot be read or repeats more than daily. Dates are counted in UTC midnights: they are calendar dates, and the
 * window's times are put on them in the series' own zone afterwards.
 */
export function parseRrule(text: string, startDate: IsoDate): InstanceType<typeof RRule> | undefined {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body || /[\r\n]/.test(body) || /DTSTART|BYHOUR|BYMINUTE|BYSECOND|BYSETPOS/i.test(body)) return undefined;
  try {
    const options = RRule.parseString(body);
    if (options.freq === undefined || !DAILY_OR_RARER.has(options.freq)) return undefined;
    if (options.interval !== undefined && (options.interval < 1 || options.interval > 366)) return undefined;
    return new RRule({ ...options, dtstart: new Date(`${startDate}T00:00:00Z`), tzid: null });
  } catch {
    return undefined;
  }
}

export interface SeriesSchedule {
  weekdays: readonly number[] | null;
  rrule: string | null;
  startDate: IsoDate;
  endDate: IsoDate | null;
}

/** A series row's days, as `seriesDates` reads them (the weekdays come back from the database as JSON numbers). */
export function scheduleOf(row: { weekdays: readonly (number | string)[] | null; rrule: string | null; start_date: IsoDate; end_date: IsoDate | null }): SeriesSchedule {
  return { weekdays: row.weekdays?.map(Number) ?? null, rrule: row.rrule, startDate: row.start_date, endDate: row.end_date };
}

/** The series' dates from `from` to `to`, both included (skips not taken out). */
export function seriesDates(s: SeriesSchedule, from: IsoDate, to: IsoDate): IsoDate[] {
  if (s.weekdays) return weekdayDates({ weekdays: s.weekdays, startDate: s.startDate, endDate: s.endDate }, from, to);
  const rule = s.rrule ? parseRrule(s.rrule, s.startDate) : undefined;
  if (!rule) return [];
  const last = s.endDate && s.endDate < to ? s.endDate : to;
  if (last < from) return [];
  return rule
    .between(new Date(`${from}T00:00:00Z`), new Date(`${addDays(last, 1)}T00:00:00Z`), true)
    .map((d) => d.toISOString().slice(0, 10))
    .filter((d) => d >= from && d <= last && d >= s.startDate);
}
