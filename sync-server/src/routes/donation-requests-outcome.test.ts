import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DonationRequestListItemSchema, DonationRequestSchema } from '@foodbridge/shared';
import { createDonationRequestInput } from '@foodbridge/shared/testing/factories';
import { insertDonation } from '../testing/fixtures.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let restaurant: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  restaurant = await createUser(t, { role: 'restaurant' });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t?.close());

const tomorrowAt = (h: number) => {
  const d = new Date(Date.now() + 86_400_000);
  d.setUTCHours(h, 30, 0, 0);
  return d.toISOString();
};

describe('GET /donation-requests: what became of the donation', () => {
  it('adds the donation status, the pickup time once picked and the planned day, beside the spec fields', async () => {
    const charity = await createUser(t, { role: 'charity' });
    const other = await createUser(t, { role: 'charity' });
    const donationId = await insertDonation(t.sql, restaurant);
    const pickupAt = tomorrowAt(17);
    const posted = await t.post('/donation-requests', createDonationRequestInput({ donationId, pickupTime: '17:30', pickupAt }), charity.token);
    expect(posted.status).toBe(201);
    const otherPost = await t.post('/donation-requests', createDonationRequestInput({ donationId }), other.token);
    expect(otherPost.status).toBe(201);

    const find = async (token: string, id: string) =>
      ((await t.get('/donation-requests', token)).body as Record<string, unknown>[]).find((r) => r._id === id);

    const before = await find(restaurant.token, posted.body.insertedId);
    // Every spec field as before; the new ones beside them.
    expect(DonationRequestListItemSchema.strict().parse(before)).toMatchObject({
      pickupTime: '17:30',
      pickupAt,
      status: 'Pending',
      donationStatus: 'Verified',
    });
    expect(before).not.toHaveProperty('pickedUpAt');
    // A request made without a day keeps working and simply has none.
    expect(await find(restaurant.token, otherPost.body.insertedId)).not.toHaveProperty('pickupAt');

    expect(before).not.toHaveProperty('restaurantPhone');
    expect((await t.patch('/users/me', { phone: '+44 20 7946 0000' }, restaurant.token)).status).toBe(200);
    expect(await find(charity.token, posted.body.insertedId)).not.toHaveProperty('restaurantPhone');

    expect((await t.patch(`/donation-requests/accept/${posted.body.insertedId}`, undefined, restaurant.token)).status).toBe(200);
    expect(await find(charity.token, posted.body.insertedId)).toMatchObject({
      status: 'Accepted',
      donationStatus: 'Accepted',
      restaurantPhone: '+44 20 7946 0000',
    });
    // The charity turned down does not get the restaurant's number.
    expect(await find(other.token, otherPost.body.insertedId)).not.toHaveProperty('restaurantPhone');

    expect((await t.patch(`/donations/pickup/${donationId}`, undefined, charity.token)).status).toBe(200);
    const [row] = await t.sql<{ pickup_date: Date }[]>`SELECT pickup_date FROM donations WHERE id = ${donationId}`;
    for (const token of [restaurant.token, charity.token, admin.token]) {
      expect(await find(token, posted.body.insertedId)).toMatchObject({
        status: 'Accepted',
        donationStatus: 'Picked',
        pickedUpAt: row!.pickup_date.toISOString(),
      });
    }
    // The other charity's request stays Rejected; the request statuses stay the spec's.
    expect(await find(other.token, otherPost.body.insertedId)).toMatchObject({ status: 'Rejected', donationStatus: 'Picked' });
  });

  it("keeps the device's replicated copy to the spec's fields (its local schema is fixed), and the planned day beside them", async () => {
    const charity = await createUser(t, { role: 'charity' });
    const donationId = await insertDonation(t.sql, restaurant);
    const res = await t.post('/donation-requests', createDonationRequestInput({ donationId, pickupAt: tomorrowAt(9) }), charity.token);
    expect(res.status).toBe(201);
    const pull = await t.get('/sync/donation-requests/pull?limit=500', charity.token);
    expect(pull.status).toBe(200);
    const doc = (pull.body.documents as ({ _id: string; _deleted: boolean } & Record<string, unknown>)[]).find((d) => d._id === res.body.insertedId);
    assert(doc, 'the request is replicated');
    const { _deleted, pickupAt, ...spec } = doc;
    expect(_deleted).toBe(false);
    // Kept on the device as it comes, outside the collection's schema: My Requests says the day offline (issue 47).
    expect(Date.parse(pickupAt as string)).toBe(Date.parse(tomorrowAt(9)));
    expect(DonationRequestSchema.strict().parse(spec)._id).toBe(res.body.insertedId);
  });

  it('refuses a planned pickup in the past or that is not a date', async () => {
    const charity = await createUser(t, { role: 'charity' });
    const donationId = await insertDonation(t.sql, restaurant);
    const past = await t.post('/donation-requests', createDonationRequestInput({ donationId, pickupAt: new Date(Date.now() - 3_600_000).toISOString() }), charity.token);
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Choose a pickup time from now on');
    expect((await t.post('/donation-requests', createDonationRequestInput({ donationId, pickupAt: 'soon' }), charity.token)).status).toBe(400);
  });
});
