import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FavoriteSchema, MSG } from '@foodbridge/shared';
import { createDonationRequestInput } from '@foodbridge/shared/testing/factories';
import { nextMillisecond } from '../testing/clock.ts';
import { insertDonation } from '../testing/fixtures.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let restaurant: TestUser;
let charity: TestUser;
let user: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  restaurant = await createUser(t, { role: 'restaurant' });
  charity = await createUser(t, { role: 'charity' });
  user = await createUser(t);
  other = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t?.close());

const ids = (list: { _id: string }[]) => list.map((f) => f._id);

describe('POST /favorites', () => {
  it('requires a signed-in caller', async () => {
    const donationId = await insertDonation(t.sql, restaurant);
    const res = await t.post('/favorites', { donationId });
    expect(res.status).toBe(401);
  });

  it('saves the favourite for the caller, ignoring an e-mail in the body', async () => {
    const donationId = await insertDonation(t.sql, restaurant);
    const res = await t.post('/favorites', { donationId, email: other.email }, user.token);
    expect(res.status).toBe(201);
    expect(res.body.insertedId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids((await t.get(`/favorites/${user.email}`, user.token)).body)).toContain(res.body.insertedId);
    expect((await t.get(`/favorites/${other.email}`, other.token)).body).toEqual([]);
  });

  it('allows one favourite per donation and user: a second is a 409 with the spec message', async () => {
    const donationId = await insertDonation(t.sql, restaurant);
    expect((await t.post('/favorites', { donationId }, user.token)).status).toBe(201);
    const again = await t.post('/favorites', { donationId }, user.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.alreadyFavorite);
    const withNewId = await t.post('/favorites', { donationId, favoriteId: randomUUID() }, user.token);
    expect(withNewId.status).toBe(409);
    expect(withNewId.body.message).toBe(MSG.alreadyFavorite);
    // Someone else may still save the same donation.
    expect((await t.post('/favorites', { donationId }, other.token)).status).toBe(201);
  });

  it('keeps a client-chosen id, and a repeated post of it is a success with the same id', async () => {
    const donationId = await insertDonation(t.sql, restaurant);
    const favoriteId = randomUUID();
    const first = await t.post('/favorites', { donationId, favoriteId }, user.token);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ insertedId: favoriteId });
    const retry = await t.post('/favorites', { donationId, favoriteId }, user.token);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ insertedId: favoriteId });
    const [row] = await t.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM favorites WHERE donation_id = ${donationId}`;
    expect(row!.count).toBe(1);
  });

  it('stores one favourite when the same push arrives several times at once', async () => {
    const donationId = await insertDonation(t.sql, restaurant);
    const favoriteId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => t.post('/favorites', { donationId, favoriteId }, user.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    for (const a of answers) expect(a.body).toEqual({ insertedId: favoriteId });
    const plain = await insertDonation(t.sql, restaurant);
    const racing = await Promise.all([1, 2, 3].map(() => t.post('/favorites', { donationId: plain }, user.token)));
    expect(racing.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const [row] = await t.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM favorites WHERE donation_id IN ${t.sql([donationId, plain])}`;
    expect(row!.count).toBe(2);
  });

  it('refuses a client id that belongs to another favourite', async () => {
    const d1 = await insertDonation(t.sql, restaurant);
    const d2 = await insertDonation(t.sql, restaurant);
    const favoriteId = randomUUID();
    expect((await t.post('/favorites', { donationId: d1, favoriteId }, user.token)).status).toBe(201);
    const otherDonation = await t.post('/favorites', { donationId: d2, favoriteId }, user.token);
    expect(otherDonation.status).toBe(409);
    expect(otherDonation.body.message).toMatch(/favorite id is already used/);
    const otherUser = await t.post('/favorites', { donationId: d1, favoriteId }, other.token);
    expect(otherUser.status).toBe(409);
    expect(otherUser.body.message).toMatch(/favorite id is already used/);
    // A removed favourite's id is not handed out again either.
    await t.del(`/favorites/${favoriteId}`, user.token);
    const reused = await t.post('/favorites', { donationId: d1, favoriteId }, user.token);
    expect(reused.status).toBe(409);
  });

  it('answers 404 for a private donation, and lets its restaurant and admins save it', async () => {
    const pending = await insertDonation(t.sql, restaurant, { status: 'Pending' });
    const res = await t.post('/favorites', { donationId: pending }, user.token);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Donation not found');
    expect((await t.post('/favorites', { donationId: pending }, charity.token)).status).toBe(404);
    const foreignRestaurant = await createUser(t, { role: 'restaurant' });
    expect((await t.post('/favorites', { donationId: pending }, foreignRestaurant.token)).status).toBe(404);
    expect((await t.post('/favorites', { donationId: pending }, restaurant.token)).status).toBe(201);
    expect((await t.post('/favorites', { donationId: pending }, admin.token)).status).toBe(201);

    // Once verified, readable by everyone: anyone may keep it as a favourite.
    const accepted = await insertDonation(t.sql, restaurant, { status: 'Accepted', charity });
    const otherCharity = await createUser(t, { role: 'charity' });
    expect((await t.post('/favorites', { donationId: accepted }, otherCharity.token)).status).toBe(201);
    expect((await t.post('/favorites', { donationId: accepted }, charity.token)).status).toBe(201);
    expect((await t.post('/favorites', { donationId: accepted }, user.token)).status).toBe(201);
  });

  it('lets any charity save a donation given to another charity, as it was verified once', async () => {
    const donationId = await insertDonation(t.sql, restaurant);
    const chosen = await createUser(t, { role: 'charity' });
    const turnedDown = await createUser(t, { role: 'charity' });
    const request = async (by: TestUser) =>
      (await t.post('/donation-requests', createDonationRequestInput({ donationId }), by.token)).body
        .insertedId as string;
    const accepted = await request(chosen);
    await request(turnedDown);
    expect((await t.patch(`/donation-requests/accept/${accepted}`, undefined, restaurant.token)).status).toBe(200);
    expect((await t.get(`/donations/${donationId}`, turnedDown.token)).status).toBe(200);
    expect((await t.post('/favorites', { donationId }, turnedDown.token)).status).toBe(201);
    const stranger = await createUser(t, { role: 'charity' });
    expect((await t.post('/favorites', { donationId }, stranger.token)).status).toBe(201);
  });

  it('answers 404 for an unknown or deleted donation and 400 for an invalid id', async () => {
    const gone = await insertDonation(t.sql, restaurant, { deleted: true });
    expect((await t.post('/favorites', { donationId: gone }, user.token)).status).toBe(404);
    expect((await t.post('/favorites', { donationId: randomUUID() }, user.token)).status).toBe(404);
    const bad = await t.post('/favorites', { donationId: 'x' }, user.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(MSG.invalidId);
    const badClientId = await t.post('/favorites', { donationId: gone, favoriteId: 'mine-1' }, user.token);
    expect(badClientId.status).toBe(400);
  });
});

