import { createDonationInput, createDonationRequestInput } from '@foodbridge/shared/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptRequest, createUsers, postDonation, requestDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';

// Issue 10: food perishes. A donation may carry a best-before time and a pickup point; past its time it is expired,
// computed from the clock: off the public lists, no longer requested or given, still picked up if already given.
let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let charity: TestUser;
let user: TestUser;
let otherCharity: TestUser;

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const ids = (body: { _id: string }[]) => body.map((d) => d._id);

beforeAll(async () => {
  t = await createTestApp();
  [admin, restaurant, charity, user, otherCharity] = await createUsers(t, ['admin', 'restaurant', 'charity', 'user', 'charity']);
});
afterAll(() => t?.close());

/** A Verified donation of `restaurant` whose best-before time has just passed (moved back by hand). */
async function expiredDonation(title = 'Soup of the day') {
  const id = await postDonation(t, restaurant, { title, bestBefore: inHours(2) });
  await verifyDonation(t, admin, id);
  await t.sql`UPDATE donations SET best_before = now() - interval '1 minute' WHERE id = ${id}`;
  return id;
}

describe('best before and the pickup point on a donation', () => {
  it('are stored and answered as sent', async () => {
    const bestBefore = inHours(3);
    const id = await postDonation(t, restaurant, { bestBefore, latitude: 52.52, longitude: 13.405 });
    const res = await t.get(`/donations/${id}`, restaurant.token);
    expect(res.body).toMatchObject({ bestBefore, latitude: 52.52, longitude: 13.405 });
    // The spec's clients send neither: such a donation never expires.
    const plain = await postDonation(t, restaurant);
    expect((await t.get(`/donations/${plain}`, restaurant.token)).body).not.toHaveProperty('bestBefore');
  });

  it('refuses a time in the past, more than 14 days ahead or unreadable, and half a place or one off the globe', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bestBefore: inHours(-1) }, 'Best before must be in the future'],
      [{ bestBefore: inHours(15 * 24) }, 'Best before can be at most 14 days ahead'],
      [{ bestBefore: 'tomorrow' }, 'Best before must be a date and time'],
      [{ latitude: 52.5 }, 'Give both latitude and longitude, or neither'],
      [{ latitude: 91, longitude: 0 }, 'Latitude must be between -90 and 90'],
      [{ latitude: 0, longitude: -181 }, 'Longitude must be between -180 and 180'],
      [{ latitude: '52', longitude: 13 }, 'Latitude must be a number'],
    ];
    for (const [fields, message] of cases) {
      const res = await t.post('/donations', { ...createDonationInput(), ...fields }, restaurant.token);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.message, JSON.stringify(fields)).toBe(message);
    }
  });
});

describe('an expired donation', () => {
  it('leaves the public lists, stays on its restaurant’s and the admin’s, and stays readable', async () => {
    const id = await expiredDonation();
    const fresh = await postDonation(t, restaurant, { bestBefore: inHours(5) });
    await verifyDonation(t, admin, fresh);
    for (const [path, token] of [['/donations/verified', undefined], ['/donations', user.token], ['/donations', undefined]] as const) {
      const list = ids((await t.get(path, token)).body);
      expect(list, path).not.toContain(id);
      expect(list, path).toContain(fresh);
    }
    expect(ids((await t.get('/donations', restaurant.token)).body)).toContain(id);
    expect(ids((await t.get('/donations', admin.token)).body)).toContain(id);
    const read = await t.get(`/donations/${id}`, user.token);
    expect(read.status).toBe(200);
    expect(read.body.status).toBe('Verified');
  });

  it('is no longer requested or given (409), its restaurant can extend it, and one already given can be picked up', async () => {
    const id = await postDonation(t, restaurant, { bestBefore: inHours(2) });
    await verifyDonation(t, admin, id);
    const pending = await requestDonation(t, charity, id);
    await t.sql`UPDATE donations SET best_before = now() - interval '1 minute' WHERE id = ${id}`;

    const request = await t.post('/donation-requests', createDonationRequestInput({ donationId: id }), otherCharity.token);
    expect([request.status, request.body.message]).toEqual([409, 'This donation has expired.']);
    const accept = await t.patch(`/donation-requests/accept/${pending}`, undefined, restaurant.token);
    expect([accept.status, accept.body.message]).toEqual([409, 'This donation has expired.']);

    // A later best-before keeps it Verified (it is not what the admin checked) and puts it back on offer.
    const extended = await t.patch(`/donations/${id}`, { bestBefore: inHours(1) }, restaurant.token);
    expect(extended.status).toBe(200);
    expect((await t.get(`/donations/${id}`, restaurant.token)).body.status).toBe('Verified');
    expect(ids((await t.get('/donations/verified')).body)).toContain(id);
    await acceptRequest(t, restaurant, pending);

    // Given, then past its time: the food may already be in the van.
    await t.sql`UPDATE donations SET best_before = now() - interval '1 minute' WHERE id = ${id}`;
    const picked = await t.patch(`/donations/pickup/${id}`, undefined, charity.token);
    expect(picked.status).toBe(200);
    expect(picked.body.donation.status).toBe('Picked');
  });

  it('moving the pickup point sends a Verified donation back to the admin, like the address', async () => {
    const id = await postDonation(t, restaurant, { latitude: 48.1, longitude: 11.5 });
    await verifyDonation(t, admin, id);
    expect((await t.patch(`/donations/${id}`, { latitude: 48.2, longitude: 11.6 }, restaurant.token)).status).toBe(200);
    expect((await t.get(`/donations/${id}`, restaurant.token)).body).toMatchObject({ status: 'Pending', reverifyReason: 'location' });
  });
});

