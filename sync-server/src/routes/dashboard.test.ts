import { CO2E_KG_PER_KG_FOOD, DONATION_OUTCOME_BUCKETS, DashboardSchema, FOOD_TYPES, KG_PER_MEAL } from '@foodbridge/shared';
import type { DonationInput } from '@foodbridge/shared/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptRequest, createUsers, postDonation, requestDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';

// Issue 12: each role's dashboard, from the data and only the caller's own. Donations go through the real API:
// posted, verified, requested, accepted and picked up with a report.
let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let bistro: TestUser;
let charity: TestUser;
let otherCharity: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [admin, restaurant, bistro, charity, otherCharity, user] = await createUsers(t, ['admin', 'restaurant', 'restaurant', 'charity', 'charity', 'user']);
});
afterAll(() => t?.close());

/** The last 12 calendar months in UTC, oldest first, as YYYY-MM. */
function lastTwelveMonths(now = new Date()): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}
const zeroMonths = () => lastTwelveMonths().map((month) => ({ month, kg: 0 }));
const kgIn = (body: { kgByMonth: { month: string; kg: number }[] }, month: string) => body.kgByMonth.find((m) => m.month === month)?.kg;
const counts = (body: { outcomes: { outcome: string; count: number }[] }) => Object.fromEntries(body.outcomes.map((o) => [o.outcome, o.count]));

