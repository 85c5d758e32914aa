import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../testing/test-app.ts';
import { insertDonation, insertManyDonations } from '../testing/fixtures.ts';
import { missingOptionalIndexes } from './migrate.ts';
import { ACCENTED, PLAIN, searchFold } from '@foodbridge/shared/search';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('search_text (migration 025)', () => {
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

describe('the search index (migration 027)', () => {
  it('serves a search by part of a word, so that one matching nothing need not read every donation', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    await insertManyDonations(t.sql, restaurant, 3000);
    // As the embedded server's upkeep or Postgres' autovacuum leave it: analysed, and new rows moved from the index's
    // pending list into the index proper.
    await t.sql`VACUUM ANALYZE donations`;
    const rows = await t.sql<{ 'QUERY PLAN': string }[]>`
      EXPLAIN SELECT id FROM donations WHERE NOT deleted AND status = 'Verified' AND search_text LIKE '%quokka%'`;
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('Bitmap Index Scan on donations_verified_search');
  });

  it('is named at start where the database lacked pg_trgm', async () => {
    expect(await missingOptionalIndexes(t.sql)).toEqual([]);
    await t.sql`DROP INDEX donations_verified_search`;
    expect(await missingOptionalIndexes(t.sql)).toEqual(["donations_verified_search: the public list's search (pg_trgm)"]);
  });
});