describe('searching the verified list', () => {
  let creme: string;
  let bakery: string;
  beforeAll(async () => {
    creme = await postDonation(t, restaurant, { title: 'Crème brûlée trays', foodType: 'Bakery', location: 'Rue de Lyon 5' });
    bakery = await postDonation(t, restaurant, { title: 'Sourdough loaves', foodType: 'Bakery', location: 'Main Street 3' });
    const stew = await postDonation(t, restaurant, { title: 'Lentil stew', foodType: 'Cooked Meal', location: 'Müllerstraße 7' });
    for (const id of [creme, bakery, stew]) await verifyDonation(t, admin, id);
  });

  it('finds words in the title, restaurant or location, in any case and without accents', async () => {
    expect(ids((await t.get('/donations/verified?q=CREME%20brulee')).body)).toEqual([creme]);
    expect(ids((await t.get('/donations/verified?q=mullerstrasse')).body)).toHaveLength(0);
    expect((await t.get('/donations/verified?q=mullerstra')).body.map((d: { title: string }) => d.title)).toEqual(['Lentil stew']);
    expect(ids((await t.get(`/donations/verified?q=${encodeURIComponent(restaurant.name.split(' ')[1]!)}%20loaves`)).body)).toEqual([bakery]);
    // LIKE's own wildcards are plain characters in a search.
    expect((await t.get('/donations/verified?q=%25')).body).toEqual([]);
  });

  it('filters by food type in any casing, pages with the filters kept, and refuses bad values', async () => {
    const first = await t.get('/donations/verified?foodType=bakery&limit=1');
    expect(first.body.map((d: { foodType: string }) => d.foodType)).toEqual(['Bakery']);
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toMatch(/foodType=bakery/);
    const second = await t.get(next!);
    expect(second.body.every((d: { foodType: string }) => d.foodType === 'Bakery')).toBe(true);
    expect(ids(second.body)).not.toContain(first.body[0]._id);

    const badType = await t.get('/donations/verified?foodType=Pizza');
    expect([badType.status, badType.body.message]).toEqual([400, 'Unknown food type. Use one of: Bakery, Produce, Cooked Meal, Packaged Goods.']);
    const long = await t.get(`/donations/verified?q=${'a'.repeat(101)}`);
    expect([long.status, long.body.message]).toEqual([400, 'Search text must be at most 100 characters.']);
  });
});

describe('sorting the verified list', () => {
  /** Verified donations of this block only, found by a word in their titles. */
  async function offer(title: string, fields: Record<string, unknown>) {
    const id = await postDonation(t, restaurant, { title: `Quokka ${title}`, ...fields });
    await verifyDonation(t, admin, id);
    return id;
  }
  const titles = (body: { title: string }[]) => body.map((d) => d.title.replace('Quokka ', ''));
  /** Every page from `path`, following the Link headers. */
  async function walk(path: string) {
    const all: { title: string }[] = [];
    for (let next: string | undefined = path; next; ) {
      const res: { status: number; body: { title: string }[]; headers: Headers } = await t.get(next);
      expect(res.status, next).toBe(200);
      all.push(...res.body);
      next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1];
    }
    return all;
  }

  beforeAll(async () => {
    // Berlin Mitte is the charity; the others at about 1, 6 and 250 km; one without a place and time.
    await offer('three hours, 6 km', { bestBefore: inHours(3), latitude: 52.5, longitude: 13.32 });
    await offer('one hour, 250 km', { bestBefore: inHours(1), latitude: 51.05, longitude: 13.74 });
    await offer('no time, no place', {});
    await offer('two hours, 1 km', { bestBefore: inHours(2), latitude: 52.525, longitude: 13.39 });
  });

  it('best before soonest first, those without one last, the same across pages', async () => {
    const order = ['one hour, 250 km', 'two hours, 1 km', 'three hours, 6 km', 'no time, no place'];
    expect(titles((await t.get('/donations/verified?q=quokka&sort=bestBefore')).body)).toEqual(order);
    expect(titles(await walk('/donations/verified?q=quokka&sort=bestbefore&limit=1'))).toEqual(order);
  });

  it('nearest first from the given point, those without a place last, the same across pages', async () => {
    const order = ['two hours, 1 km', 'three hours, 6 km', 'one hour, 250 km', 'no time, no place'];
    const path = '/donations/verified?q=quokka&sort=distance&near=52.52,13.405';
    expect(titles((await t.get(path)).body)).toEqual(order);
    expect(titles(await walk(`${path}&limit=1`))).toEqual(order);
  });

  it('refuses an unknown sort and a missing or impossible point', async () => {
    for (const [query, message] of [
      ['sort=cheapest', 'Unknown sort. Use one of: newest, bestBefore, distance, pickupStart.'],
      ['sort=distance', 'sort=distance needs near=LATITUDE,LONGITUDE (for example near=52.52,13.405).'],
      ['sort=distance&near=91,0', 'sort=distance needs near=LATITUDE,LONGITUDE (for example near=52.52,13.405).'],
      ['sort=distance&near=berlin', 'sort=distance needs near=LATITUDE,LONGITUDE (for example near=52.52,13.405).'],
      ['near=52.5,13.4', 'near is used with sort=distance.'],
    ]) {
      const res = await t.get(`/donations/verified?${query}`);
      expect([res.status, res.body.message], query).toEqual([400, message]);
    }
  });
});
