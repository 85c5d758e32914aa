import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../testing/test-app.ts';
import { insertDonation } from '../testing/fixtures.ts';
import { ACCENTED, PLAIN, searchKey } from './donations.ts';

describe('the search alphabets', () => {
  it('fold each accented letter to its own plain letter', () => {
    // The letters that are no accented form of another in Unicode, and fold by hand.
    const byHand: Record<string, string> = { ł: 'l', ø: 'o', ß: 's' };
    expect([...PLAIN]).toHaveLength([...ACCENTED].length);
    const folds = [...ACCENTED].map((ch, i) => `${ch}${PLAIN[i]}`);
    expect(folds).toEqual([...ACCENTED].map((ch) => `${ch}${byHand[ch] ?? ch.normalize('NFD')[0]}`));
  });
});

describe('search_text (migration 025)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('holds what searchKey makes of the title, the restaurant and the place: the same letters in SQL as in JavaScript', async () => {
    const restaurant = await createUser(t, { role: 'restaurant', name: 'Café Łódź' });
    const title = `Zażółć ${ACCENTED}`;
    const location = `${ACCENTED.toUpperCase()} Müllerstraße 7`;
    await insertDonation(t.sql, restaurant, { title, location });
    const [row] = await t.sql<{ search_text: string }[]>`SELECT search_text FROM donations WHERE restaurant_id = ${restaurant.id}`;
    expect(row!.search_text).toBe(searchKey(`${title} ${restaurant.name} ${location}`));
    expect(row!.search_text).toBe(`zazolc ${PLAIN} cafe lodz ${PLAIN.replace(/s$/, 'ss')} mullerstrase 7`);
  });
});
