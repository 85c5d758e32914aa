import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { OUTCOME_TICKS, allZero, formatCount, formatKg, formatWait, monthLabel, monthTick } from './dashboard-format';

// In English, the language the test setup starts in.
describe('dashboard formatting', () => {
  it('names a UTC month from its string, whatever the device zone', () => {
    expect(monthLabel(i18n, '2026-01')).toBe('Jan 2026');
    expect(monthLabel(i18n, '2025-12')).toBe('Dec 2025');
    // Not a month: shown as it came rather than as a wrong one.
    expect(monthLabel(i18n, '2026-13')).toBe('2026-13');
    expect(monthLabel(i18n, 'soon')).toBe('soon');
  });

  it('puts the year on the first bar and on January only', () => {
    const months = ['2025-11', '2025-12', '2026-01', '2026-02'];
    expect(months.map((m, i) => monthTick(i18n, m, i))).toEqual(['Nov 25', 'Dec', 'Jan 26', 'Feb']);
  });

  it('says kilograms and counts with separators and at most one decimal', () => {
    expect(formatKg(i18n, 0)).toBe('0 kg');
    expect(formatKg(i18n, 12.5)).toBe('12.5 kg');
    expect(formatKg(i18n, 12.25)).toBe('12.3 kg');
    expect(formatKg(i18n, 1234)).toBe('1,234 kg');
    expect(formatCount(i18n, 15000)).toBe('15,000');
  });

  it('says a wait in its two largest units', () => {
    expect(formatWait(i18n, null)).toBe('-');
    expect(formatWait(i18n, 59)).toBe('0 min');
    expect(formatWait(i18n, 45 * 60)).toBe('45 min');
    expect(formatWait(i18n, 3 * 3600)).toBe('3 h');
    expect(formatWait(i18n, 3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatWait(i18n, 24 * 3600)).toBe('1 day');
    expect(formatWait(i18n, 52 * 3600 + 600)).toBe('2 days 4 h');
  });

  it('has axis names short enough for a phone', () => {
    for (const tick of Object.values(OUTCOME_TICKS)) expect(i18n._(tick).length).toBeLessThanOrEqual(18);
  });

  it('knows an all-zero series', () => {
    expect(allZero([])).toBe(true);
    expect(allZero([0, 0])).toBe(true);
    expect(allZero([0, 0.5])).toBe(false);
  });
});
