import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { isExpired } from '@foodbridge/shared/schemas/donation';
import { bestBeforeWords as wordsIn, fromLocalInput, isPast, nextExpiry, toLocalInput, wordsChangeIn } from './best-before';

// Local times, so the tests read the same in any time zone the machine is set to.
const at = (y: number, mo: number, d: number, h: number, mi = 0) => new Date(y, mo - 1, d, h, mi);
const NOW = at(2026, 11, 25, 18, 0).getTime(); // Wednesday 25 November 2026, 18:00
const iso = (d: Date) => d.toISOString();
// In English, as the app starts (testing/setup.ts loads its catalogues).
const bestBeforeWords = (bestBefore: string | undefined, now: number) => wordsIn(i18n, bestBefore, now);

describe('bestBeforeWords', () => {
  it('says nothing for a donation without a best-before time', () => {
    expect(bestBeforeWords(undefined, NOW)).toBeNull();
    expect(bestBeforeWords('', NOW)).toBeNull();
    expect(bestBeforeWords('not a date', NOW)).toBeNull();
  });

  it('names today, with the hours left', () => {
    expect(bestBeforeWords(iso(at(2026, 11, 25, 21, 30)), NOW)).toMatchObject({ text: 'Best before 21:30 today', hint: 'in 3 h', expired: false });
  });

  it('rounds the hours left to the nearest: 5 h less a few seconds is still "in 5 h", not "in 4 h"', () => {
    const hint = (ms: number) => bestBeforeWords(new Date(NOW + ms).toISOString(), NOW)?.hint;
    expect(hint(5 * 3_600_000 - 5_000)).toBe('in 5 h');
    expect(hint(5 * 3_600_000)).toBe('in 5 h');
    // A half hour rounds down: better to say a little less time than there is, for food.
    expect(hint(4 * 3_600_000 + 30 * 60_000 + 1)).toBe('in 5 h');
    expect(hint(4 * 3_600_000 + 30 * 60_000)).toBe('in 4 h');
    expect(hint(4 * 3_600_000 + 20 * 60_000)).toBe('in 4 h');
    expect(hint(3_600_000 + 40 * 60_000)).toBe('in 2 h');
    // Never "in 0 h": the minutes take over under an hour.
    expect(hint(3_600_000)).toBe('in 1 h');
    expect(hint(3_600_000 - 1)).toBe('in 60 min');
  });

  it('counts minutes within the last hour, never "in 0 min"', () => {
    expect(bestBeforeWords(iso(at(2026, 11, 25, 18, 25)), NOW)?.hint).toBe('in 25 min');
    expect(bestBeforeWords(new Date(NOW + 5_000).toISOString(), NOW)?.hint).toBe('in 1 min');
  });

  it('names tomorrow, with a hint only within 24 hours', () => {
    expect(bestBeforeWords(iso(at(2026, 11, 26, 9, 0)), NOW)).toMatchObject({ text: 'Best before tomorrow 09:00', hint: 'in 15 h' });
    expect(bestBeforeWords(iso(at(2026, 11, 26, 19, 0)), NOW)).toEqual(expect.not.objectContaining({ hint: expect.anything() }));
  });

  it('gives the day and date further ahead', () => {
    expect(bestBeforeWords(iso(at(2026, 11, 30, 12, 0)), NOW)?.text).toBe('Best before Mon 30 Nov');
    expect(bestBeforeWords(iso(at(2027, 1, 2, 12, 0)), NOW)?.text).toBe('Best before Sat 2 Jan');
  });

  it('says Expired once the time has come, and the full time for hover and screen readers', () => {
    const past = bestBeforeWords(iso(at(2026, 11, 25, 17, 59)), NOW);
    expect(past).toMatchObject({ text: 'Expired', expired: true });
    expect(past?.hint).toBeUndefined();
    expect(past?.full).toMatch(/Wednesday.*25 November 2026.*17:59/);
    expect(bestBeforeWords(new Date(NOW).toISOString(), NOW)?.expired).toBe(true);
    expect(bestBeforeWords(iso(at(2026, 11, 25, 21, 30)), NOW)?.full).toMatch(/^Best before Wednesday.*25 November 2026.*21:30/);
  });
});

describe('the datetime-local value', () => {
  it('round-trips through the ISO time the API takes, in local time', () => {
    const value = toLocalInput(iso(at(2026, 11, 25, 21, 30)));
    expect(value).toBe('2026-11-25T21:30');
    expect(fromLocalInput(value)).toBe(iso(at(2026, 11, 25, 21, 30)));
  });

  it('leaves an empty field empty and hands anything else on for the schema to refuse', () => {
    expect(toLocalInput(undefined)).toBe('');
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('soon')).toBe('soon');
  });
});

describe('nextExpiry', () => {
  it('is the earliest best-before still ahead, skipping past ones and donations without one', () => {
    const list = [
      { bestBefore: iso(at(2026, 11, 25, 17, 0)) },
      {},
      { bestBefore: iso(at(2026, 11, 26, 9, 0)) },
      { bestBefore: iso(at(2026, 11, 25, 20, 0)) },
    ];
    expect(nextExpiry(list, NOW)).toBe(at(2026, 11, 25, 20, 0).getTime());
    expect(nextExpiry([{}, { bestBefore: iso(at(2026, 11, 24, 9, 0)) }], NOW)).toBeUndefined();
  });
});

describe('wordsChangeIn', () => {
  const words = (bestBefore: string, now: number) => bestBeforeWords(bestBefore, now);

  it('wakes exactly when the words change, and not before', () => {
    const cases = [
      new Date(NOW + 25 * 60_000 + 7_000),
      new Date(NOW + 3_600_000),
      new Date(NOW + 86_400_000),
      at(2026, 11, 25, 21, 30),
      at(2026, 11, 26, 19, 0),
      at(2026, 11, 26, 9, 0),
      new Date(NOW + 20_000),
      new Date(NOW + 5 * 3_600_000 - 5_000),
      new Date(NOW + 3_600_000 + 20 * 60_000),
      new Date(NOW + 4 * 3_600_000 + 30 * 60_000 + 1),
      new Date(NOW + 23 * 3_600_000 + 45 * 60_000),
    ];
    for (const d of cases) {
      const delay = wordsChangeIn(iso(d), NOW);
      expect(delay).toBeGreaterThan(0);
      expect(words(iso(d), NOW + delay! - 1)).toEqual(words(iso(d), NOW));
      expect(words(iso(d), NOW + delay!)).not.toEqual(words(iso(d), NOW));
    }
  });

  it('stops once expired, and for no time at all', () => {
    expect(wordsChangeIn(new Date(NOW + 20_000).toISOString(), NOW)).toBe(20_000);
    expect(wordsChangeIn(iso(at(2026, 11, 25, 17, 0)), NOW)).toBeUndefined();
    expect(wordsChangeIn(undefined, NOW)).toBeUndefined();
  });
});

describe('isPast', () => {
  it('answers as the server\'s isExpired does', () => {
    for (const bestBefore of [undefined, '', 'soon', new Date(NOW - 1).toISOString(), new Date(NOW).toISOString(), new Date(NOW + 1).toISOString()]) {
      expect(isPast(bestBefore, NOW)).toBe(isExpired({ bestBefore }, NOW));
    }
  });
});
