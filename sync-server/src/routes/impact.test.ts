import { CO2E_KG_PER_KG_FOOD, KG_PER_MEAL } from '@foodbridge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsers } from '../testing/donation-flow.ts';
import { insertDonation } from '../testing/fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';

// Issue 12: what a pickup really was, and the platform's figures computed from it (never invented).
let t: TestApp;
let restaurant: TestUser;
let bistro: TestUser;
let charity: TestUser;
let otherCharity: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [restaurant, bistro, charity, otherCharity] = await createUsers(t, ['restaurant', 'restaurant', 'charity', 'charity']);
});
afterAll(() => t?.close());

/** A donation given to `to`, ready for its pickup confirmation. */
function given(from: TestUser, to: TestUser, fields: { quantity?: number; unit?: 'kg' | 'portions' } = {}) {
  return insertDonation(t.sql, from, { status: 'Accepted', charity: { id: to.id, name: to.name, email: to.email }, ...fields });
}
const pickup = (id: string, who: TestUser, body?: unknown, key?: string) =>
  t.request('PATCH', `/donations/pickup/${id}`, { token: who.token, body, headers: key ? { 'idempotency-key': key } : {} });

describe('GET /impact', () => {
  it('is all zeros before the first pickup: no invented figures', async () => {
    const res = await t.get('/impact');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kgRescued: 0, meals: 0, co2eKg: 0, restaurants: 0, charities: 0 });
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('adds up reported weights, portions as meals, unreported kilograms, and leaves out what nobody collected', async () => {
    const reported = await given(restaurant, charity, { quantity: 12, unit: 'kg' });
    const portions = await given(bistro, charity, { quantity: 30, unit: 'portions' });
    const unreported = await given(restaurant, otherCharity, { quantity: 5, unit: 'kg' });
    const nothing = await given(bistro, otherCharity, { quantity: 40, unit: 'kg' });
    expect((await pickup(reported, charity, { weightKg: 10, outcome: 'part', note: 'Two trays were spoiled' })).status).toBe(200);
    expect((await pickup(portions, charity, { weightKg: 8, outcome: 'all' })).status).toBe(200);
    // The spec's clients confirm without a report: still a pickup, counted by its quantity in kilograms.
    expect((await pickup(unreported, otherCharity)).status).toBe(200);
    expect((await pickup(nothing, otherCharity, { weightKg: 0, outcome: 'none', reason: 'Nobody there' })).status).toBe(200);

    const kg = 10 + 8 + 5;
    expect((await t.get('/impact')).body).toEqual({
      kgRescued: kg,
      meals: Math.round((10 + 5) / KG_PER_MEAL + 30),
      co2eKg: Math.round(kg * CO2E_KG_PER_KG_FOOD),
      restaurants: 2,
      charities: 2,
    });
  });

  it('refuses an incomplete or impossible report, and then nothing is confirmed', async () => {
    const id = await given(restaurant, charity, { quantity: 3, unit: 'kg' });
    for (const [body, message] of [
      [{ weightKg: 0, outcome: 'none' }, 'Say why nothing was picked up'],
      [{ weightKg: 2, outcome: 'none', reason: 'Nobody there' }, 'Nothing picked up weighs 0 kg'],
      [{ weightKg: 0, outcome: 'all' }, 'Enter the weight picked up'],
      [{ weightKg: -1, outcome: 'all' }, 'Weight cannot be negative'],
      [{ weightKg: 2, outcome: 'most' }, 'Outcome must be all, part or none'],
      [{ weightKg: '2', outcome: 'all' }, 'Weight must be a number of kilograms'],
    ] as const) {
      const res = await pickup(id, charity, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect((await t.get(`/donations/${id}`, charity.token)).body.status).toBe('Accepted');
  });

  it('stores a report once when the outbox sends the same confirmation twice', async () => {
    const id = await given(restaurant, charity, { quantity: 4, unit: 'kg' });
    const before = (await t.get('/impact')).body.kgRescued as number;
    const first = await pickup(id, charity, { weightKg: 3.5, outcome: 'all' }, 'outbox-entry-report');
    const again = await pickup(id, charity, { weightKg: 3.5, outcome: 'all' }, 'outbox-entry-report');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await t.get('/impact')).body.kgRescued).toBe(before + 3.5);
  });
});
