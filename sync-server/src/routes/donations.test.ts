import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DonationSchema, MSG, PickupItemSchema } from '@foodbridge/shared';
import { createDonationInput, createDonationRequestInput, type DonationInput } from '@foodbridge/shared/testing/factories';
import { acceptRequest, createUsers, postDonation, requestDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let otherRestaurant: TestUser;
let charity: TestUser;
let otherCharity: TestUser;
let plainUser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [admin, restaurant, otherRestaurant, charity, otherCharity, plainUser] = await createUsers(t, ['admin', 'restaurant', 'restaurant', 'charity', 'charity', 'user']);
});
afterAll(() => t?.close());

const createDonation = (owner: TestUser = restaurant, overrides: Partial<DonationInput> = {}) => postDonation(t, owner, overrides);

async function createVerified(owner: TestUser = restaurant): Promise<string> {
  const id = await createDonation(owner);
  await verifyDonation(t, admin, id);
  return id;
}

/** A Verified donation requested by `winner` (and `losers`), with winner's request accepted by the restaurant. */
async function createAccepted(winner: TestUser = charity, losers: TestUser[] = []): Promise<string> {
  const id = await createVerified();
  const winnerRequest = await requestDonation(t, winner, id);
  for (const c of losers) await requestDonation(t, c, id);
  await acceptRequest(t, restaurant, winnerRequest);
  return id;
}

const missingId = '00000000-0000-4000-8000-000000000000';

