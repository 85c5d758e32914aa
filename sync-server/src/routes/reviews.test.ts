import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ReviewSchema } from '@foodbridge/shared';
import { createReviewInput, type ReviewInput } from '@foodbridge/shared/testing/factories';
import { migrate } from '../db/migrate.ts';
import { nextMillisecond } from '../testing/clock.ts';
import { insertDonation } from '../testing/fixtures.ts';
import { createMember, createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let restaurant: TestUser;
let user: TestUser;
let other: TestUser;
let admin: TestUser;
let donationId: string;

beforeAll(async () => {
  t = await createTestApp();
  restaurant = await createUser(t, { role: 'restaurant' });
  user = await createUser(t);
  other = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
  donationId = await insertDonation(t.sql, restaurant, { title: 'Sourdough loaves' });
});
afterAll(() => t?.close());

const review = (overrides: Partial<ReviewInput> = {}) => createReviewInput({ donationId, ...overrides });

describe('POST /reviews', () => {
  it('requires a signed-in caller', async () => {
    const res = await t.post('/reviews', review());
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG.signInRequired);
  });

  it('stores the review under the caller, whatever the body claims, with the description trimmed', async () => {
    const res = await t.post(
      '/reviews',
      { ...review({ description: '  Crusty and warm  ', rating: 4 }), reviewerName: 'Mallory', reviewerEmail: other.email },
      user.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.insertedId).toMatch(/^[0-9a-f-]{36}$/);
    const list = await t.get(`/reviews/${donationId}`, user.token);
    const mine = list.body.find((r: { _id: string }) => r._id === res.body.insertedId);
    expect(mine).toMatchObject({ reviewerEmail: user.email, reviewerName: user.name, description: 'Crusty and warm', rating: 4 });
  });

  it('lets every role review', async () => {
    const charity = await createUser(t, { role: 'charity' });
    for (const who of [charity, restaurant, admin]) {
      expect((await t.post('/reviews', review(), who.token)).status).toBe(201);
    }
  });

  it('refuses a missing or blank description and a rating outside 1-5 with readable messages', async () => {
    const blank = await t.post('/reviews', review({ description: '   ' }), user.token);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(MSG.reviewDescriptionRequired);
    const missing = await t.post('/reviews', { donationId, rating: 3 }, user.token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MSG.reviewDescriptionRequired);
    for (const rating of [0, 6, 2.5]) {
      const res = await t.post('/reviews', review({ rating }), user.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Rating/);
    }
    const noRating = await t.post('/reviews', { donationId, description: 'ok' }, user.token);
    expect(noRating.status).toBe(400);
    expect(noRating.body.message).toBe(MSG.ratingRequired);
  });

  it('refuses an invalid, unknown or deleted donation', async () => {
    const invalid = await t.post('/reviews', review({ donationId: 'nope' }), user.token);
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(`donationId: ${MSG.invalidId}`);
    const unknown = await t.post('/reviews', review({ donationId: '00000000-0000-4000-8000-000000000001' }), user.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Donation not found');
    const gone = await insertDonation(t.sql, restaurant, { deleted: true });
    const deleted = await t.post('/reviews', review({ donationId: gone }), user.token);
    expect(deleted.status).toBe(404);
  });

  it('refuses (404) a donation the caller may not see, but lets its restaurant, a requesting charity and an admin review it', async () => {
    const pending = await insertDonation(t.sql, restaurant, { status: 'Pending' });
    const refused = await t.post('/reviews', review({ donationId: pending }), user.token);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Donation not found');
    const charity = await createUser(t, { role: 'charity' });
    expect((await t.post('/reviews', review({ donationId: pending }), charity.token)).status).toBe(404);
    await t.sql`INSERT INTO donation_requests (donation_id, charity_id, charity_name, charity_email, request_description, pickup_time)
                VALUES (${pending}, ${charity.id}, ${charity.name}, ${charity.email}, 'please', '18:00')`;
    for (const who of [restaurant, charity, admin]) {
      expect((await t.post('/reviews', review({ donationId: pending }), who.token)).status).toBe(201);
    }
    const [count] = await t.sql`SELECT count(*)::int AS n FROM reviews WHERE donation_id = ${pending}`;
    expect(count!.n).toBe(3);
  });
});

describe('one review per person and donation', () => {
  it('stores one of 20 reviews of one donation by one user, sent at once; the others get 409 and a message', async () => {
    const reviewer = await createUser(t);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => t.post('/reviews', review({ description: `Take ${i}` }), reviewer.token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body])).toEqual(Array(19).fill([409, { message: 'You have already reviewed this donation.', code: 'reviews/already' }]));
    expect((await t.get(`/my-reviews/${reviewer.email}`, reviewer.token)).body).toHaveLength(1);
    // Another donation, or another person, is a review of its own.
    const another = await insertDonation(t.sql, restaurant);
    expect((await t.post('/reviews', review({ donationId: another }), reviewer.token)).status).toBe(201);
    expect((await t.post('/reviews', review(), (await createUser(t)).token)).status).toBe(201);
  });

  it('lets the reviewer write a new review after deleting theirs', async () => {
    const reviewer = await createUser(t);
    const first = await t.post('/reviews', review(), reviewer.token);
    expect((await t.post('/reviews', review(), reviewer.token)).status).toBe(409);
    expect((await t.del(`/reviews/${first.body.insertedId}`, reviewer.token)).status).toBe(200);
    expect((await t.post('/reviews', review({ description: 'Second thoughts' }), reviewer.token)).status).toBe(201);
  });

  it("migrates a database holding duplicates: each person's first review of a donation stays, the later ones are marked deleted", async () => {
    const reviewer = await createUser(t);
    const d = await insertDonation(t.sql, restaurant);
    // The database as an earlier server left it: no unique index, three reviews by one person.
    await t.sql`DROP INDEX reviews_once`;
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
    const ids: string[] = [];
    for (const [i, minute] of [5, 1, 9].entries()) {
      const [row] = await t.sql<{ id: string }[]>`
        INSERT INTO reviews (donation_id, reviewer_id, reviewer_name, reviewer_email, description, rating, created_at)
        VALUES (${d}, ${reviewer.id}, ${reviewer.name}, ${reviewer.email}, ${`Review ${i}`}, 4, ${at(minute)}) RETURNING id`;
      ids.push(row!.id);
    }
    await t.sql`DELETE FROM schema_migrations WHERE name LIKE '010-%'`;
    expect(await migrate(t.sql)).toEqual([expect.stringMatching(/^010-/)]);
    const rows = await t.sql<{ id: string; deleted: boolean }[]>`SELECT id, deleted FROM reviews WHERE donation_id = ${d} ORDER BY created_at`;
    expect(rows).toEqual([
      { id: ids[1], deleted: false },
      { id: ids[0], deleted: true },
      { id: ids[2], deleted: true },
    ]);
    expect((await t.post('/reviews', review({ donationId: d }), reviewer.token)).status).toBe(409);
  });
});

