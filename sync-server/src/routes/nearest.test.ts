import { readFileSync } from 'node:fs';
import { distanceKm } from '@foodbridge/shared/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDonation, insertManyDonations } from '../testing/fixtures.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

// 'Nearest' on the public list (and on a restaurant's, beside its own donations, and on an admin's, of every status)
// reads a page from an index of places: of points on the unit sphere where the database has cube (migration 029;
// 030 then drops the flat map's), otherwise of a flat map of degrees (migrations 026 and 028) bounded on the sphere.
// Both ways are checked here against the plain definition, the shared formula over every donation, page by page: in a
// city with shared addresses (equal distances: the id decides), across the 180th meridian and near a pole (where a box
// of degrees cannot hold the circle), from far away, and with the donations that have no place last.
let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

interface Spot {
  id: string;
  lat?: number;
  lng?: number;
  /** On offer: on the public list. */
  shown: boolean;
  /** Whose list it is on besides the public one (its restaurant's), unless deleted. */
  restaurant: string;
  deleted: boolean;
}
const spots: Spot[] = [];

const SHARED = [
  { lat: 51.5, lng: -0.12 },
  { lat: 51.45, lng: -0.2 },
  { lat: 51.52, lng: 0.01 },
  { lat: 51.6, lng: -0.3 },
  { lat: 51.4, lng: 0.1 },
];

/** A deterministic scatter (no Math.random: a failure must be repeatable). */
function* scatter(seed: number) {
  let x = seed;
  for (;;) {
    x = (x * 48271) % 2147483647;
    yield x / 2147483647;
  }
}

/** Migration 026 or 028's text: the flat map's indexes, kept where the database lacks cube (030 drops them elsewhere). */
const flatIndex = (file: string) => readFileSync(new URL(`../db/migrations/${file}`, import.meta.url), 'utf8');

/**
 * A test app with the donations of `spots`; when `flat`, as a database without cube has it: without migration 029's
 * indexes, with 026 and 028's.
 */
async function seed(flat: boolean) {
  spots.length = 0;
  t = await createTestApp();
  // Before any list is asked for: the server looks for the indexes once.
  if (flat) {
    await t.sql`DROP INDEX donations_sphere, donations_verified_sphere`;
    await t.sql.unsafe(flatIndex('026-verified-place-index.sql'));
    await t.sql.unsafe(flatIndex('028-place-index.sql'));
  }
  owner = await createUser(t, { role: 'restaurant' });
  other = await createUser(t, { role: 'restaurant' });
  admin = await createUser(t, { role: 'admin' });
  await insertManyDonations(t.sql, owner, 260);
  const ids = (await t.sql<{ id: string }[]>`SELECT id FROM donations ORDER BY created_at, id`).map((r) => r.id);
  const next = scatter(7);
  const rand = () => next.next().value as number;
  // Each donation's changes are its own: they are sent together, and the database's round trips overlap.
  const updates: Promise<unknown>[] = [];
  for (const [i, id] of ids.entries()) {
    let place: { lat: number; lng: number } | undefined;
    if (i < 180) place = { lat: 51.3 + rand() * 0.4, lng: -0.4 + rand() * 0.6 }; // London
    if (i >= 180 && i < 190) place = SHARED[i % SHARED.length]; // two donations at each address
    if (i >= 190 && i < 220) place = { lat: -17 - rand(), lng: rand() < 0.5 ? 179.5 + rand() * 0.5 : -180 + rand() * 0.5 }; // Fiji
    if (i >= 220 && i < 235) place = { lat: 89 + rand() * 0.99, lng: -180 + rand() * 360 }; // the Arctic
    // 235 to 259: no place
    let shown = true;
    let deleted = false;
    if (i % 23 === 5) {
      updates.push(t.sql`UPDATE donations SET best_before = now() - interval '1 minute' WHERE id = ${id}`);
      shown = false;
    } else if (i % 29 === 6) {
      updates.push(t.sql`UPDATE donations SET status = 'Pending' WHERE id = ${id}`);
      shown = false;
    } else if (i % 31 === 7) {
      updates.push(t.sql`UPDATE donations SET deleted = true WHERE id = ${id}`);
      shown = false;
      deleted = true;
    }
    if (place) updates.push(t.sql`UPDATE donations SET latitude = ${place.lat}, longitude = ${place.lng} WHERE id = ${id}`);
    spots.push({ id, ...(place ? { lat: place.lat, lng: place.lng } : {}), shown, restaurant: owner.id, deleted });
  }
  await Promise.all(updates);
  // Another restaurant's donations waiting for an admin, among the others: on its own list only.
  for (const [i, place] of [SHARED[0]!, SHARED[3]!, { lat: 51.51, lng: -0.13 }, undefined].entries()) {
    const id = await insertDonation(t.sql, other, { status: 'Pending', title: `Waiting ${i}` });
    if (place) await t.sql`UPDATE donations SET latitude = ${place.lat}, longitude = ${place.lng} WHERE id = ${id}`;
    spots.push({ id, ...(place ? { lat: place.lat, lng: place.lng } : {}), shown: false, restaurant: other.id, deleted: false });
  }
  await t.sql`ANALYZE donations`;
}

