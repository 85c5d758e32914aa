import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../testing/test-app.ts';
import { insertDonation } from '../testing/fixtures.ts';
import { ACCENTED, PLAIN, searchFold } from '@foodbridge/shared/search';

describe('search_text (migration 025)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('holds what searchFold makes of the title, the restaurant and the place: the same letters in SQL as in JavaScript', async () => {
    const restaurant = await createUser(t, { role: 'restaurant', name: 'Café Łódź' });
    const title = `Zażółć ${ACCENTED}`;
    const location = `${ACCENTED.toUpperCase()} Müllerstraße 7`;
    await insertDonation(t.sql, restaurant, { title, location });
    const [row] = await t.sql<{ search_text: string }[]>`SELECT search_text FROM donations WHERE restaurant_id = ${restaurant.id}`;
    expect(row!.search_text).toBe(searchFold(`${title} ${restaurant.name} ${location}`));
    expect(row!.search_text).toBe(`zazolc ${PLAIN} cafe lodz ${PLAIN.replace(/s$/, 'ss')} mullerstrase 7`);
  });
});
