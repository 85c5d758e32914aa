import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDonationInput, createDonationRequestInput } from '@foodbridge/shared/testing/factories';
import { isoAtOffset } from '@foodbridge/shared/pickup-window';
import { createMember, createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

// A pickup nobody collected (issue 47.4): once its window is over, the restaurant says so; the miss is recorded, the
// donation is offered again, and the charity is told once.

let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  restaurant = await createUser(t, { role: 'restaurant' });
});
afterAll(() => t?.close());

const at = (hours: number) => isoAtOffset(new Date(Math.floor((Date.now() + hours * 3_600_000) / 60_000) * 60_000), 0);

/** A donation with a window, accepted for `charity` over `rival`'s request; its window then made to have passed. */
async function missed(charity: TestUser, rival: TestUser, { passed = true } = {}) {
  const { pickupTime: _words, ...input } = createDonationInput();
  const { insertedId: id } = (await t.post('/donations', { ...input, pickupStart: at(1), pickupEnd: at(2) }, restaurant.token)).body;
  await t.patch(`/donations/verify/${id}`, undefined, admin.token);
  const ours = (await t.post('/donation-requests', createDonationRequestInput({ donationId: id }), charity.token)).body.insertedId;
  const theirs = (await t.post('/donation-requests', createDonationRequestInput({ donationId: id }), rival.token)).body.insertedId;
  expect((await t.patch(`/donation-requests/accept/${ours}`, undefined, restaurant.token)).status).toBe(200);
  if (passed) await t.sql`UPDATE donations SET pickup_start = now() - interval '3 hours', pickup_end = now() - interval '1 hour' WHERE id = ${id}`;
  return { id, ours, theirs };
}

const requestStatus = async (who: TestUser, id: string) =>
  ((await t.get('/donation-requests', who.token)).body as { _id: string; status: string }[]).find((r) => r._id === id)?.status;

describe('a pickup nobody collected', () => {
  it('is recorded as the charity’s miss, the donation offered again, the other requests live again; the charity is told once', async () => {
    const charity = await createUser(t, { role: 'charity', name: 'No-show Pantry' });
    const rival = await createUser(t, { role: 'charity' });
    const { id, ours, theirs } = await missed(charity, rival);
    const told = async () => ((await t.get('/notifications', charity.token)).body as { kind: string }[]).map((n) => n.kind);
    const before = await told();

    const res = await t.patch(`/donations/${id}/not-collected`, undefined, restaurant.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ modifiedCount: 1, donation: { status: 'Verified' } });
    expect(res.body.donation.charityName).toBeUndefined();
    expect(await requestStatus(charity, ours)).toBe('Rejected');
    expect(await requestStatus(rival, theirs)).toBe('Pending');

    const history = (await t.get(`/history?donationId=${id}`, admin.token)).body as { kind: string; detail: Record<string, unknown> }[];
    expect(history.find((h) => h.kind === 'pickup.not-collected')?.detail).toEqual({ charityId: charity.id, charityName: 'No-show Pantry' });
    expect(history.map((h) => h.kind)).toEqual(expect.arrayContaining(['donation.released', 'request.reopened', 'request.rejected']));
    await expect.poll(async () => (await told()).length, { timeout: 3000 }).toBe(before.length + 1);
    expect((await told())[0]).toBe('donation.released');

    // The figures count the miss against the charity, for itself and for the admins.
    expect((await t.get('/dashboard', charity.token)).body.missedPickups).toBe(1);
    expect((await t.get('/dashboard', rival.token)).body.missedPickups).toBe(0);
    expect((await t.get('/dashboard', admin.token)).body.mostMissed).toContainEqual({ id: charity.id, name: 'No-show Pantry', count: 1 });

    // Offered again: the rival's request can be accepted once the restaurant gives it a new window.
    expect((await t.patch(`/donations/${id}`, { pickupStart: at(1), pickupEnd: at(3) }, restaurant.token)).status).toBe(200);
    expect((await t.patch(`/donation-requests/accept/${theirs}`, undefined, restaurant.token)).status).toBe(200);
  });

  it('waits for the window to pass, is the restaurant’s (any member), and not for a collected pickup', async () => {
    const charity = await createUser(t, { role: 'charity' });
    const rival = await createUser(t, { role: 'charity' });
    const open = await missed(charity, rival, { passed: false });
    const early = await t.patch(`/donations/${open.id}/not-collected`, undefined, restaurant.token);
    expect([early.status, early.body.code]).toEqual([409, 'pickups/window-not-over']);

    const { id } = await missed(charity, rival);
    const stranger = await t.patch(`/donations/${id}/not-collected`, undefined, (await createUser(t, { role: 'restaurant' })).token);
    expect([stranger.status, stranger.body.code]).toEqual([403, 'pickups/not-collected-not-owner']);
    expect((await t.patch(`/donations/${id}/not-collected`, undefined, charity.token)).status).toBe(403);
    const staff = await createMember(t, restaurant, 'staff');
    expect((await t.patch(`/donations/${id}/not-collected`, undefined, staff.token)).status).toBe(200);
    const again = await t.patch(`/donations/${id}/not-collected`, undefined, restaurant.token);
    expect([again.status, again.body.code]).toEqual([409, 'pickups/not-accepted']);

    const collected = await missed(charity, rival);
    expect((await t.patch(`/donations/pickup/${collected.id}`, undefined, charity.token)).status).toBe(200);
    const picked = await t.patch(`/donations/${collected.id}/not-collected`, undefined, restaurant.token);
    expect([picked.status, picked.body.code]).toEqual([409, 'pickups/already-confirmed']);
  });
});
