import { distanceKm } from '@foodbridge/shared/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charitiesToTellOfVerifiedDonation } from '../db/charity-preferences.ts';
import { setUserRole } from '../db/users.ts';
import { createUsers } from '../testing/donation-flow.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';

// Issues 10 and 11: a charity's home base, and the new verified donations it asks to be told of.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const put = (who: TestUser | undefined, body: unknown) => t.request('PUT', '/me/charity-preferences', { token: who?.token, body });
const HOME = { lat: 52.5219, lng: 13.4132 };
const NONE = { homeAddress: null, homeLatitude: null, homeLongitude: null, notifyRadiusKm: null, notifyFoodTypes: [] };

describe('GET/PUT /me/charity-preferences', () => {
  it('starts empty, saves a home base and alerts, and answers them back; PUT replaces them whole', async () => {
    const [charity] = await createUsers(t, ['charity']);
    expect((await t.get('/me/charity-preferences', charity.token)).body).toEqual(NONE);

    const saved = {
      homeAddress: '  Alexanderplatz 1, Berlin ',
      homeLatitude: HOME.lat,
      homeLongitude: HOME.lng,
      notifyRadiusKm: 5,
      notifyFoodTypes: ['Bakery', 'Cooked Meal', 'Bakery'],
    };
    const res = await put(charity, saved);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = { ...saved, homeAddress: 'Alexanderplatz 1, Berlin', notifyFoodTypes: ['Bakery', 'Cooked Meal'] };
    expect(res.body).toEqual(expected);
    expect((await t.get('/me/charity-preferences', charity.token)).body).toEqual(expected);

    // Only food types now: the home base and distance are cleared.
    expect((await put(charity, { notifyFoodTypes: ['Produce'] })).body).toEqual({ ...NONE, notifyFoodTypes: ['Produce'] });
    expect((await put(charity, {})).body).toEqual(NONE);
    expect((await t.get('/me/charity-preferences', charity.token)).body).toEqual(NONE);
  });

  it('refuses other roles and signed-out callers', async () => {
    const [user, restaurant, admin] = await createUsers(t, ['user', 'restaurant', 'admin']);
    for (const who of [user, restaurant, admin]) {
      const get = await t.get('/me/charity-preferences', who.token);
      expect(get.status, who.role).toBe(403);
      expect(get.body.message).toBe('Home base and alerts are for charities only.');
      expect((await put(who, { notifyFoodTypes: ['Bakery'] })).status, who.role).toBe(403);
    }
    expect((await t.get('/me/charity-preferences')).status).toBe(401);
    expect((await put(undefined, {})).status).toBe(401);
  });

  it('refuses invalid preferences with a message, and keeps the saved ones', async () => {
    const [charity] = await createUsers(t, ['charity']);
    const kept = { ...NONE, notifyFoodTypes: ['Bakery'] };
    expect((await put(charity, kept)).status).toBe(200);
    for (const [body, message] of [
      [{ homeLatitude: 91, homeLongitude: 0 }, 'Latitude must be between -90 and 90'],
      [{ homeLatitude: 10, homeLongitude: 181 }, 'Longitude must be between -180 and 180'],
      [{ homeLatitude: 10 }, 'Give both latitude and longitude, or neither'],
      [{ notifyRadiusKm: 5 }, 'Set your home base to be told of donations within a distance'],
      [{ homeLatitude: 1, homeLongitude: 1, notifyRadiusKm: 0 }, 'Distance must be more than 0 km'],
      [{ homeLatitude: 1, homeLongitude: 1, notifyRadiusKm: 501 }, 'Distance must be at most 500 km'],
      [{ homeLatitude: 1, homeLongitude: 1, notifyRadiusKm: '5' }, 'Distance must be a number of kilometres'],
      [{ notifyFoodTypes: ['Soup'] }, 'Food types must be among'],
      [{ homeAddress: 'x'.repeat(301) }, 'Address must be at most 300 characters long'],
    ] as const) {
      const res = await put(charity, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await t.get('/me/charity-preferences', charity.token)).body).toEqual(kept);
  });
});

describe('charitiesToTellOfVerifiedDonation', () => {
  it('tells the charities that opted in and whose every filter the donation matches', async () => {
    // A fresh database: only this test's charities have preferences.
    const own = await createTestApp();
    try {
      const [within5, within2, bakeryOnly, produceWithin5, noPrefs, formerCharity, restaurant] = await createUsers(own, [
        'charity', 'charity', 'charity', 'charity', 'charity', 'charity', 'restaurant',
      ]);
      const home = { homeLatitude: HOME.lat, homeLongitude: HOME.lng };
      const save = async (who: TestUser, body: unknown) => {
        const res = await own.request('PUT', '/me/charity-preferences', { token: who.token, body });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      };
      await save(within5, { ...home, notifyRadiusKm: 5 });
      await save(within2, { ...home, notifyRadiusKm: 2 });
      await save(bakeryOnly, { notifyFoodTypes: ['Bakery'] });
      await save(produceWithin5, { ...home, notifyRadiusKm: 5, notifyFoodTypes: ['Produce'] });
      // A home base alone asks for nothing.
      await save(noPrefs, { ...home, homeAddress: 'Somewhere' });
      await save(formerCharity, { notifyFoodTypes: ['Bakery', 'Produce'] });
      await setUserRole(own.sql, formerCharity.id, 'user');
      void restaurant;

      // About 3.3 km north of the home base.
      const near = { latitude: HOME.lat + 0.03, longitude: HOME.lng };
      expect(distanceKm(HOME, { lat: near.latitude, lng: near.longitude })).toBeGreaterThan(3);
      expect(distanceKm(HOME, { lat: near.latitude, lng: near.longitude })).toBeLessThan(4);
      const far = { latitude: HOME.lat + 0.5, longitude: HOME.lng };
      const nowhere = { latitude: null, longitude: null };

      const told = async (donation: { food_type: string; latitude: number | null; longitude: number | null }) =>
        own.sql.begin(async (tx) => (await charitiesToTellOfVerifiedDonation(tx, donation)).map((c) => c.email).sort());
      const emails = (...who: TestUser[]) => who.map((w) => w.email).sort();

      expect(await told({ food_type: 'Produce', ...near })).toEqual(emails(within5, produceWithin5));
      expect(await told({ food_type: 'Bakery', ...near })).toEqual(emails(within5, bakeryOnly));
      expect(await told({ food_type: 'Cooked Meal', ...near })).toEqual(emails(within5));
      expect(await told({ food_type: 'Produce', ...far })).toEqual([]);
      expect(await told({ food_type: 'Bakery', ...far })).toEqual(emails(bakeryOnly));
      // Right at the home base: within every distance.
      expect(await told({ food_type: 'Produce', latitude: HOME.lat, longitude: HOME.lng })).toEqual(emails(within5, within2, produceWithin5));
      // Without coordinates, no distance filter matches; food types alone still do.
      expect(await told({ food_type: 'Bakery', ...nowhere })).toEqual(emails(bakeryOnly));

      const [first] = await own.sql.begin((tx) => charitiesToTellOfVerifiedDonation(tx, { food_type: 'Cooked Meal', ...near }));
      expect(first).toEqual({ id: within5.id, email: within5.email });
    } finally {
      await own.close();
    }
  });
});
