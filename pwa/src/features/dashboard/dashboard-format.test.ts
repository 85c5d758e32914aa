import { describe, expect, it } from 'vitest';
import { OUTCOME_TICKS, allZero, countOfNoun, formatCount, formatKg, formatWait, monthLabel, monthTick } from './dashboard-format';

describe('dashboard formatting', () => {
  it('names a UTC month from its string, whatever the device zone', () => {
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
    // Not a month: shown as it came rather than as a wrong one.
    expect(monthLabel('2026-13')).toBe('2026-13');
    expect(monthLabel('soon')).toBe('soon');
  });

  it('puts the year on the first bar and on January only', () => {
    const months = ['2025-11', '2025-12', '2026-01', '2026-02'];
    expect(months.map(monthTick)).toEqual(['Nov 25', 'Dec', 'Jan 26', 'Feb']);
  });

  it('says kilograms and counts with separators and at most one decimal', () => {
    expect(formatKg(0)).toBe('0 kg');
    expect(formatKg(12.5)).toBe('12.5 kg');
    expect(formatKg(12.25)).toBe('12.3 kg');
    expect(formatKg(1234)).toBe('1,234 kg');
    expect(formatCount(15000)).toBe('15,000');
  });

  it('says a wait in its two largest units', () => {
    expect(formatWait(null)).toBe('-');
    expect(formatWait(59)).toBe('0 min');
    expect(formatWait(45 * 60)).toBe('45 min');
    expect(formatWait(3 * 3600)).toBe('3 h');
    expect(formatWait(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatWait(24 * 3600)).toBe('1 day');
    expect(formatWait(52 * 3600 + 600)).toBe('2 days 4 h');
  });

  it('says a count with its noun, one or many', () => {
    expect(countOfNoun(1, 'charity', 'charities')).toBe('1 charity');
    expect(countOfNoun(0, 'charity', 'charities')).toBe('0 charities');
    expect(countOfNoun(1200, 'restaurant', 'restaurants')).toBe('1,200 restaurants');
  });

  it('has axis names short enough for a phone', () => {
    for (const tick of Object.values(OUTCOME_TICKS)) expect(tick.length).toBeLessThanOrEqual(18);
  });

  it('knows an all-zero series', () => {
    expect(allZero([])).toBe(true);
    expect(allZero([0, 0])).toBe(true);
    expect(allZero([0, 0.5])).toBe(false);
  });
});