describe('the restaurant\'s note for whoever collects (issue 49)', () => {
  it('is kept with the donation, shown to everyone who may read it and replicated, changed or removed by an edit', async () => {
    const res = await t.post('/donations', createDonationInput({ restaurantNote: '  Ring the bell at the back door.  ' }), restaurant.token);
    expect(res.status).toBe(201);
    const id = res.body.insertedId as string;
    await verifyDonation(t, admin, id);
    expect((await t.get(`/donations/${id}`)).body.restaurantNote).toBe('Ring the bell at the back door.');
    const pulled = await t.get('/sync/donations/pull?limit=1000', charity.token);
    expect(pulled.body.documents.find((d: { _id: string }) => d._id === id)?.restaurantNote).toBe('Ring the bell at the back door.');

    expect((await t.patch(`/donations/${id}`, { restaurantNote: 'Ask for Sam' }, restaurant.token)).status).toBe(200);
    expect((await t.get(`/donations/${id}`)).body.restaurantNote).toBe('Ask for Sam');
    expect((await t.patch(`/donations/${id}`, { quantity: 3 }, restaurant.token)).status).toBe(200);
    expect((await t.get(`/donations/${id}`)).body.restaurantNote).toBe('Ask for Sam');
    expect((await t.patch(`/donations/${id}`, { restaurantNote: '' }, restaurant.token)).status).toBe(200);
    expect((await t.get(`/donations/${id}`)).body).not.toHaveProperty('restaurantNote');
  });

  it('refuses a note over 300 characters', async () => {
    const res = await t.post('/donations', createDonationInput({ restaurantNote: 'x'.repeat(301) }), restaurant.token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation/text-too-long');
  });
});

describe('POST /donations', () => {
  it('creates a Pending donation owned by the calling restaurant, whatever the body claims', async () => {
    const res = await t.post(
      '/donations',
      { ...createDonationInput({ quantity: 2.5, unit: 'portions' }), restaurantEmail: 'someone@else.test', restaurantName: 'Fake', status: 'Verified' },
      restaurant.token,
    );
    expect(res.status).toBe(201);
    const got = await t.get(`/donations/${res.body.insertedId}`, restaurant.token);
    expect(got.status).toBe(200);
    expect(DonationSchema.parse(got.body)).toMatchObject({
      _id: res.body.insertedId,
      restaurantEmail: restaurant.email,
      restaurantName: restaurant.name,
      status: 'Pending',
      quantity: 2.5,
      unit: 'portions',
    });
    expect(got.body).not.toHaveProperty('charityName');
    expect(got.body).not.toHaveProperty('review');
  });

  it('refuses signed-out callers and every role but restaurant', async () => {
    expect((await t.post('/donations', createDonationInput())).status).toBe(401);
    for (const u of [admin, charity, plainUser]) {
      const res = await t.post('/donations', createDonationInput(), u.token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.accessDenied);
    }
  });

  it('answers a bad body with the spec message', async () => {
    const noTitle = await t.post('/donations', createDonationInput({ title: '  ' }), restaurant.token);
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBe(MSG.titleRequired);
    const zero = await t.post('/donations', createDonationInput({ quantity: 0 }), restaurant.token);
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe(MSG.quantityPositive);
    const food = await t.post('/donations', { ...createDonationInput(), foodType: 'Rocks' }, restaurant.token);
    expect(food.status).toBe(400);
    expect(food.body.message).toBe(MSG.foodTypeRequired);
    const junk = await t.request('POST', '/donations', {
      token: restaurant.token,
      body: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(junk.status).toBe(400);
  });
});

describe('GET /donations, /donations/verified, /donations/:id', () => {
  let mineVerified: string;
  let minePending: string;
  let theirsVerified: string;
  let theirsPending: string;
  beforeAll(async () => {
    mineVerified = await createVerified(restaurant);
    minePending = await createDonation(restaurant);
    theirsVerified = await createVerified(otherRestaurant);
    theirsPending = await createDonation(otherRestaurant);
  });

  const ids = (body: { _id: string }[]) => body.map((d) => d._id);

  it('gives an admin every donation, newest first', async () => {
    const res = await t.get('/donations', admin.token);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(expect.arrayContaining([mineVerified, minePending, theirsVerified, theirsPending]));
    const times = (res.body as { createdAt: string }[]).map((d) => d.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(ids(res.body).indexOf(theirsPending)).toBeLessThan(ids(res.body).indexOf(mineVerified));
  });

  it("gives a restaurant its own donations plus the Verified ones, never another's Pending", async () => {
    const res = await t.get('/donations', restaurant.token);
    expect(ids(res.body)).toEqual(expect.arrayContaining([mineVerified, minePending, theirsVerified]));
    expect(ids(res.body)).not.toContain(theirsPending);
  });

  it('gives everyone else, signed out included, only Verified donations', async () => {
    for (const token of [undefined, charity.token, plainUser.token]) {
      const res = await t.get('/donations', token);
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual(expect.arrayContaining([mineVerified, theirsVerified]));
      expect((res.body as { status: string }[]).every((d) => d.status === 'Verified')).toBe(true);
    }
    const verified = await t.get('/donations/verified');
    expect(verified.status).toBe(200);
    expect(ids(verified.body)).toEqual(expect.arrayContaining([mineVerified, theirsVerified]));
    expect(ids(verified.body)).not.toContain(minePending);
    for (const d of verified.body) expect(DonationSchema.parse(d).status).toBe('Verified');
  });

  it('filters by ?status= in any casing, only within what the caller may see', async () => {
    const pending = await t.get('/donations?status=pending', restaurant.token);
    expect(pending.status).toBe(200);
    expect(ids(pending.body)).toContain(minePending);
    expect(ids(pending.body)).not.toContain(theirsPending);
    const anon = await t.get('/donations?status=PENDING');
    expect(anon.body).toEqual([]);
    const bad = await t.get('/donations?status=eaten');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Unknown status 'eaten'. Use one of: Pending, Verified, Rejected, Accepted, Assigned, Picked.");
    // A long or odd value is not repeated back.
    const odd = await t.get(`/donations?status=${encodeURIComponent('\u202e'.repeat(3) + 'é'.repeat(2000))}`);
    expect(odd.status).toBe(400);
    expect(odd.body.message).toBe('Unknown status. Use one of: Pending, Verified, Rejected, Accepted, Assigned, Picked.');
  });

  it('shows a Verified donation to anyone and a Pending one only to its restaurant and admins', async () => {
    expect((await t.get(`/donations/${mineVerified}`)).status).toBe(200);
    expect((await t.get(`/donations/${minePending}`, restaurant.token)).status).toBe(200);
    expect((await t.get(`/donations/${minePending}`, admin.token)).status).toBe(200);
    for (const token of [undefined, otherRestaurant.token, charity.token, plainUser.token]) {
      const res = await t.get(`/donations/${minePending}`, token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Donation not found');
    }
    expect((await t.get(`/donations/${missingId}`)).status).toBe(404);
    const bad = await t.get('/donations/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.invalidId);
  });

  it('shows an accepted donation by its id to everyone, as it was verified once', async () => {
    const id = await createAccepted(charity, [otherCharity]);
    const res = await t.get(`/donations/${id}`, charity.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Accepted', charityEmail: charity.email });
    expect((await t.get(`/donations/${id}`, otherCharity.token)).status).toBe(200);
    const stranger = await createUser(t, { role: 'charity' });
    expect((await t.get(`/donations/${id}`, stranger.token)).body).toMatchObject({ status: 'Accepted', charityName: charity.name });
    expect((await t.get(`/donations/${id}`)).status).toBe(200);
    // The public list still lists only what is on offer.
    expect(((await t.get('/donations/verified')).body as { _id: string }[]).map((d) => d._id)).not.toContain(id);
  });

  it("names the charity it went to to everyone who sees it, its e-mail only to the parties and admins", async () => {
    const id = await createAccepted(charity, [otherCharity]);
    const lost = await t.get(`/donations/${id}`, otherCharity.token);
    expect(lost.status).toBe(200);
    expect(lost.body.charityName).toBe(charity.name);
    expect(lost.body).not.toHaveProperty('charityEmail');
    for (const u of [charity, restaurant, admin]) {
      expect((await t.get(`/donations/${id}`, u.token)).body.charityEmail).toBe(charity.email);
    }
    for (const token of [plainUser.token, undefined]) {
      const res = await t.get(`/donations/${id}`, token);
      expect(res.status).toBe(200);
      expect(res.body.charityName).toBe(charity.name);
      expect(res.body).not.toHaveProperty('charityEmail');
    }
    const listed = async (path: string, token?: string) =>
      ((await t.get(path, token)).body as { _id: string; charityEmail?: string }[]).find((d) => d._id === id);
    expect((await listed('/donations', admin.token))?.charityEmail).toBe(charity.email);
    expect((await listed('/donations', restaurant.token))?.charityEmail).toBe(charity.email);
    expect((await listed('/my-pickups?email=' + charity.email, charity.token))?.charityEmail).toBe(charity.email);
  });
});

describe('PATCH /donations/:id', () => {
  it('lets the restaurant update its own donation without touching fields it left out', async () => {
    const id = await createDonation(restaurant, { unit: 'portions', quantity: 12 });
    const res = await t.patch(`/donations/${id}`, { title: 'Fresh rolls', status: 'Verified', restaurantEmail: 'x@y.test' }, restaurant.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    const got = await t.get(`/donations/${id}`, restaurant.token);
    expect(got.body).toMatchObject({ title: 'Fresh rolls', unit: 'portions', quantity: 12, status: 'Pending', restaurantEmail: restaurant.email });
    const qty = await t.patch(`/donations/${id}`, { quantity: '7.5' }, restaurant.token);
    expect(qty.status).toBe(200);
    expect((await t.get(`/donations/${id}`, restaurant.token)).body.quantity).toBe(7.5);
  });

  it('keeps a Verified donation Verified when only its quantity, unit or pickup window change', async () => {
    const id = await createVerified();
    const before = (await t.get(`/donations/${id}`)).body;
    const same = { title: before.title, foodType: before.foodType, image: before.image, location: before.location };
    const edit = { ...same, quantity: 3, unit: 'portions', pickupTime: 'Today 18:00-19:00' };
    expect((await t.patch(`/donations/${id}`, edit, restaurant.token)).status).toBe(200);
    const got = await t.get(`/donations/${id}`);
    expect(got.body).toMatchObject({ status: 'Verified', quantity: 3, pickupTime: 'Today 18:00-19:00' });
    expect(got.body).not.toHaveProperty('reverifyReason');
  });

  it('sends a Verified donation back to Pending, with a note, when what the admin checked changes', async () => {
    const id = await createVerified();
    const requestId = await requestDonation(t, charity, id);
    const edit = { title: 'Other bread', location: '2 Side Street', quantity: 4 };
    expect((await t.patch(`/donations/${id}`, edit, restaurant.token)).status).toBe(200);
    const got = await t.get(`/donations/${id}`, restaurant.token);
    expect(got.body).toMatchObject({ status: 'Pending', title: 'Other bread', reverifyReason: 'title, location' });
    expect((await t.get(`/donations/${id}`, admin.token)).body.reverifyReason).toBe('title, location');
    expect((await t.get(`/donations/${id}`)).status).toBe(404);

    // The charity's request waits for the new check: it stays Pending and cannot be accepted meanwhile.
    const accept = await t.patch(`/donation-requests/accept/${requestId}`, undefined, restaurant.token);
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe('This donation is no longer available: it has already been accepted or withdrawn.');
    const [request] = await t.sql`SELECT status FROM donation_requests WHERE id = ${requestId}`;
    expect(request!.status).toBe('Pending');

    // Edited again while Pending, then verified: the note goes and the request can be accepted.
    expect((await t.patch(`/donations/${id}`, { image: '/images/0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e' }, restaurant.token)).status).toBe(200);
    expect((await t.get(`/donations/${id}`, admin.token)).body.reverifyReason).toBe('title, location');
    await verifyDonation(t, admin, id);
    const verified = await t.get(`/donations/${id}`);
    expect(verified.body.status).toBe('Verified');
    expect(verified.body).not.toHaveProperty('reverifyReason');
    await acceptRequest(t, restaurant, requestId);
  });

  it.each([
    [{ foodType: 'Produce' }, 'food type'],
    [{ image: '/images/1d2e3f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f' }, 'picture'],
  ] as const)('counts %o as a change the admin must check again', async (edit, reason) => {
    const id = await createVerified();
    expect((await t.patch(`/donations/${id}`, edit, restaurant.token)).status).toBe(200);
    expect((await t.get(`/donations/${id}`, restaurant.token)).body).toMatchObject({ status: 'Pending', reverifyReason: reason });
  });

  it('refuses other callers: 401 signed out, 403 for a visible donation, 404 for an invisible one', async () => {
    const verified = await createVerified();
    const pending = await createDonation();
    expect((await t.patch(`/donations/${verified}`, { title: 'Mine now' })).status).toBe(401);
    for (const u of [otherRestaurant, admin, charity]) {
      expect((await t.patch(`/donations/${verified}`, { title: 'Mine now' }, u.token)).status).toBe(403);
    }
    expect((await t.patch(`/donations/${pending}`, { title: 'Mine now' }, otherRestaurant.token)).status).toBe(404);
    expect((await t.get(`/donations/${verified}`)).body.title).not.toBe('Mine now');
  });

  it('refuses an empty or invalid update', async () => {
    const id = await createDonation();
    const empty = await t.patch(`/donations/${id}`, {}, restaurant.token);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to update');
    const zero = await t.patch(`/donations/${id}`, { quantity: -1 }, restaurant.token);
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe(MSG.quantityPositive);
  });

  it('refuses edits of Rejected, Accepted, Assigned and Picked donations with 409', async () => {
    const rejected = await createDonation();
    await t.patch(`/donations/reject/${rejected}`, undefined, admin.token);
    const r = await t.patch(`/donations/${rejected}`, { title: 'Again' }, restaurant.token);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Rejected donations cannot be updated.');

    const accepted = await createAccepted();
    const a = await t.patch(`/donations/${accepted}`, { title: 'Again' }, restaurant.token);
    expect(a.status).toBe(409);
    expect(a.body.message).toMatch(/accepted by a charity/);

    await t.sql`UPDATE donations SET status = 'Assigned' WHERE id = ${accepted}`;
    expect((await t.patch(`/donations/${accepted}`, { title: 'Again' }, restaurant.token)).status).toBe(409);

    const picked = await createAccepted();
    await t.patch(`/donations/pickup/${picked}`, undefined, charity.token);
    expect((await t.patch(`/donations/${picked}`, { title: 'Again' }, restaurant.token)).status).toBe(409);
    expect((await t.get(`/donations/${picked}`, restaurant.token)).body.title).not.toBe('Again');
  });
});

describe('DELETE /donations/:id', () => {
  it('soft-deletes the restaurant’s own donation and its Pending requests', async () => {
    const id = await createVerified();
    const req = await t.post('/donation-requests', createDonationRequestInput({ donationId: id }), charity.token);
    expect(req.status).toBe(201);
    const res = await t.del(`/donations/${id}`, restaurant.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    expect((await t.get(`/donations/${id}`, admin.token)).status).toBe(404);
    expect((await t.get('/donations', admin.token)).body.map((d: { _id: string }) => d._id)).not.toContain(id);
    const mine = await t.get('/donation-requests', charity.token);
    expect(mine.body.map((r: { _id: string }) => r._id)).not.toContain(req.body.insertedId);
    const [row] = await t.sql`SELECT deleted FROM donation_requests WHERE id = ${req.body.insertedId}`;
    expect(row!.deleted).toBe(true);
    expect((await t.del(`/donations/${id}`, restaurant.token)).status).toBe(404);
  });

  it('lets an admin delete any donation, and Rejected ones may go', async () => {
    const pending = await createDonation(otherRestaurant);
    expect((await t.del(`/donations/${pending}`, admin.token)).body).toEqual({ deletedCount: 1 });
    const rejected = await createDonation();
    await t.patch(`/donations/reject/${rejected}`, undefined, admin.token);
    expect((await t.del(`/donations/${rejected}`, restaurant.token)).body).toEqual({ deletedCount: 1 });
  });

  it('keeps a collected donation, with its review and its place in the figures, whoever asks', async () => {
    const picked = await createAccepted();
    await t.patch(`/donations/pickup/${picked}`, { weightKg: 7, outcome: 'all' }, charity.token);
    expect((await t.post('/reviews', { donationId: picked, rating: 5, description: 'Fresh and well packed' }, charity.token)).status).toBe(201);
    for (const u of [restaurant, admin]) {
      const res = await t.del(`/donations/${picked}`, u.token);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'donations/delete-picked', message: 'This donation has been collected. It stays in the record with its review and counts in the figures.' });
    }
    expect((await t.get(`/donations/${picked}`)).body.status).toBe('Picked');
    expect((await t.get(`/reviews/${picked}`)).body).toHaveLength(1);
  });

  it('refuses deleting a donation a charity has been given', async () => {
    const id = await createAccepted();
    for (const u of [restaurant, admin]) {
      const res = await t.del(`/donations/${id}`, u.token);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This donation has been accepted by a charity and cannot be deleted.');
    }
    await t.sql`UPDATE donations SET status = 'Assigned' WHERE id = ${id}`;
    expect((await t.del(`/donations/${id}`, restaurant.token)).status).toBe(409);
    expect((await t.get(`/donations/${id}`, restaurant.token)).status).toBe(200);
  });

  it('refuses other callers', async () => {
    const id = await createVerified();
    expect((await t.del(`/donations/${id}`)).status).toBe(401);
    for (const u of [otherRestaurant, charity, plainUser]) expect((await t.del(`/donations/${id}`, u.token)).status).toBe(403);
    const pending = await createDonation();
    expect((await t.del(`/donations/${pending}`, otherRestaurant.token)).status).toBe(404);
    expect((await t.get(`/donations/${id}`)).status).toBe(200);
  });
});

describe('PATCH /donations/verify/:id and /donations/reject/:id', () => {
  it('lets an admin verify a Pending donation, once', async () => {
    const id = await createDonation();
    const res = await t.patch(`/donations/verify/${id}`, undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    expect((await t.get(`/donations/${id}`)).body.status).toBe('Verified');
    const again = await t.patch(`/donations/verify/${id}`, undefined, admin.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only Pending donations can be verified (this one is Verified).');
    expect((await t.patch(`/donations/reject/${id}`, undefined, admin.token)).status).toBe(409);
  });

  it('lets an admin reject a Pending donation, which then stays off the public list', async () => {
    const id = await createDonation();
    expect((await t.patch(`/donations/reject/${id}`, undefined, admin.token)).body).toEqual({ modifiedCount: 1 });
    expect((await t.get(`/donations/${id}`, restaurant.token)).body.status).toBe('Rejected');
    expect((await t.get(`/donations/${id}`)).status).toBe(404);
    expect((await t.patch(`/donations/verify/${id}`, undefined, admin.token)).status).toBe(409);
  });

  it('refuses non-admins and unknown ids', async () => {
    const id = await createDonation();
    for (const path of [`/donations/verify/${id}`, `/donations/reject/${id}`]) {
      expect((await t.patch(path)).status).toBe(401);
      for (const u of [restaurant, charity, plainUser]) expect((await t.patch(path, undefined, u.token)).status).toBe(403);
    }
    expect((await t.get(`/donations/${id}`, restaurant.token)).body.status).toBe('Pending');
    expect((await t.patch(`/donations/verify/${missingId}`, undefined, admin.token)).status).toBe(404);
    expect((await t.patch('/donations/reject/123', undefined, admin.token)).status).toBe(400);
  });
});

describe('PATCH /donations/pickup/:id', () => {
  it('lets the accepted charity confirm once; a second confirmation without a key is a 409', async () => {
    const id = await createAccepted();
    const res = await t.patch(`/donations/pickup/${id}`, undefined, charity.token);
    expect(res.status).toBe(200);
    expect(res.body.modifiedCount).toBe(1);
    expect(DonationSchema.parse(res.body.donation)).toMatchObject({ _id: id, status: 'Picked', charityEmail: charity.email });
    expect(Date.parse(res.body.donation.pickupDate)).not.toBeNaN();
    const again = await t.patch(`/donations/pickup/${id}`, undefined, charity.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Pickup already confirmed.');
  });

  it('also confirms an Assigned donation', async () => {
    const id = await createAccepted();
    await t.sql`UPDATE donations SET status = 'Assigned' WHERE id = ${id}`;
    const res = await t.patch(`/donations/pickup/${id}`, undefined, charity.token);
    expect(res.status).toBe(200);
    expect(res.body.donation.status).toBe('Picked');
  });

  it('replays the first answer for a repeated Idempotency-Key and applies the pickup once', async () => {
    const id = await createAccepted();
    const headers = { 'idempotency-key': 'pickup-key-1' };
    const first = await t.request('PATCH', `/donations/pickup/${id}`, { token: charity.token, headers });
    expect(first.status).toBe(200);
    const [before] = await t.sql`SELECT change_seq, pickup_date FROM donations WHERE id = ${id}`;
    const second = await t.request('PATCH', `/donations/pickup/${id}`, { token: charity.token, headers });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const [after] = await t.sql`SELECT change_seq, pickup_date FROM donations WHERE id = ${id}`;
    expect(after).toEqual(before);
    const [counted] = await t.sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = 'pickup-key-1'`;
    expect(counted!.n).toBe(1);

    const otherKey = await t.request('PATCH', `/donations/pickup/${id}`, { token: charity.token, headers: { 'idempotency-key': 'pickup-key-2' } });
    expect(otherKey.status).toBe(409);
    expect(otherKey.body.message).toBe('Pickup already confirmed.');

    const elsewhere = await createAccepted();
    const reused = await t.request('PATCH', `/donations/pickup/${elsewhere}`, { token: charity.token, headers });
    expect(reused.status).toBe(422);
    expect((await t.get(`/donations/${elsewhere}`, charity.token)).body.status).toBe('Accepted');
  });

  it('gives concurrent duplicates with one key the same answer', async () => {
    const id = await createAccepted();
    const headers = { 'idempotency-key': 'pickup-race' };
    const answers = await Promise.all([1, 2, 3].map(() => t.request('PATCH', `/donations/pickup/${id}`, { token: charity.token, headers })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
  });

  it('does not store an answer for a refused confirmation, so the key works once the refusal is resolved', async () => {
    const id = await createVerified();
    const headers = { 'idempotency-key': 'too-early' };
    expect((await t.request('PATCH', `/donations/pickup/${id}`, { token: charity.token, headers })).status).toBe(403);
    const [counted] = await t.sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = 'too-early'`;
    expect(counted!.n).toBe(0);
  });

  it('refuses everyone but the accepted charity, and donations not yet accepted', async () => {
    const id = await createAccepted(charity, [otherCharity]);
    expect((await t.patch(`/donations/pickup/${id}`)).status).toBe(401);
    for (const u of [otherCharity, restaurant, admin]) {
      expect((await t.patch(`/donations/pickup/${id}`, undefined, u.token)).status).toBe(403);
    }
    // A charity that never asked for it can read it (it was verified), and is refused like the others.
    const stranger = await createUser(t, { role: 'charity' });
    expect((await t.patch(`/donations/pickup/${id}`, undefined, stranger.token)).status).toBe(403);
    expect((await t.get(`/donations/${id}`, charity.token)).body.status).toBe('Accepted');

    const verified = await createVerified();
    expect((await t.patch(`/donations/pickup/${verified}`, undefined, charity.token)).status).toBe(403);
    const long = await t.request('PATCH', `/donations/pickup/${id}`, { token: charity.token, headers: { 'idempotency-key': 'k'.repeat(201) } });
    expect(long.status).toBe(400);
  });
});

describe('PATCH /donations/review/:id', () => {
  it('lets the charity that picked it up review it, only after pickup', async () => {
    const id = await createAccepted();
    const early = await t.patch(`/donations/review/${id}`, { review: 'Great bread' }, charity.token);
    expect(early.status).toBe(409);
    await t.patch(`/donations/pickup/${id}`, undefined, charity.token);
    const res = await t.patch(`/donations/review/${id}`, { review: '  Great bread  ', reviewedAt: '1999-01-01' }, charity.token);
    expect(res.status).toBe(200);
    expect(res.body.modifiedCount).toBe(1);
    expect(res.body.donation.review).toBe('Great bread');
    expect(new Date(res.body.donation.reviewedAt).getFullYear()).toBeGreaterThan(2000);
    expect((await t.get(`/donations/${id}`, restaurant.token)).body.review).toBe('Great bread');
  });

  it('refuses an empty review and everyone else', async () => {
    const id = await createAccepted(charity, [otherCharity]);
    await t.patch(`/donations/pickup/${id}`, undefined, charity.token);
    const empty = await t.patch(`/donations/review/${id}`, { review: ' ' }, charity.token);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MSG.reviewDescriptionRequired);
    expect((await t.patch(`/donations/review/${id}`, { review: 'x' })).status).toBe(401);
    for (const u of [otherCharity, restaurant, admin]) {
      expect((await t.patch(`/donations/review/${id}`, { review: 'x' }, u.token)).status).toBe(403);
    }
    expect((await t.get(`/donations/${id}`, charity.token)).body).not.toHaveProperty('review');
  });
});

describe('GET /my-pickups', () => {
  let accepted: string;
  let picked: string;
  beforeAll(async () => {
    accepted = await createAccepted(otherCharity);
    picked = await createAccepted(otherCharity);
    await t.patch(`/donations/pickup/${picked}`, undefined, otherCharity.token);
    await createVerified();
  });

  it("lists the charity's Accepted, Assigned and Picked donations with donationTitle", async () => {
    const res = await t.get(`/my-pickups?email=${encodeURIComponent(otherCharity.email.toUpperCase())}`, otherCharity.token);
    expect(res.status).toBe(200);
    expect(res.body.map((p: { _id: string }) => p._id).sort()).toEqual([accepted, picked].sort());
    for (const item of res.body) {
      const p = PickupItemSchema.parse(item);
      expect(p.donationTitle).toBe(p.title);
      expect(typeof p.quantity).toBe('number');
      expect(p.charityEmail).toBe(otherCharity.email);
    }
    const onlyPicked = await t.get(`/my-pickups?email=${otherCharity.email}&status=picked`, otherCharity.token);
    expect(onlyPicked.body.map((p: { _id: string }) => p._id)).toEqual([picked]);
  });

  it('is for the charity itself or an admin', async () => {
    expect((await t.get(`/my-pickups?email=${otherCharity.email}`, admin.token)).body).toHaveLength(2);
    expect((await t.get(`/my-pickups?email=${otherCharity.email}`)).status).toBe(401);
    for (const u of [charity, restaurant, plainUser]) {
      expect((await t.get(`/my-pickups?email=${otherCharity.email}`, u.token)).status).toBe(403);
    }
    expect((await t.get('/my-pickups', charity.token)).status).toBe(400);
    expect((await t.get(`/my-pickups?email=${plainUser.email}`, plainUser.token)).body).toEqual([]);
  });
});
