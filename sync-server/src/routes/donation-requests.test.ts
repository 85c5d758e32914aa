import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DonationRequestSchema, MSG } from '@foodbridge/shared';
import { createDonationRequestInput } from '@foodbridge/shared/testing/factories';
import { acceptRequest, createUsers, postDonation, requestDonation as postRequest, verifyDonation } from '../testing/donation-flow.ts';
import { createTestApp, createUser, type TestApp, type TestResponse, type TestUser } from '../testing/test-app.ts';

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

const missingId = '00000000-0000-4000-8000-000000000000';

async function createDonation(owner: TestUser = restaurant, verify = true): Promise<string> {
  const id = await postDonation(t, owner);
  if (verify) await verifyDonation(t, admin, id);
  return id;
}

const requestDonation = (donationId: string, by: TestUser = charity) => postRequest(t, by, donationId);

async function requestStatus(id: string): Promise<string> {
  const [row] = await t.sql`SELECT status FROM donation_requests WHERE id = ${id}`;
  return row!.status as string;
}

const ids = (body: { _id: string }[]) => body.map((r) => r._id);

describe('POST /donation-requests', () => {
  it('records a Pending request under the calling charity, whatever the body claims', async () => {
    const donationId = await createDonation();
    const res = await t.post(
      '/donation-requests',
      { ...createDonationRequestInput({ donationId, requestDescription: 'We feed 40 people' }), charityEmail: 'fake@x.test', charityName: 'Fake', status: 'Accepted' },
      charity.token,
    );
    expect(res.status).toBe(201);
    const list = await t.get('/donation-requests', charity.token);
    const mine = list.body.find((r: { _id: string }) => r._id === res.body.insertedId);
    expect(DonationRequestSchema.parse(mine)).toMatchObject({
      donationId,
      charityEmail: charity.email,
      charityName: charity.name,
      status: 'Pending',
      requestDescription: 'We feed 40 people',
      restaurantEmail: restaurant.email,
      restaurantName: restaurant.name,
    });
  });

  it('accepts one request per donation and charity, with the spec message for a second', async () => {
    const donationId = await createDonation();
    await requestDonation(donationId);
    const again = await t.post('/donation-requests', createDonationRequestInput({ donationId }), charity.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.alreadyRequested);
    const racing = await createDonation();
    const both = await Promise.all(
      [1, 2].map(() => t.post('/donation-requests', createDonationRequestInput({ donationId: racing }), otherCharity.token)),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe(MSG.alreadyRequested);
  });

  it('lets a charity request again after cancelling', async () => {
    const donationId = await createDonation();
    const first = await requestDonation(donationId);
    expect((await t.del(`/donation-requests/${first}`, charity.token)).status).toBe(200);
    const second = await requestDonation(donationId);
    expect(second).not.toBe(first);
  });

  it('only allows requests for Verified donations', async () => {
    // Pending is private to its restaurant: to a charity it does not exist.
    const pending = await createDonation(restaurant, false);
    const res = await t.post('/donation-requests', createDonationRequestInput({ donationId: pending }), charity.token);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Donation not found');
    // One already given away is readable, and not on offer.
    const given = await createDonation();
    await acceptRequest(t, restaurant, await postRequest(t, otherCharity, given));
    const late = await t.post('/donation-requests', createDonationRequestInput({ donationId: given }), charity.token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This donation is not available for requests.');
    const missing = await t.post('/donation-requests', createDonationRequestInput({ donationId: missingId }), charity.token);
    expect(missing.status).toBe(404);
    const bad = await t.post('/donation-requests', createDonationRequestInput({ donationId: 'nope' }), charity.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(MSG.invalidId);
    const noText = await t.post('/donation-requests', { donationId: pending, pickupTime: '10:00' }, charity.token);
    expect(noText.status).toBe(400);
    expect(noText.body.message).toBe(MSG.requestDescriptionRequired);
  });

  it('refuses signed-out callers and every role but charity', async () => {
    const donationId = await createDonation();
    const body = createDonationRequestInput({ donationId });
    expect((await t.post('/donation-requests', body)).status).toBe(401);
    for (const u of [admin, restaurant, plainUser]) expect((await t.post('/donation-requests', body, u.token)).status).toBe(403);
    const [counted] = await t.sql`SELECT count(*)::int AS n FROM donation_requests WHERE donation_id = ${donationId}`;
    expect(counted!.n).toBe(0);
  });
});

describe('GET /donation-requests', () => {
  let onMine: string;
  let onTheirs: string;
  let byOther: string;
  let thirdCharity: TestUser;
  beforeAll(async () => {
    thirdCharity = await createUser(t, { role: 'charity' });
    const mine = await createDonation(restaurant);
    const theirs = await createDonation(otherRestaurant);
    onMine = await requestDonation(mine, charity);
    onTheirs = await requestDonation(theirs, charity);
    byOther = await requestDonation(mine, thirdCharity);
  });

  it('gives an admin every request, newest first, in the API shape', async () => {
    const res = await t.get('/donation-requests', admin.token);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(expect.arrayContaining([onMine, onTheirs, byOther]));
    for (const r of res.body) DonationRequestSchema.parse(r);
    const dates = (res.body as { requestDate: string }[]).map((r) => r.requestDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const narrowed = await t.get(`/donation-requests?restaurantEmail=${otherRestaurant.email}`, admin.token);
    expect(ids(narrowed.body)).toEqual([onTheirs]);
  });

  it('gives a restaurant only the requests for its own donations', async () => {
    const res = await t.get('/donation-requests', restaurant.token);
    expect(ids(res.body)).toEqual(expect.arrayContaining([onMine, byOther]));
    expect(ids(res.body)).not.toContain(onTheirs);
    const own = await t.get(`/donation-requests?restaurantEmail=${restaurant.email.toUpperCase()}`, restaurant.token);
    expect(ids(own.body).sort()).toEqual(ids(res.body).sort());
    const byCharity = await t.get(`/donation-requests?charityEmail=${thirdCharity.email}`, restaurant.token);
    expect(ids(byCharity.body)).toEqual([byOther]);
    const widen = await t.get(`/donation-requests?restaurantEmail=${otherRestaurant.email}`, restaurant.token);
    expect(widen.status).toBe(403);
  });

  it('gives a charity only its own requests', async () => {
    const res = await t.get('/donation-requests', charity.token);
    expect(ids(res.body)).toEqual(expect.arrayContaining([onMine, onTheirs]));
    expect(ids(res.body)).not.toContain(byOther);
    const widen = await t.get(`/donation-requests?charityEmail=${thirdCharity.email}`, charity.token);
    expect(widen.status).toBe(403);
    const pending = await t.get('/donation-requests?status=pending', charity.token);
    expect(ids(pending.body)).toContain(onMine);
    expect((await t.get('/donation-requests?status=maybe', charity.token)).status).toBe(400);
  });

  it('refuses signed-out callers and plain users', async () => {
    expect((await t.get('/donation-requests')).status).toBe(401);
    expect((await t.get('/donation-requests', plainUser.token)).status).toBe(403);
    expect((await t.get(`/donation-requests?charityEmail=${plainUser.email}`, plainUser.token)).status).toBe(403);
  });
});

describe('PATCH /donation-requests/accept/:id', () => {
  it('accepts one request, rejects the other Pending ones and gives the donation to that charity', async () => {
    const donationId = await createDonation();
    const winner = await requestDonation(donationId, charity);
    const loser = await requestDonation(donationId, otherCharity);
    const res = await t.patch(`/donation-requests/accept/${winner}`, undefined, restaurant.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ modifiedCount: 1, rejectedCount: 1 });
    expect(await requestStatus(winner)).toBe('Accepted');
    expect(await requestStatus(loser)).toBe('Rejected');
    const donation = await t.get(`/donations/${donationId}`, charity.token);
    expect(donation.body).toMatchObject({
      status: 'Accepted',
      charityName: charity.name,
      charityEmail: charity.email,
      assignedTo: charity.name,
      assignedType: 'charity',
    });
    const [row] = await t.sql`SELECT charity_id FROM donations WHERE id = ${donationId}`;
    expect(row!.charity_id).toBe(charity.id);

    const again = await t.patch(`/donation-requests/accept/${loser}`, undefined, restaurant.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only Pending requests can be accepted (this one is Rejected).');
    expect((await t.patch(`/donation-requests/accept/${winner}`, undefined, restaurant.token)).status).toBe(409);
  });

  it('lets exactly one of several concurrent accepts win', async () => {
    const donationId = await createDonation();
    const charities = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t, { role: 'charity' })));
    const requests: string[] = [];
    for (const c of charities) requests.push(await requestDonation(donationId, c));
    const answers = await Promise.all(requests.map((id) => t.patch(`/donation-requests/accept/${id}`, undefined, restaurant.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const statuses = await Promise.all(requests.map(requestStatus));
    expect(statuses.filter((s) => s === 'Accepted')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'Rejected')).toHaveLength(4);
    const winnerIndex = answers.findIndex((a) => a.status === 200);
    expect(statuses[winnerIndex]).toBe('Accepted');
    const donation = await t.get(`/donations/${donationId}`, restaurant.token);
    expect(donation.body.charityEmail).toBe(charities[winnerIndex]!.email);
  });

  it('refuses when the donation is no longer Verified', async () => {
    const donationId = await createDonation();
    const req = await requestDonation(donationId);
    await t.sql`UPDATE donations SET status = 'Rejected' WHERE id = ${donationId}`;
    const res = await t.patch(`/donation-requests/accept/${req}`, undefined, restaurant.token);
    expect(res.status).toBe(409);
    expect(await requestStatus(req)).toBe('Pending');
  });

  it("refuses everyone but the donation's restaurant", async () => {
    const donationId = await createDonation();
    const req = await requestDonation(donationId);
    expect((await t.patch(`/donation-requests/accept/${req}`)).status).toBe(401);
    for (const u of [admin, charity]) expect((await t.patch(`/donation-requests/accept/${req}`, undefined, u.token)).status).toBe(403);
    for (const u of [otherRestaurant, otherCharity, plainUser]) {
      expect((await t.patch(`/donation-requests/accept/${req}`, undefined, u.token)).status).toBe(404);
    }
    expect(await requestStatus(req)).toBe('Pending');
    expect((await t.patch(`/donation-requests/accept/${missingId}`, undefined, restaurant.token)).status).toBe(404);
    expect((await t.patch('/donation-requests/accept/42', undefined, restaurant.token)).status).toBe(400);
  });
});

describe('PATCH /donation-requests/reject/:id', () => {
  it('lets the restaurant reject a Pending request, once', async () => {
    const donationId = await createDonation();
    const req = await requestDonation(donationId);
    const res = await t.patch(`/donation-requests/reject/${req}`, undefined, restaurant.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    expect(await requestStatus(req)).toBe('Rejected');
    expect((await t.get(`/donations/${donationId}`)).body.status).toBe('Verified');
    const again = await t.patch(`/donation-requests/reject/${req}`, undefined, restaurant.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only Pending requests can be rejected (this one is Rejected).');
  });

  it("refuses everyone but the donation's restaurant", async () => {
    const donationId = await createDonation();
    const req = await requestDonation(donationId);
    expect((await t.patch(`/donation-requests/reject/${req}`)).status).toBe(401);
    for (const u of [admin, charity]) expect((await t.patch(`/donation-requests/reject/${req}`, undefined, u.token)).status).toBe(403);
    expect((await t.patch(`/donation-requests/reject/${req}`, undefined, otherRestaurant.token)).status).toBe(404);
    expect(await requestStatus(req)).toBe('Pending');
  });
});

describe('DELETE /donation-requests/:id', () => {
  it('lets the charity cancel its own request while Pending', async () => {
    const donationId = await createDonation();
    const req = await requestDonation(donationId);
    const res = await t.del(`/donation-requests/${req}`, charity.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    expect(ids((await t.get('/donation-requests', charity.token)).body)).not.toContain(req);
    const [row] = await t.sql`SELECT deleted FROM donation_requests WHERE id = ${req}`;
    expect(row!.deleted).toBe(true);
    expect((await t.del(`/donation-requests/${req}`, charity.token)).status).toBe(404);
  });

  it('refuses a charity cancelling an answered request, but lets an admin delete it', async () => {
    const donationId = await createDonation();
    const req = await requestDonation(donationId);
    await t.patch(`/donation-requests/accept/${req}`, undefined, restaurant.token);
    const res = await t.del(`/donation-requests/${req}`, charity.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A request can be cancelled only while it is Pending.');
    expect((await t.del(`/donation-requests/${req}`, admin.token)).body).toEqual({ deletedCount: 1, reopenedCount: 0 });
    expect(ids((await t.get('/donation-requests', admin.token)).body)).not.toContain(req);
  });

  it('refuses everyone else', async () => {
    const donationId = await createDonation();
    const req = await requestDonation(donationId);
    expect((await t.del(`/donation-requests/${req}`)).status).toBe(401);
    expect((await t.del(`/donation-requests/${req}`, restaurant.token)).status).toBe(403);
    for (const u of [otherCharity, otherRestaurant, plainUser]) expect((await t.del(`/donation-requests/${req}`, u.token)).status).toBe(404);
    expect(await requestStatus(req)).toBe('Pending');
    expect((await t.del('/donation-requests/xyz', admin.token)).status).toBe(400);
  });
});

describe("DELETE /donation-requests/:id: an admin withdraws a donation from the charity it was given to", () => {
  /** A pickup confirmation as the PWA's outbox sends it. */
  const confirmPickup = (donationId: string, by: TestUser, key: string) =>
    t.request('PATCH', `/donations/pickup/${donationId}`, { token: by.token, headers: { 'Idempotency-Key': key } });

  /** The charity's replicated copy of a donation: everything it pulls, latest state of each document. */
  async function pulledDonation(by: TestUser, donationId: string) {
    const docs = new Map<string, any>();
    let checkpoint: { id: string; seq: number } | null = null;
    for (;;) {
      const q: string = checkpoint ? `&id=${checkpoint.id}&seq=${checkpoint.seq}` : '';
      const res: TestResponse = await t.get(`/sync/donations/pull?limit=1000${q}`, by.token);
      expect(res.status).toBe(200);
      for (const d of res.body.documents) docs.set(d._id, d);
      checkpoint = res.body.checkpoint;
      if (res.body.documents.length < 1000) break;
    }
    return docs.get(donationId);
  }

  const pickupIds = async (by: TestUser) => ids((await t.get(`/my-pickups?email=${encodeURIComponent(by.email)}`, by.token)).body);

  it('puts the donation back to Verified with no charity and reopens the requests turned down for it', async () => {
    const third = await createUser(t, { role: 'charity' });
    const cancelled = await createUser(t, { role: 'charity' });
    const donationId = await createDonation();
    const first = await requestDonation(donationId, charity);
    const second = await requestDonation(donationId, otherCharity);
    const other = await requestDonation(donationId, third);
    const gone = await requestDonation(donationId, cancelled);
    expect((await t.del(`/donation-requests/${gone}`, cancelled.token)).status).toBe(200);
    expect((await t.patch(`/donation-requests/accept/${first}`, undefined, restaurant.token)).body).toMatchObject({ rejectedCount: 2 });
    expect(ids((await t.get('/donation-requests', charity.token)).body)).toContain(first);
    expect(await pickupIds(charity)).toContain(donationId);

    const res = await t.del(`/donation-requests/${first}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1, reopenedCount: 2 });

    const donation = (await t.get(`/donations/${donationId}`, admin.token)).body;
    expect(donation.status).toBe('Verified');
    for (const key of ['charityName', 'charityEmail', 'assignedTo', 'assignedType']) expect(donation).not.toHaveProperty(key);
    const [row] = await t.sql`SELECT charity_id FROM donations WHERE id = ${donationId}`;
    expect(row!.charity_id).toBeNull();
    expect(await requestStatus(second)).toBe('Pending');
    expect(await requestStatus(other)).toBe('Pending');
    const [firstRow, goneRow] = await t.sql`SELECT deleted FROM donation_requests WHERE id IN (${first}, ${gone}) ORDER BY id = ${first} DESC`;
    expect(firstRow!.deleted).toBe(true);
    expect(goneRow!.deleted).toBe(true);
    expect(ids((await t.get('/donation-requests', charity.token)).body)).not.toContain(first);
    expect(await pickupIds(charity)).not.toContain(donationId);
    // Public again: any charity sees it in the list of available donations.
    expect(ids((await t.get('/donations', third.token)).body)).toContain(donationId);

    // While nobody has it, the first charity's queued confirmation is refused (the donation is visible, not theirs).
    const meanwhile = await confirmPickup(donationId, charity, `released-${donationId}`);
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body.message).toBe('This donation was reassigned and is no longer yours to pick up.');
    const pulled = await pulledDonation(charity, donationId);
    expect(pulled).toMatchObject({ _id: donationId, status: 'Verified', _deleted: false });
    expect(pulled).not.toHaveProperty('charityEmail');
  });

  it('leaves Rejected a request the restaurant turned down by hand', async () => {
    const third = await createUser(t, { role: 'charity' });
    const donationId = await createDonation();
    const byHand = await requestDonation(donationId, third);
    const first = await requestDonation(donationId, charity);
    const byAccept = await requestDonation(donationId, otherCharity);
    expect((await t.patch(`/donation-requests/reject/${byHand}`, undefined, restaurant.token)).status).toBe(200);
    expect((await t.patch(`/donation-requests/accept/${first}`, undefined, restaurant.token)).body).toMatchObject({ rejectedCount: 1 });
    expect(await requestStatus(byHand)).toBe('Rejected');
    expect(await requestStatus(byAccept)).toBe('Rejected');

    expect((await t.del(`/donation-requests/${first}`, admin.token)).body).toEqual({ deletedCount: 1, reopenedCount: 1 });
    expect(await requestStatus(byHand)).toBe('Rejected');
    expect(await requestStatus(byAccept)).toBe('Pending');

    // Reopened, it is an ordinary Pending request again: a later hand reject followed by another release keeps it so.
    expect((await t.patch(`/donation-requests/reject/${byAccept}`, undefined, restaurant.token)).status).toBe(200);
    const next = await requestDonation(donationId, await createUser(t, { role: 'charity' }));
    await t.patch(`/donation-requests/accept/${next}`, undefined, restaurant.token);
    expect((await t.del(`/donation-requests/${next}`, admin.token)).body).toEqual({ deletedCount: 1, reopenedCount: 0 });
    expect(await requestStatus(byAccept)).toBe('Rejected');
  });

  it('lets the restaurant give the donation to another charity, whose pickup then goes through and the first one is refused', async () => {
    const donationId = await createDonation();
    const first = await requestDonation(donationId, charity);
    const second = await requestDonation(donationId, otherCharity);
    await t.patch(`/donation-requests/accept/${first}`, undefined, restaurant.token);
    expect((await t.del(`/donation-requests/${first}`, admin.token)).body).toEqual({ deletedCount: 1, reopenedCount: 1 });

    const accepted = await t.patch(`/donation-requests/accept/${second}`, undefined, restaurant.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ modifiedCount: 1, rejectedCount: 0 });
    expect((await t.get(`/donations/${donationId}`, otherCharity.token)).body).toMatchObject({
      status: 'Accepted',
      charityEmail: otherCharity.email,
      charityName: otherCharity.name,
      assignedTo: otherCharity.name,
      assignedType: 'charity',
    });
    expect(await pickupIds(otherCharity)).toContain(donationId);
    expect(await pickupIds(charity)).not.toContain(donationId);

    // The first charity's confirmation (queued offline before the reassignment): a 4xx refusal with a reason, not
    // a retry (the PWA retries 0, 401, 408, 429 and 5xx only), and nothing changes.
    const refused = await confirmPickup(donationId, charity, `reassigned-${donationId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This donation was reassigned and is no longer yours to pick up.');
    expect((await t.get(`/donations/${donationId}`, admin.token)).body.status).toBe('Accepted');
    const pulled = await pulledDonation(charity, donationId);
    expect(pulled).toMatchObject({ _id: donationId, _deleted: true });
    expect(pulled.charityEmail).toBeUndefined();

    const picked = await confirmPickup(donationId, otherCharity, `picked-${donationId}`);
    expect(picked.status).toBe(200);
    expect(picked.body.donation).toMatchObject({ status: 'Picked', charityEmail: otherCharity.email });
  });

  it('also withdraws an Assigned donation', async () => {
    const donationId = await createDonation();
    const req = await requestDonation(donationId, charity);
    await t.patch(`/donation-requests/accept/${req}`, undefined, restaurant.token);
    await t.sql`UPDATE donations SET status = 'Assigned' WHERE id = ${donationId}`;
    expect((await t.del(`/donation-requests/${req}`, admin.token)).status).toBe(200);
    const [row] = await t.sql`SELECT status, charity_id, assigned_to FROM donations WHERE id = ${donationId}`;
    expect(row).toEqual({ status: 'Verified', charity_id: null, assigned_to: null });
  });

  it('refuses once the donation has been picked up, and changes nothing', async () => {
    const donationId = await createDonation();
    const req = await requestDonation(donationId, charity);
    const loser = await requestDonation(donationId, otherCharity);
    await t.patch(`/donation-requests/accept/${req}`, undefined, restaurant.token);
    expect((await confirmPickup(donationId, charity, `done-${donationId}`)).status).toBe(200);
    const res = await t.del(`/donation-requests/${req}`, admin.token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This donation has already been picked up.', code: 'donation-requests/already-picked' });
    expect(await requestStatus(req)).toBe('Accepted');
    expect(await requestStatus(loser)).toBe('Rejected');
    expect(ids((await t.get('/donation-requests', admin.token)).body)).toContain(req);
    expect((await t.get(`/donations/${donationId}`, admin.token)).body).toMatchObject({ status: 'Picked', charityEmail: charity.email });
    // The Rejected request of a picked donation may still be deleted: it gives nothing back.
    expect((await t.del(`/donation-requests/${loser}`, admin.token)).body).toEqual({ deletedCount: 1 });
  });

  it("leaves the donation alone when the request deleted is not the accepted one", async () => {
    const donationId = await createDonation();
    const winner = await requestDonation(donationId, charity);
    const loser = await requestDonation(donationId, otherCharity);
    await t.patch(`/donation-requests/accept/${winner}`, undefined, restaurant.token);
    expect((await t.del(`/donation-requests/${loser}`, admin.token)).body).toEqual({ deletedCount: 1 });
    expect((await t.get(`/donations/${donationId}`, admin.token)).body).toMatchObject({ status: 'Accepted', charityEmail: charity.email });
    expect(await requestStatus(winner)).toBe('Accepted');
  });

  it('is for admins only: the restaurant and the charity cannot withdraw an accepted donation', async () => {
    const donationId = await createDonation();
    const req = await requestDonation(donationId, charity);
    await t.patch(`/donation-requests/accept/${req}`, undefined, restaurant.token);
    expect((await t.del(`/donation-requests/${req}`)).status).toBe(401);
    expect((await t.del(`/donation-requests/${req}`, restaurant.token)).status).toBe(403);
    expect((await t.del(`/donation-requests/${req}`, charity.token)).status).toBe(409);
    for (const u of [otherCharity, otherRestaurant, plainUser]) expect((await t.del(`/donation-requests/${req}`, u.token)).status).toBe(404);
    expect((await t.get(`/donations/${donationId}`, admin.token)).body).toMatchObject({ status: 'Accepted', charityEmail: charity.email });
    expect(await requestStatus(req)).toBe('Accepted');
  });

  it('settles a race with the pickup either way, never both', async () => {
    for (let round = 0; round < 3; round += 1) {
      const donationId = await createDonation();
      const req = await requestDonation(donationId, charity);
      await t.patch(`/donation-requests/accept/${req}`, undefined, restaurant.token);
      const [del, pickup] = await Promise.all([
        t.del(`/donation-requests/${req}`, admin.token),
        confirmPickup(donationId, charity, `race-${donationId}`),
      ]);
      const [row] = await t.sql`SELECT status, charity_id FROM donations WHERE id = ${donationId}`;
      if (pickup.status === 200) {
        expect(del.status).toBe(409);
        expect(row).toEqual({ status: 'Picked', charity_id: charity.id });
      } else {
        expect(del.status).toBe(200);
        expect(pickup.status).toBe(409);
        expect(row).toEqual({ status: 'Verified', charity_id: null });
      }
    }
  });
});
