// Issue 15: a donation that was ever verified stays readable by everyone by its id (details, reviews, favourites),
// with its current status and the charity it went to; Pending and Rejected ones stay with their restaurant and
// admins. Lists keep listing only what they list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewInput } from '@foodbridge/shared/testing/factories';
import {
  acceptRequest,
  createUsers,
  postDonation,
  requestDonation,
  verifyDonation,
} from '../testing/donation-flow.ts';
import { createTestApp, pullUntil, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let restaurant: TestUser;
let charity: TestUser;
let otherCharity: TestUser;
let otherRestaurant: TestUser;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [restaurant, charity, otherCharity, otherRestaurant, user, admin] = await createUsers(t, [
    'restaurant',
    'charity',
    'charity',
    'restaurant',
    'user',
    'admin',
  ] as const);
});
afterAll(() => t?.close());

/** A donation taken through the API to `status`; past Verified it is given to `charity`. */
async function donationIn(status: 'Pending' | 'Rejected' | 'Verified' | 'Accepted' | 'Picked'): Promise<string> {
  const id = await postDonation(t, restaurant);
  if (status === 'Pending') return id;
  if (status === 'Rejected') {
    expect((await t.patch(`/donations/reject/${id}`, undefined, admin.token)).status).toBe(200);
    return id;
  }
  await verifyDonation(t, admin, id);
  if (status === 'Verified') return id;
  await acceptRequest(t, restaurant, await requestDonation(t, charity, id));
  if (status === 'Accepted') return id;
  expect((await t.patch(`/donations/pickup/${id}`, undefined, charity.token)).status).toBe(200);
  return id;
}

describe('a donation given to a charity', () => {
  it('lets a third user review it after pickup, and everyone read the review without its e-mail', async () => {
    const id = await donationIn('Picked');
    const res = await t.post('/reviews', createReviewInput({ donationId: id, description: 'Lovely bread' }), user.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const reviews = await t.get(`/reviews/${id}`);
    expect(reviews.status).toBe(200);
    expect(reviews.body).toEqual([expect.objectContaining({ description: 'Lovely bread', reviewerName: user.name })]);
    expect(JSON.stringify(reviews.body)).not.toContain(user.email);
  });

  it('can be saved as a favourite once Accepted, and the favourite opens its details', async () => {
    const id = await donationIn('Accepted');
    const saved = await t.post('/favorites', { donationId: id }, user.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const favorites = await t.get(`/favorites/${user.email}`, user.token);
    expect(favorites.body).toEqual([expect.objectContaining({ donationId: id, status: 'Accepted' })]);
    const details = await t.get(`/donations/${id}`, user.token);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ _id: id, status: 'Accepted', charityName: charity.name });
  });

  it('keeps a favourite saved while Verified readable after the donation is given away', async () => {
    const id = await donationIn('Verified');
    expect((await t.post('/favorites', { donationId: id }, otherRestaurant.token)).status).toBe(201);
    await acceptRequest(t, restaurant, await requestDonation(t, charity, id));
    expect((await t.get(`/donations/${id}`, otherRestaurant.token)).status).toBe(200);
    expect((await t.get(`/reviews/${id}`, otherRestaurant.token)).status).toBe(200);
  });

  it("shows a Picked donation's details signed out, with the charity's name but not its e-mail", async () => {
    const id = await donationIn('Picked');
    const res = await t.get(`/donations/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, status: 'Picked', charityName: charity.name });
    expect(JSON.stringify(res.body)).not.toContain(charity.email);
    // The spec's donation shows its restaurant's e-mail (restaurantEmail), to everyone who may read it.
    expect(res.body.restaurantEmail).toBe(restaurant.email);
  });

  it("gives the charity's e-mail to the parties and admins only", async () => {
    const id = await donationIn('Accepted');
    for (const who of [restaurant, charity, admin]) {
      expect((await t.get(`/donations/${id}`, who.token)).body.charityEmail).toBe(charity.email);
    }
    for (const who of [otherCharity, otherRestaurant, user]) {
      const res = await t.get(`/donations/${id}`, who.token);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(charity.email);
    }
  });

  it("gives another charity a 403 for its pickup (no longer a 404) and a reason, not the donation's holder", async () => {
    const id = await donationIn('Accepted');
    const res = await t.patch(`/donations/pickup/${id}`, undefined, otherCharity.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only the charity that was given this donation can confirm its pickup.');
  });
});

describe('a donation that is not, or no longer, verified', () => {
  const outsiders = () => [undefined, user, otherRestaurant, charity, otherCharity];

  it.each(['Pending', 'Rejected'] as const)('keeps a %s donation from everyone but its restaurant and admins', async (status) => {
    const id = await donationIn(status);
    for (const who of outsiders()) {
      const details = await t.get(`/donations/${id}`, who?.token);
      expect(details.status, `${who?.role ?? 'signed out'}: details`).toBe(404);
      expect(details.body.message).toBe('Donation not found');
      expect((await t.get(`/reviews/${id}`, who?.token)).status).toBe(404);
      if (who) {
        expect((await t.post('/favorites', { donationId: id }, who.token)).status).toBe(404);
        expect((await t.post('/reviews', createReviewInput({ donationId: id }), who.token)).status).toBe(404);
      }
    }
    for (const who of [restaurant, admin]) expect((await t.get(`/donations/${id}`, who.token)).status).toBe(200);
  });

  it('hides a verified donation again once an edit of what the admin checked sends it back to Pending', async () => {
    const id = await donationIn('Verified');
    expect((await t.get(`/donations/${id}`)).status).toBe(200);
    expect((await t.patch(`/donations/${id}`, { title: 'Something else' }, restaurant.token)).status).toBe(200);
    expect((await t.get(`/donations/${id}`, restaurant.token)).body.status).toBe('Pending');
    for (const who of outsiders()) expect((await t.get(`/donations/${id}`, who?.token)).status).toBe(404);
  });

  it('answers a charity that asks for a Pending donation with the 404 that hides it', async () => {
    const id = await donationIn('Pending');
    const res = await t.post('/donation-requests', { donationId: id, requestDescription: 'For tonight', pickupTime: '18:00' }, charity.token);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Donation not found');
  });
});

describe('lists', () => {
  it('still list only what they list: Verified for the public, nothing given away for a plain user', async () => {
    const accepted = await donationIn('Accepted');
    const picked = await donationIn('Picked');
    const verified = await donationIn('Verified');
    const publicIds = ((await t.get('/donations/verified')).body as { _id: string }[]).map((d) => d._id);
    expect(publicIds).toContain(verified);
    expect(publicIds).not.toContain(accepted);
    expect(publicIds).not.toContain(picked);
    const userIds = ((await t.get('/donations', user.token)).body as { _id: string }[]).map((d) => d._id);
    expect(userIds).toContain(verified);
    expect(userIds).not.toContain(accepted);
    // The sync pull keeps the list's scope: a plain user's local store does not hold given-away donations.
    const pulled = await pullUntil<{ _id: string; _deleted: boolean }>(t, '/sync/donations/pull?limit=1000', user.token, (docs) =>
      [accepted, verified].every((id) => docs.some((d) => d._id === id)),
    );
    expect(pulled.find((d) => d._id === accepted)?._deleted).toBe(true);
    expect(pulled.find((d) => d._id === verified)?._deleted).toBe(false);
  });
});