async function dashboard(who: TestUser) {
  const res = await t.get('/dashboard', who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Personal figures: no shared cache keeps them.
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  // Every answer is the shape the app reads.
  expect(DashboardSchema.safeParse(res.body).success, JSON.stringify(res.body)).toBe(true);
  return res.body;
}

/** A donation of `from` given to `to` through the API (posted, verified, requested, accepted); returns its id. */
async function given(from: TestUser, to: TestUser, fields: Partial<DonationInput> = {}): Promise<string> {
  const id = await postDonation(t, from, fields);
  await verifyDonation(t, admin, id);
  await acceptRequest(t, from, await requestDonation(t, to, id));
  return id;
}
async function pickup(id: string, who: TestUser, report?: unknown) {
  const res = await t.patch(`/donations/pickup/${id}`, report, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('GET /dashboard', () => {
  it('is for signed-in callers only', async () => {
    const res = await t.get('/dashboard');
    expect(res.status).toBe(401);
  });

  it('answers zeros and empty lists for every role before any donation', async () => {
    const thisMonth = lastTwelveMonths().at(-1)!;
    expect(thisMonth).toMatch(/^\d{4}-\d{2}$/);
    expect(await dashboard(restaurant)).toEqual({
      role: 'restaurant',
      totalKg: 0,
      kgByMonth: zeroMonths(),
      kgByFoodType: FOOD_TYPES.map((foodType) => ({ foodType, kg: 0 })),
      outcomes: DONATION_OUTCOME_BUCKETS.map((outcome) => ({ outcome, count: 0 })),
    });
    expect(await dashboard(charity)).toEqual({ role: 'charity', totalKg: 0, kgByMonth: zeroMonths(), pickups: { onTime: 0, afterBestBefore: 0 }, missedPickups: 0, byMember: [] });
    expect(await dashboard(admin)).toEqual({
      role: 'admin',
      totals: { kgRescued: 0, meals: 0, co2eKg: 0, restaurants: 0, charities: 0 },
      topRestaurants: [],
      topCharities: [],
      mostMissed: [],
      waitingVerification: { count: 0, oldestWaitSeconds: null, medianWaitSeconds: null },
    });
    expect(await dashboard(user)).toEqual({ role: 'user' });
  });

  it("shows each role its own figures from real pickups, and a restaurant never another's", async () => {
    const months = lastTwelveMonths();
    const [twoMonthsAgo, thisMonth] = [months.at(-3)!, months.at(-1)!];

    // The restaurant: 12 kg of bread picked up in part as 10 kg; 30 portions of a cooked meal weighed at 8 kg; 5 kg of
    // produce confirmed by an old client without a report (counted by its quantity); 40 kg nobody was there for.
    const bread = await given(restaurant, charity, { foodType: 'Bakery', quantity: 12, unit: 'kg' });
    await pickup(bread, charity, { weightKg: 10, outcome: 'part', note: 'Two trays were spoiled' });
    const meal = await given(restaurant, charity, { foodType: 'Cooked Meal', quantity: 30, unit: 'portions', bestBefore: new Date(Date.now() + 3600_000).toISOString() });
    // Its best-before passes while the charity is on its way (moved back by hand, as the clock would): a late pickup.
    await t.sql`UPDATE donations SET best_before = now() - interval '1 minute' WHERE id = ${meal}`;
    await pickup(meal, charity, { weightKg: 8, outcome: 'all' });
    const produce = await given(restaurant, otherCharity, { foodType: 'Produce', quantity: 5, unit: 'kg' });
    await pickup(produce, otherCharity);
    const nothing = await given(restaurant, otherCharity, { foodType: 'Packaged Goods', quantity: 40, unit: 'kg' });
    await pickup(nothing, otherCharity, { weightKg: 0, outcome: 'none', reason: 'Nobody there' });
    // The bread was collected two months ago (moved back by hand): it counts in that month, not this one.
    await t.sql`UPDATE donations SET pickup_date = date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '2 months' + interval '3 days' WHERE id = ${bread}`;
    // Still waiting: one accepted, one on offer, one waiting for the admin, one rejected, one expired unclaimed.
    await given(restaurant, charity, { quantity: 3 });
    await verifyDonation(t, admin, await postDonation(t, restaurant));
    const pending = await postDonation(t, restaurant);
    const rejected = await postDonation(t, restaurant);
    expect((await t.patch(`/donations/reject/${rejected}`, undefined, admin.token)).status).toBe(200);
    const expired = await postDonation(t, restaurant, { bestBefore: new Date(Date.now() + 3600_000).toISOString() });
    await verifyDonation(t, admin, expired);
    await t.sql`UPDATE donations SET best_before = now() - interval '1 minute' WHERE id = ${expired}`;
    // Another restaurant's pickup, which the first must never see: 7 kg of bread for the other charity.
    const other = await given(bistro, otherCharity, { foodType: 'Bakery', quantity: 7, unit: 'kg' });
    await pickup(other, otherCharity, { weightKg: 7, outcome: 'all' });
    const bistroPending = await postDonation(t, bistro);
    // The pending donations waited a known time.
    await t.sql`UPDATE donations SET created_at = now() - interval '3 hours' WHERE id = ${pending}`;
    await t.sql`UPDATE donations SET created_at = now() - interval '1 hour' WHERE id = ${bistroPending}`;

    const mine = await dashboard(restaurant);
    expect(mine.role).toBe('restaurant');
    expect(mine.totalKg).toBe(10 + 8 + 5);
    expect(kgIn(mine, twoMonthsAgo)).toBe(10);
    expect(kgIn(mine, thisMonth)).toBe(8 + 5);
    expect(mine.kgByMonth.map((m: { month: string }) => m.month)).toEqual(months);
    expect(mine.kgByFoodType).toEqual([
      { foodType: 'Bakery', kg: 10 },
      { foodType: 'Produce', kg: 5 },
      { foodType: 'Cooked Meal', kg: 8 },
      { foodType: 'Packaged Goods', kg: 0 },
    ]);
    expect(counts(mine)).toEqual({
      pickedAll: 1,
      pickedPart: 1,
      pickedNone: 1,
      pickedUnreported: 1,
      awaitingPickup: 1,
      onOffer: 1,
      awaitingVerification: 1,
      expired: 1,
      rejected: 1,
    });

    const theirs = await dashboard(bistro);
    expect(theirs.totalKg).toBe(7);
    expect(theirs.kgByFoodType[0]).toEqual({ foodType: 'Bakery', kg: 7 });
    expect(counts(theirs)).toMatchObject({ pickedAll: 1, awaitingVerification: 1, pickedPart: 0, rejected: 0 });

    // The charity: the bread on time (no best-before), the meal after its best-before.
    expect(await dashboard(charity)).toEqual({
      role: 'charity',
      totalKg: 18,
      kgByMonth: months.map((month) => ({ month, kg: month === twoMonthsAgo ? 10 : month === thisMonth ? 8 : 0 })),
      pickups: { onTime: 1, afterBestBefore: 1 },
      missedPickups: 0,
      // Confirmed by the charity's founding account, its one member here (drivers: pickup-assignees.test.ts).
      byMember: [{ userId: charity.id, name: charity.name, totalKg: 18, pickups: 2, kgByMonth: months.map((month) => ({ month, kg: month === twoMonthsAgo ? 10 : month === thisMonth ? 8 : 0 })) }],
    });
    // The other charity: three pickups (the 'nothing' one a trip too), 5 + 7 kg.
    const second = await dashboard(otherCharity);
    expect([second.totalKg, kgIn(second, thisMonth), second.pickups]).toEqual([12, 12, { onTime: 3, afterBestBefore: 0 }]);

    const platform = await dashboard(admin);
    const kg = 10 + 8 + 5 + 7;
    expect(platform.totals).toEqual({
      kgRescued: kg,
      meals: Math.round((10 + 5 + 7) / KG_PER_MEAL + 30),
      co2eKg: Math.round(kg * CO2E_KG_PER_KG_FOOD),
      restaurants: 2,
      charities: 2,
    });
    // The same figures as the home page's.
    expect((await t.get('/impact')).body).toEqual(platform.totals);
    expect(platform.topRestaurants).toEqual([
      { id: restaurant.id, name: restaurant.name, kg: 23 },
      { id: bistro.id, name: bistro.name, kg: 7 },
    ]);
    expect(platform.topCharities).toEqual([
      { id: charity.id, name: charity.name, kg: 18 },
      { id: otherCharity.id, name: otherCharity.name, kg: 12 },
    ]);
    expect(platform.waitingVerification.count).toBe(2);
    expect(platform.waitingVerification.oldestWaitSeconds).toBeGreaterThanOrEqual(3 * 3600);
    expect(platform.waitingVerification.oldestWaitSeconds).toBeLessThan(3 * 3600 + 120);
    // The median of two waits is their mean: two hours.
    expect(platform.waitingVerification.medianWaitSeconds).toBeGreaterThanOrEqual(2 * 3600);
    expect(platform.waitingVerification.medianWaitSeconds).toBeLessThan(2 * 3600 + 120);

    // A plain user still has no figures, and no query parameter turns a dashboard into someone else's.
    expect(await dashboard(user)).toEqual({ role: 'user' });
    const res = await t.get(`/dashboard?restaurantId=${restaurant.id}`, bistro.token);
    expect(res.body.totalKg).toBe(7);
  });

  it('ranks at most five restaurants, the most kilograms first', async () => {
    const many = await createUsers(t, ['restaurant', 'restaurant', 'restaurant', 'restaurant', 'restaurant']);
    for (const [i, r] of many.entries()) {
      const id = await given(r, charity, { quantity: 1 + i, unit: 'kg' });
      await pickup(id, charity, { weightKg: 1 + i, outcome: 'all' });
    }
    const top = (await dashboard(admin)).topRestaurants as { id: string; kg: number }[];
    expect(top.map((r) => r.kg)).toEqual([23, 7, 5, 4, 3]);
    expect(top[0]!.id).toBe(restaurant.id);
  });
});
