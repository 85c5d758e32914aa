// The regular donations' schedule (issue 47, ADR 020): writing the coming week of a city's series must take at most a
// few seconds and a bounded number of queries, whatever the number of series. The reference, in the same run and
// database: the same number of donations written by the fixtures' multi-row insert, which does nothing but write.
// Part of `npm run bench` (run.ts, on the bench's database of 100,000 donations); also runs alone on a fresh one:
//   npx tsx sync-server/src/bench/series.ts [series]
import { pathToFileURL } from 'node:url';
import { SERIES_DAYS_AHEAD } from '@foodbridge/shared/series-dates';
import { observeQueries } from '../db/query-timing.ts';
import { runSeriesSchedule } from '../series/generate.ts';
import { insertManyDonations } from '../testing/fixtures.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import type { Row } from './performance-doc.ts';

/** What a round may ask of the database: the lock, the read, and a few multi-row statements per kind of row. */
export const SERIES_ROUND_MAX_QUERIES = 20;
/** "At most a few seconds" (issue 47). */
export const SERIES_ROUND_MAX_MS = 5000;

export interface SeriesFigures {
  series: number;
  written: number;
  ms: number;
  queries: number;
  /** A second round at once: nothing left to write. */
  againMs: number;
  againQueries: number;
  referenceMs: number;
}

/**
 * `count` Verified series of `restaurant`'s, every day, windows spread over the day in four zones; one in ten is a
 * standing pickup of `charity`'s, so its occurrences come with accepted requests. Written in one statement each.
 */
async function makeSeries(t: TestApp, restaurant: TestUser, charity: TestUser, count: number): Promise<void> {
  await t.sql`
    INSERT INTO donation_series (restaurant_id, restaurant_name, restaurant_email, title, food_type, quantity, unit, image,
      location, weekdays, window_start, window_end, time_zone, start_date, keeps_hours, status)
    SELECT ${restaurant.id}, ${restaurant.name}, ${restaurant.email}, 'Bench series ' || i, 'Bakery', 5, 'kg',
      '/images/00000000-0000-4000-8000-000000000000', 'Bench Street ' || i, '{1,2,3,4,5,6,7}'::smallint[],
      to_char(make_time(i % 22, 0, 0), 'HH24:MI'), to_char(make_time(i % 22 + 1, 30, 0), 'HH24:MI'),
      (ARRAY['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC'])[i % 4 + 1], current_date - 1, 6, 'Verified'
    FROM generate_series(1, ${count}) AS i`;
  await t.sql`
    INSERT INTO series_requests (series_id, charity_id, charity_name, charity_email, request_description, status, decided_at)
    SELECT id, ${charity.id}, ${charity.name}, ${charity.email}, 'Every day', 'Accepted', now()
    FROM donation_series WHERE restaurant_id = ${restaurant.id} AND title LIKE 'Bench series %0'`;
}

export async function measureSeriesWeek(t: TestApp, count = 1000): Promise<SeriesFigures> {
  const restaurant = await createUser(t, { role: 'restaurant' });
  const charity = await createUser(t, { role: 'charity' });
  await makeSeries(t, restaurant, charity, count);
  await t.sql`ANALYZE donation_series`;
  let queries = 0;
  const stop = observeQueries(t.sql, () => queries++);
  try {
    const started = performance.now();
    const written = await runSeriesSchedule(t.sql);
    const ms = performance.now() - started;
    const first = queries;
    const againStarted = performance.now();
    await runSeriesSchedule(t.sql);
    const againMs = performance.now() - againStarted;
    const againQueries = queries - first;
    // The reference: as many donations, written by a plain multi-row insert.
    const other = await createUser(t, { role: 'restaurant' });
    const refStarted = performance.now();
    await insertManyDonations(t.sql, other, written);
    const referenceMs = performance.now() - refStarted;
    return { series: count, written, ms, queries: first, againMs, againQueries, referenceMs };
  } finally {
    stop();
  }
}

export function seriesRow(f: SeriesFigures): Row {
  return {
    figure: `the regular donations' schedule: the coming ${SERIES_DAYS_AHEAD} days of ${f.series.toLocaleString('en')} series (${f.written.toLocaleString('en')} donations, a tenth with a standing pickup), one round`,
    result: `${(f.ms / 1000).toFixed(2)} s, ${f.queries} queries (${(f.ms / f.referenceMs).toFixed(1)}x the reference); the next round, nothing to write: ${f.againMs.toFixed(0)} ms, ${f.againQueries} queries`,
    reference: `${f.written.toLocaleString('en')} donations by the fixtures' multi-row insert: ${(f.referenceMs / 1000).toFixed(2)} s`,
    target: `< ${SERIES_ROUND_MAX_MS / 1000} s, ≤ ${SERIES_ROUND_MAX_QUERIES} queries`,
    verdict: f.ms < SERIES_ROUND_MAX_MS && f.queries <= SERIES_ROUND_MAX_QUERIES ? 'ok' : 'MISSED',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const t = await createTestApp();
  try {
    const row = seriesRow(await measureSeriesWeek(t, Number(process.argv[2] ?? 1000)));
    console.log(`${row.verdict === 'ok' ? '✓' : '✗'} ${row.figure}: ${row.result} (reference: ${row.reference}; target: ${row.target})`);
  } finally {
    await t.close();
  }
}