describe('GET /reviews/:donationId', () => {
  it('is public and lists the donation reviews newest first in the spec shape', async () => {
    const d = await insertDonation(t.sql, restaurant, { title: 'Veg box' });
    const first = await t.post('/reviews', review({ donationId: d, description: 'first', rating: 3 }), user.token);
    await nextMillisecond();
    const second = await t.post('/reviews', review({ donationId: d, description: 'second', rating: 1 }), other.token);
    const res = await t.get(`/reviews/${d}`);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { _id: string }) => r._id)).toEqual([second.body.insertedId, first.body.insertedId]);
    for (const r of res.body) expect(ReviewSchema.strict().parse(r)).toEqual(r);
    expect(res.body[0]).toMatchObject({ donationId: d, donationTitle: 'Veg box', restaurant: restaurant.name, rating: 1 });
  });

  it('shows reviewers their own e-mail and an admin every e-mail, but no one else', async () => {
    const d = await insertDonation(t.sql, restaurant);
    await t.post('/reviews', review({ donationId: d, description: 'mine' }), user.token);
    await nextMillisecond();
    await t.post('/reviews', review({ donationId: d, description: 'theirs' }), other.token);
    const emails = async (token?: string) =>
      (await t.get(`/reviews/${d}`, token)).body.map((r: { description: string; reviewerEmail?: string }) => [r.description, r.reviewerEmail]);
    expect(await emails()).toEqual([['theirs', undefined], ['mine', undefined]]);
    expect(await emails(restaurant.token)).toEqual([['theirs', undefined], ['mine', undefined]]);
    expect(await emails(user.token)).toEqual([['theirs', undefined], ['mine', user.email]]);
    expect(await emails(admin.token)).toEqual([['theirs', other.email], ['mine', user.email]]);
  });

  it('answers 404 for a donation the caller may not see, and lists it for those who may', async () => {
    const pending = await insertDonation(t.sql, restaurant, { status: 'Pending' });
    await t.sql`INSERT INTO reviews (donation_id, reviewer_id, reviewer_name, reviewer_email, description, rating)
                VALUES (${pending}, ${user.id}, ${user.name}, ${user.email}, 'early', 4)`;
    for (const token of [undefined, user.token, other.token]) {
      const res = await t.get(`/reviews/${pending}`, token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Donation not found');
    }
    const charity = await createUser(t, { role: 'charity' });
    expect((await t.get(`/reviews/${pending}`, charity.token)).status).toBe(404);
    const mine = await insertDonation(t.sql, restaurant, { status: 'Pending' });
    expect((await t.get(`/reviews/${mine}`, restaurant.token)).status).toBe(200);
    const byRestaurant = await t.get(`/reviews/${pending}`, restaurant.token);
    expect(byRestaurant.body).toHaveLength(1);
    expect(byRestaurant.body[0].reviewerEmail).toBeUndefined();
    expect((await t.get(`/reviews/${pending}`, admin.token)).body[0].reviewerEmail).toBe(user.email);
  });

  it('answers [] for a donation without reviews and 400 for an invalid id', async () => {
    const d = await insertDonation(t.sql, restaurant);
    expect((await t.get(`/reviews/${d}`)).body).toEqual([]);
    const bad = await t.get('/reviews/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.invalidId);
  });
});