describe('GET /favorites/:email', () => {
  it('lists the caller favourites newest first with the donation fields, hiding deleted donations', async () => {
    const fan = await createUser(t);
    const d1 = await insertDonation(t.sql, restaurant, { title: 'Apples', quantity: 12.5 });
    const d2 = await insertDonation(t.sql, restaurant, { title: 'Soup' });
    const d3 = await insertDonation(t.sql, restaurant, { title: 'Deleted later' });
    const f1 = await t.post('/favorites', { donationId: d1 }, fan.token);
    await nextMillisecond();
    const f2 = await t.post('/favorites', { donationId: d2 }, fan.token);
    const f3 = await t.post('/favorites', { donationId: d3 }, fan.token);
    await t.sql`UPDATE donations SET deleted = true WHERE id = ${d3}`;

    const res = await t.get(`/favorites/${fan.email}`, fan.token);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([f2.body.insertedId, f1.body.insertedId]);
    expect(ids(res.body)).not.toContain(f3.body.insertedId);
    for (const f of res.body) expect(FavoriteSchema.strict().parse(f)).toEqual(f);
    expect(res.body[1]).toEqual({
      _id: f1.body.insertedId,
      favoriteId: f1.body.insertedId,
      donationId: d1,
      email: fan.email,
      title: 'Apples',
      image: '/images/00000000-0000-4000-8000-000000000000',
      restaurant: restaurant.name,
      location: 'Main Street 1',
      status: 'Verified',
      quantity: 12.5,
      unit: 'kg',
      createdAt: expect.any(String),
    });
  });

  it('is for the owner and admins only', async () => {
    expect((await t.get(`/favorites/${user.email}`, admin.token)).status).toBe(200);
    const foreign = await t.get(`/favorites/${user.email}`, other.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(MSG.accessDenied);
    expect((await t.get(`/favorites/${user.email}`)).status).toBe(401);
  });
});

describe('DELETE /favorites/:favoriteId', () => {
  it('lets the owner remove (soft) a favourite, after which it can be saved again', async () => {
    const donationId = await insertDonation(t.sql, restaurant);
    const created = await t.post('/favorites', { donationId }, user.token);
    const id = created.body.insertedId;
    const res = await t.del(`/favorites/${id}`, user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    expect(ids((await t.get(`/favorites/${user.email}`, user.token)).body)).not.toContain(id);
    const [row] = await t.sql`SELECT deleted FROM favorites WHERE id = ${id}`;
    expect(row!.deleted).toBe(true);
    expect((await t.del(`/favorites/${id}`, user.token)).status).toBe(404);
    expect((await t.post('/favorites', { donationId }, user.token)).status).toBe(201);
  });

  it('refuses someone else (403) and a signed-out caller (401), but lets an admin remove any favourite', async () => {
    const donationId = await insertDonation(t.sql, restaurant);
    const id = (await t.post('/favorites', { donationId }, user.token)).body.insertedId;
    expect((await t.del(`/favorites/${id}`)).status).toBe(401);
    const foreign = await t.del(`/favorites/${id}`, other.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/own favorites/);
    expect((await t.del(`/favorites/${id}`, restaurant.token)).status).toBe(403);
    expect((await t.del(`/favorites/${id}`, admin.token)).body).toEqual({ deletedCount: 1 });
  });

  it('answers 400 for an invalid id and 404 for an unknown one', async () => {
    expect((await t.del('/favorites/abc', user.token)).status).toBe(400);
    expect((await t.del(`/favorites/${randomUUID()}`, user.token)).status).toBe(404);
  });
});
