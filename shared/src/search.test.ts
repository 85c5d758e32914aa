import { describe, expect, it } from 'vitest';
import { ACCENTED, PLAIN, searchFold } from './search.ts';

describe('the search alphabets', () => {
  it('fold each accented letter to its own plain letter', () => {
    // The letters that are no accented form of another in Unicode, and fold by hand.
    const byHand: Record<string, string> = { ł: 'l', ø: 'o', ß: 's' };
    expect([...PLAIN]).toHaveLength([...ACCENTED].length);
    const folds = [...ACCENTED].map((ch, i) => `${ch}${PLAIN[i]}`);
    expect(folds).toEqual([...ACCENTED].map((ch) => `${ch}${byHand[ch] ?? ch.normalize('NFD')[0]}`));
  });
});

describe('searchFold', () => {
  it('lower-cases and drops accents, upper case too', () => {
    expect(searchFold('Crème Brûlée')).toBe('creme brulee');
    expect(searchFold('ŁÓDŹ, Smørrebrød, Müllerstraße')).toBe('lodz, smorrebrod, mullerstrase');
  });

  it('keeps every other letter as it is', () => {
    expect(searchFold('Pan 12 & co. خبز')).toBe('pan 12 & co. خبز');
  });
});
