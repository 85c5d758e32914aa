import { describe, expect, it } from 'vitest';
import { isoAtOffset } from './pickup-window.ts';
import { addDays, dateInZone, isoWeekday, occurrenceWindow, weekdayDates, zonedInstant } from './series-dates.ts';

/** An occurrence's window as its readers see it: local times with the offset of the day. */
const shown = (timeZone: string, date: string, windowStart = '18:00', windowEnd = '20:00', keepsHours = 6) => {
  const w = occurrenceWindow({ windowStart, windowEnd, timeZone, keepsHours }, date);
  return { start: isoAtOffset(w.start, w.offsetMinutes), end: isoAtOffset(w.end, w.offsetMinutes), bestBefore: w.bestBefore.toISOString() };
};

describe('a series across daylight-saving changes keeps its local times', () => {
  it('Europe/Berlin, spring 2027 (28 March) and autumn 2026 (25 October)', () => {
    expect(shown('Europe/Berlin', '2027-03-27')).toEqual({ start: '2027-03-27T18:00:00+01:00', end: '2027-03-27T20:00:00+01:00', bestBefore: '2027-03-28T01:00:00.000Z' });
    expect(shown('Europe/Berlin', '2027-03-28')).toEqual({ start: '2027-03-28T18:00:00+02:00', end: '2027-03-28T20:00:00+02:00', bestBefore: '2027-03-29T00:00:00.000Z' });
    expect(shown('Europe/Berlin', '2026-10-24').start).toBe('2026-10-24T18:00:00+02:00');
    expect(shown('Europe/Berlin', '2026-10-25').start).toBe('2026-10-25T18:00:00+01:00');
  });

  it('America/New_York, spring 2027 (14 March) and autumn 2026 (1 November)', () => {
    expect(shown('America/New_York', '2027-03-13').start).toBe('2027-03-13T18:00:00-05:00');
    expect(shown('America/New_York', '2027-03-14').start).toBe('2027-03-14T18:00:00-04:00');
    expect(shown('America/New_York', '2026-10-31').start).toBe('2026-10-31T18:00:00-04:00');
    expect(shown('America/New_York', '2026-11-01').start).toBe('2026-11-01T18:00:00-05:00');
  });

  it('a window over midnight ends on the next day, across the change too', () => {
    // 22:00 on the Saturday (+01:00) to 01:00 on the Sunday, before the clocks go forward at 02:00.
    expect(shown('Europe/Berlin', '2027-03-27', '22:00', '01:00')).toMatchObject({ start: '2027-03-27T22:00:00+01:00', end: '2027-03-28T01:00:00+01:00' });
  });

  it('a time the clock skips is read in the offset before the change; one it passes twice, the first time', () => {
    // 02:30 does not exist in Berlin on 28 March 2027: 02:30+01:00 is 03:30 by the new clock.
    expect(zonedInstant('2027-03-28', '02:30', 'Europe/Berlin').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    // 02:30 happens twice on 25 October 2026: first at +02:00.
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2027-03-14', '02:30', 'America/New_York').toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(zonedInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('dates', () => {
  it('counts weekdays from Monday 1 to Sunday 7, and moves by days across months and years', () => {
    expect(isoWeekday('2026-12-07')).toBe(1);
    expect(isoWeekday('2026-12-13')).toBe(7);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('lists a weekday series’ dates within its first and last date', () => {
    const weekdays = { weekdays: [1, 2, 3, 4, 5], startDate: '2026-12-08', endDate: '2026-12-16' };
    expect(weekdayDates(weekdays, '2026-12-07', '2026-12-20')).toEqual(['2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-14', '2026-12-15', '2026-12-16']);
    expect(weekdayDates({ weekdays: [6, 7], startDate: '2026-12-01' }, '2026-12-07', '2026-12-13')).toEqual(['2026-12-12', '2026-12-13']);
  });

  it('knows the date in a zone on either side of UTC midnight', () => {
    const at = new Date('2026-12-07T23:30:00Z');
    expect(dateInZone('UTC', at)).toBe('2026-12-07');
    expect(dateInZone('Europe/Berlin', at)).toBe('2026-12-08');
    expect(dateInZone('America/New_York', at)).toBe('2026-12-07');
  });
});