describe('GET /my-reviews/:email', () => {
  it('lists the caller reviews, newest first, for themselves and for an admin', async () => {
    const reviewer = await createUser(t);
    const another = await insertDonation(t.sql, restaurant, { title: 'Sourdough loaves' });
    const a = await t.post('/reviews', review({ description: 'a' }), reviewer.token);
    await nextMillisecond();
    const b = await t.post('/reviews', review({ donationId: another, description: 'b' }), reviewer.token);
    const mine = await t.get(`/my-reviews/${reviewer.email}`, reviewer.token);
    expect(mine.status).toBe(200);
    expect(mine.body.map((r: { _id: string }) => r._id)).toEqual([b.body.insertedId, a.body.insertedId]);
    expect(mine.body[0]).toMatchObject({ donationTitle: 'Sourdough loaves', reviewerEmail: reviewer.email });
    const byAdmin = await t.get(`/my-reviews/${reviewer.email.toUpperCase()}`, admin.token);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toHaveLength(2);
  });

  it('refuses someone else (403) and a signed-out caller (401)', async () => {
    const res = await t.get(`/my-reviews/${user.email}`, other.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.accessDenied);
    expect((await t.get(`/my-reviews/${user.email}`)).status).toBe(401);
  });
});

describe('DELETE /reviews/:id', () => {
  it('lets the reviewer delete (soft) their review, which then disappears from every list', async () => {
    const reviewer = await createUser(t);
    const created = await t.post('/reviews', review({ description: 'to delete' }), reviewer.token);
    const id = created.body.insertedId;
    const res = await t.del(`/reviews/${id}`, reviewer.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    expect((await t.get(`/reviews/${donationId}`)).body.some((r: { _id: string }) => r._id === id)).toBe(false);
    expect((await t.get(`/my-reviews/${reviewer.email}`, reviewer.token)).body.some((r: { _id: string }) => r._id === id)).toBe(false);
    const [row] = await t.sql`SELECT deleted FROM reviews WHERE id = ${id}`;
    expect(row!.deleted).toBe(true);
    expect((await t.del(`/reviews/${id}`, reviewer.token)).status).toBe(404);
  });

  it('refuses someone else (403) and a signed-out caller (401), but lets an admin delete any review', async () => {
    const reviewer = await createUser(t);
    const created = await t.post('/reviews', review(), reviewer.token);
    const id = created.body.insertedId;
    expect((await t.del(`/reviews/${id}`)).status).toBe(401);
    const foreign = await t.del(`/reviews/${id}`, other.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/own reviews/);
    const restaurantTry = await t.del(`/reviews/${id}`, restaurant.token);
    expect(restaurantTry.status).toBe(403);
    const res = await t.del(`/reviews/${id}`, admin.token);
    expect(res.body).toEqual({ deletedCount: 1 });
  });

  it('answers 400 for an invalid id and 404 for an unknown one', async () => {
    expect((await t.del('/reviews/123', user.token)).status).toBe(400);
    expect((await t.del('/reviews/00000000-0000-4000-8000-000000000002', user.token)).status).toBe(404);
  });
});

describe('whose review makes the rating (issue 50)', () => {
  it('marks the reviews of the charity that collected the food, its members\' too, and nobody else\'s', async () => {
    const charity = await createUser(t, { role: 'charity' });
    const driver = await createMember(t, charity, 'driver');
    const stranger = await createUser(t, { role: 'charity' });
    const d = await insertDonation(t.sql, restaurant, { title: 'Collected soup', status: 'Picked', charity: { id: charity.id, name: charity.name, email: charity.email } });
    for (const [u, rating] of [[charity, 5], [driver, 4], [stranger, 1], [user, 2]] as const) {
      expect((await t.post('/reviews', review({ donationId: d, rating }), u.token)).status).toBe(201);
    }
    const byRating = Object.fromEntries((await t.get(`/reviews/${d}`)).body.map((r: { rating: number; fromRecipient: boolean }) => [r.rating, r.fromRecipient]));
    expect(byRating).toEqual({ 5: true, 4: true, 1: false, 2: false });
    const mine = await t.get(`/my-reviews/${encodeURIComponent(charity.email)}`, charity.token);
    expect(mine.body.find((r: { donationId: string }) => r.donationId === d)?.fromRecipient).toBe(true);
  });

  it('counts no review before the pickup, not even the charity\'s it is promised to', async () => {
    const charity = await createUser(t, { role: 'charity' });
    const d = await insertDonation(t.sql, restaurant, { title: 'Promised bread', status: 'Accepted', charity: { id: charity.id, name: charity.name, email: charity.email } });
    expect((await t.post('/reviews', review({ donationId: d }), charity.token)).status).toBe(201);
    expect((await t.get(`/reviews/${d}`)).body[0].fromRecipient).toBe(false);
  });
});
