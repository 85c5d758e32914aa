// Issue 10, "Where": a restaurant's pickup point on its profile, taken by its new donations unless they say
// otherwise; and the server's distance order agreeing with the shared formula the app sorts with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '@foodbridge/shared';
import { distanceKm } from '@foodbridge/shared/geo';
import { createDonationInput, createProfileInput } from '@foodbridge/shared/testing/factories';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t?.close());

const PLACE = { latitude: 52.5163, longitude: 13.3777 };

async function placeOf(id: string) {
  const res = await t.get(`/donations/${id}`, admin.token);
  expect(res.status).toBe(200);
  return { latitude: res.body.latitude, longitude: res.body.longitude };
}

describe('PATCH /users/me: the pickup point', () => {
  it('keeps address and coordinates, answers them on GET /users/me, and leaves them when other fields change', async () => {
    const r = await createUser(t, { role: 'restaurant' });
    const saved = await t.patch('/users/me', createProfileInput({ address: 'Pariser Platz 1, Berlin', ...PLACE }), r.token);
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ address: 'Pariser Platz 1, Berlin', ...PLACE });
    expect(UserSchema.strict().parse(saved.body.user)).toBeTruthy();

    expect((await t.patch('/users/me', { phone: '+49 30 1234' }, r.token)).status).toBe(200);
    const me = await t.get('/users/me', r.token);
    expect(me.body).toMatchObject({ phone: '+49 30 1234', ...PLACE });
  });

  it('removes the point with both null', async () => {
    const r = await createUser(t, { role: 'restaurant' });
    await t.patch('/users/me', PLACE, r.token);
    const cleared = await t.patch('/users/me', { latitude: null, longitude: null }, r.token);
    expect(cleared.status).toBe(200);
    expect(cleared.body.user.latitude).toBeUndefined();
    expect(cleared.body.user.longitude).toBeUndefined();
  });

  it('refuses one coordinate without the other, out-of-range numbers and text, saying which field', async () => {
    const r = await createUser(t, { role: 'restaurant' });
    const cases: Array<[unknown, string, RegExp]> = [
      [{ latitude: 52.5 }, 'longitude', /both latitude and longitude/],
      [{ longitude: 13.4 }, 'latitude', /both latitude and longitude/],
      [{ latitude: 52.5, longitude: null }, 'longitude', /both latitude and longitude/],
      [{ latitude: 91, longitude: 13.4 }, 'latitude', /between -90 and 90/],
      [{ latitude: 52.5, longitude: -180.5 }, 'longitude', /between -180 and 180/],
      [{ latitude: '52.5', longitude: 13.4 }, 'latitude', /must be a number/],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.patch('/users/me', body, r.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toMatch(message);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(field);
    }
    const me = await t.get('/users/me', r.token);
    expect(me.body.latitude).toBeUndefined();
  });
});

describe('POST /donations: the pickup point by default', () => {
  it("takes the restaurant's pickup point when the donation has no coordinates", async () => {
    const r = await createUser(t, { role: 'restaurant' });
    await t.patch('/users/me', PLACE, r.token);
    const res = await t.post('/donations', createDonationInput(), r.token);
    expect(res.status).toBe(201);
    expect(await placeOf(res.body.insertedId)).toEqual(PLACE);
  });

  it("keeps the donation's own coordinates over the profile's", async () => {
    const r = await createUser(t, { role: 'restaurant' });
    await t.patch('/users/me', PLACE, r.token);
    const own = { latitude: 48.8566, longitude: 2.3522 };
    const res = await t.post('/donations', createDonationInput(own), r.token);
    expect(res.status).toBe(201);
    expect(await placeOf(res.body.insertedId)).toEqual(own);
  });

  it('has no place when neither the donation nor the profile has one, and follows a changed profile', async () => {
    const r = await createUser(t, { role: 'restaurant' });
    const first = await t.post('/donations', createDonationInput(), r.token);
    expect(await placeOf(first.body.insertedId)).toEqual({ latitude: undefined, longitude: undefined });
    await t.patch('/users/me', PLACE, r.token);
    const second = await t.post('/donations', createDonationInput(), r.token);
    expect(await placeOf(second.body.insertedId)).toEqual(PLACE);
    // A donation already made keeps where it was offered; only new ones follow the profile.
    expect(await placeOf(first.body.insertedId)).toEqual({ latitude: undefined, longitude: undefined });
  });
});

describe('GET /donations/verified?sort=distance agrees with the shared formula', () => {
  it('orders as distanceKm does, those without a place last', async () => {
    const r = await createUser(t, { role: 'restaurant' });
    const tag = `agree-${Date.now().toString(36)}`;
    const here = { lat: 51.5072, lng: -0.1276 };
    const places: Array<{ latitude: number; longitude: number } | Record<string, never>> = [
      { latitude: 51.52, longitude: -0.1 },
      { latitude: 51.5, longitude: -0.13 },
      { latitude: 51.55, longitude: -0.2 },
      { latitude: 51.4, longitude: 0.05 },
      {},
    ];
    for (const [i, place] of places.entries()) {
      const made = await t.post('/donations', createDonationInput({ title: `${tag} ${i}`, ...place }), r.token);
      expect((await t.patch(`/donations/verify/${made.body.insertedId}`, {}, admin.token)).status).toBe(200);
    }
    const res = await t.get(`/donations/verified?q=${tag}&sort=distance&near=${here.lat},${here.lng}`);
    expect(res.status).toBe(200);
    const served = res.body.map((d: { title: string }) => d.title);
    const expected = places
      .map((p, i) => ({ title: `${tag} ${i}`, km: typeof p.latitude === 'number' ? distanceKm(here, { lat: p.latitude, lng: p.longitude }) : Infinity }))
      .sort((a, b) => a.km - b.km)
      .map((x) => x.title);
    expect(served).toEqual(expected);
  });
});
