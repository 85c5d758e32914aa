import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { createSeries } from '@/testing/series';
import { checkedFieldNames, dayRuns, daysText, periodText, requestStateOf, seriesDateText, seriesStateOf, weekdayName, windowText } from './series-words';

describe('the days of a regular donation', () => {
  it('names ISO weekdays, Monday first, in the language asked', () => {
    expect([1, 7].map((d) => weekdayName('en', d))).toEqual(['Mon', 'Sun']);
    expect(weekdayName('en', 3, 'long')).toBe('Wednesday');
    expect(weekdayName('es', 1, 'long')).toBe('lunes');
  });

  it('groups consecutive days into runs, whatever their order or repeats', () => {
    expect(dayRuns([5, 1, 2, 3, 3])).toEqual([
      [1, 3],
      [5, 5],
    ]);
    expect(dayRuns([])).toEqual([]);
    expect(dayRuns([0, 8, 6, 7])).toEqual([[6, 7]]);
  });

  it("says three days or more in a row with a dash, fewer as a list, all seven as 'Every day'", () => {
    expect(daysText(i18n, { weekdays: [1, 2, 3, 4, 5] })).toBe('Mon–Fri');
    expect(daysText(i18n, { weekdays: [1, 3, 5] })).toBe('Mon, Wed, Fri');
    expect(daysText(i18n, { weekdays: [6, 7] })).toBe('Sat, Sun');
    expect(daysText(i18n, { weekdays: [1, 2, 3, 6] })).toBe('Mon–Wed, Sat');
    expect(daysText(i18n, { weekdays: [7, 6, 5, 4, 3, 2, 1] })).toBe('Every day');
  });

  it('shows an RRULE as it is written', () => {
    expect(daysText(i18n, { rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO' })).toBe('Rule: FREQ=WEEKLY;INTERVAL=2;BYDAY=MO');
  });
});

describe('the window, dates and period', () => {
  it('gives the window with its zone, and says when it ends the next day', () => {
    expect(windowText(i18n, createSeries())).toBe('18:00–20:00, Europe/Berlin');
    expect(windowText(i18n, createSeries({ windowStart: '22:00', windowEnd: '01:00', timeZone: 'UTC' }))).toBe('22:00–01:00 (next day), UTC');
  });

  it('says a calendar date with its weekday, the same day in every zone', () => {
    expect(seriesDateText(i18n, '2026-12-08')).toMatch(/^Tue,? 8 Dec$|^Tue,? Dec 8$/);
    expect(seriesDateText(i18n, 'soon')).toBe('soon');
  });

  it('gives the period from the first date, to the last where there is one', () => {
    expect(periodText(i18n, { startDate: '2026-12-07' })).toMatch(/^From Mon,? (7 Dec|Dec 7)$/);
    expect(periodText(i18n, { startDate: '2026-12-07', endDate: '2026-12-31' })).toMatch(/^Mon,? (7 Dec|Dec 7) to Thu,? (31 Dec|Dec 31)$/);
    expect(periodText(i18n, { startDate: '2026-12-07', endDate: '2026-12-07' })).toMatch(/^Only on Mon,? (7 Dec|Dec 7)$/);
  });
});

describe('badges', () => {
  it('says where a series stands, a second verification apart from a first', () => {
    const say = (s: Parameters<typeof seriesStateOf>[0]) => i18n._(seriesStateOf(s).label);
    expect(say({ status: 'Pending' })).toBe('Waiting for verification');
    expect(say({ status: 'Pending', reverifyReason: 'title' })).toBe('Waiting for verification again');
    expect(say({ status: 'Verified' })).toBe('Verified');
    expect(seriesStateOf({ status: 'Rejected' }).tone).toBe('red');
    expect(say({ status: 'Ended' })).toBe('Ended');
  });

  it('names what an admin checked inside a sentence, in the order given', () => {
    expect(checkedFieldNames(i18n, ['title'])).toBe('title');
    expect(checkedFieldNames(i18n, ['title', 'foodType', 'location'])).toBe('title, food type, and pickup location');
  });

  it('says where a standing pickup request stands', () => {
    expect(i18n._(requestStateOf('Pending').label)).toBe('Waiting for an answer');
    expect(requestStateOf('Accepted').tone).toBe('blue');
  });

  it('has every word in Spanish and Arabic too, a time range reading left to right in Arabic', async () => {
    await setLocale('es', { remember: false });
    try {
      expect(daysText(i18n, { weekdays: [1, 2, 3, 4, 5, 6, 7] })).toBe('Todos los días');
      expect(daysText(i18n, { weekdays: [1, 2, 3, 4, 5] })).toBe('lun–vie');
      expect(i18n._(seriesStateOf({ status: 'Pending' }).label)).toBe('Pendiente de verificación');
      expect(checkedFieldNames(i18n, ['title', 'image'])).toBe('el título y la foto');
      await setLocale('ar', { remember: false });
      expect(windowText(i18n, createSeries())).toBe('\u206618:00–20:00\u2069، Europe/Berlin');
      expect(checkedFieldNames(i18n, ['title', 'image'])).toBe('العنوان والصورة');
      expect(daysText(i18n, { weekdays: [1, 2, 3, 4, 5] })).toBe('الاثنين–الجمعة');
    } finally {
      await setLocale('en', { remember: false });
    }
  });
});