/** Every page from `path`, following the Link headers. */
async function walk(path: string, token?: string): Promise<string[]> {
  const all: string[] = [];
  for (let next: string | undefined = path; next; ) {
    const res: { status: number; body: { _id: string }[]; headers: Headers } = await t.get(next, token);
    expect(res.status, next).toBe(200);
    all.push(...res.body.map((d) => d._id));
    next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1];
  }
  return all;
}

/** The list's plain definition: what is on offer, and a restaurant's own or (for an admin) every live donation. */
function expected(here: { lat: number; lng: number }, viewer?: TestUser | 'admin'): string[] {
  const km = (s: Spot) => (s.lat === undefined || s.lng === undefined ? Infinity : distanceKm(here, { lat: s.lat, lng: s.lng }));
  return spots
    .filter((s) => s.shown || (!s.deleted && (viewer === 'admin' || s.restaurant === viewer?.id)))
    .map((s) => ({ id: s.id, km: km(s) }))
    .sort((a, b) => a.km - b.km || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((s) => s.id);
}

describe.each([
  ['on the sphere (cube)', false],
  ['on the flat map (no cube)', true],
])('GET /donations/verified?sort=distance, page by page, %s', (_way, flat) => {
  beforeAll(() => seed(flat));
  afterAll(() => t?.close());

  it.each([
    ['in the city', { lat: 51.5072, lng: -0.1276 }],
    ['on a shared address', SHARED[0]!],
    ['across the 180th meridian', { lat: -17.5, lng: 179.99 }],
    ['near the pole', { lat: 89.9, lng: 10 }],
    ['far from everything', { lat: -45, lng: 100 }],
  ])('%s: every donation on offer once, nearest first, the placeless last', async (_, here) => {
    const want = expected(here);
    expect(want.length).toBeGreaterThan(200);
    // The walks only read: they run at once.
    const walks = await Promise.all([7, 50].map((limit) => walk(`/donations/verified?sort=distance&near=${here.lat},${here.lng}&limit=${limit}`)));
    for (const got of walks) expect(got).toEqual(want);
  });

  it("a restaurant's list: everything on offer, and its own donations that are not, in the one order", async () => {
    const cases = [SHARED[0]!, { lat: -17.5, lng: 179.99 }].flatMap((here) => [owner, other].map((restaurant) => ({ here, restaurant })));
    const walks = await Promise.all(cases.map(({ here, restaurant }) => walk(`/donations?sort=distance&near=${here.lat},${here.lng}&limit=7`, restaurant.token)));
    for (const [i, { here, restaurant }] of cases.entries()) expect(walks[i]).toEqual(expected(here, restaurant));
  });

  it.runIf(flat)("reads a page of the flat map from migration 026's index", async () => {
    const rows = await t.sql<{ 'QUERY PLAN': string }[]>`
      EXPLAIN SELECT id FROM donations d
      WHERE NOT deleted AND status = 'Verified' AND d.latitude IS NOT NULL AND d.longitude IS NOT NULL
      ORDER BY point(d.longitude, d.latitude) <-> point(${100}::float8, ${-45}::float8)
      LIMIT 51`;
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('Index Scan using donations_verified_place');
  });

  it.runIf(!flat)('hands over the nearest Verified donations from anywhere, without reading the far city whole', async () => {
    // The expression of db/donations.ts (onSphere) and of the migration: the plan shows the index serves it.
    const rows = await t.sql<{ 'QUERY PLAN': string }[]>`
      EXPLAIN SELECT id FROM donations d
      WHERE NOT deleted AND status = 'Verified' AND d.latitude IS NOT NULL AND d.longitude IS NOT NULL
      ORDER BY cube(ARRAY[cosd(d.latitude) * cosd(d.longitude), cosd(d.latitude) * sind(d.longitude), sind(d.latitude)])
        <-> cube(ARRAY[cosd(${-45}::float8) * cosd(${100}::float8), cosd(${-45}::float8) * sind(${100}::float8), sind(${-45}::float8)])
      LIMIT 51`;
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('Index Scan using donations_verified_sphere');
  });

  it.runIf(!flat)("leaves no index of the flat map to keep up on every write (migration 030): the sphere's are the ones read", async () => {
    const names = (await t.sql<{ name: string }[]>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'donations'`).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['donations_sphere', 'donations_verified_sphere']));
    expect(names).not.toContain('donations_place');
    expect(names).not.toContain('donations_verified_place');
  });

  it("an admin's list: every live donation, whatever its status, in the same order", async () => {
    const places = [{ lat: 51.5072, lng: -0.1276 }, SHARED[0]!, { lat: -17.5, lng: 179.99 }, { lat: 89.9, lng: 10 }, { lat: -45, lng: 100 }];
    const cases = places.flatMap((here) => [7, 50].map((limit) => ({ here, limit })));
    const walks = await Promise.all(cases.map(({ here, limit }) => walk(`/donations?sort=distance&near=${here.lat},${here.lng}&limit=${limit}`, admin.token)));
    for (const [i, { here }] of cases.entries()) {
      const want = expected(here, 'admin');
      expect(want.length).toBeGreaterThan(expected(here).length);
      expect(walks[i]).toEqual(want);
    }
  });
});
