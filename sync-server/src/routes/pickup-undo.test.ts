import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_UNDO_MINUTES } from '@foodbridge/shared';
import { acceptedDonation } from '../testing/donation-flow.ts';
import { createMember, createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

// Undoing a pickup confirmation (issue 47.4): a wrong tap on Confirm Pickup, taken back within minutes; the history
// keeps both.

let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  restaurant = await createUser(t, { role: 'restaurant' });
});
afterAll(() => t?.close());

/** A donation of `restaurant`'s accepted for `charity`. */
const accepted = async (charity: TestUser) => (await acceptedDonation(t, { restaurant, admin, charity })).id;

describe('undoing a pickup confirmation', () => {
  it('puts the pickup back as it was, its report gone from it but kept in the history; the figures follow', async () => {
    const charity = await createUser(t, { role: 'charity' });
    const id = await accepted(charity);
    expect((await t.patch(`/donations/pickup/${id}`, { weightKg: 6, outcome: 'all' }, charity.token)).status).toBe(200);
    expect((await t.get('/dashboard', charity.token)).body.totalKg).toBe(6);

    const undone = await t.del(`/donations/pickup/${id}`, charity.token);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ modifiedCount: 1, donation: { status: 'Accepted' } });
    expect(undone.body.donation.pickupDate).toBeUndefined();
    expect((await t.get(`/donations/${id}/pickup-report`, charity.token)).body.report ?? null).toBeNull();
    expect((await t.get('/dashboard', charity.token)).body.totalKg).toBe(0);
    const history = (await t.get(`/donations/${id}/history`, charity.token)).body as { kind: string; fromState?: string; toState?: string; detail: object }[];
    expect(history.filter((h) => h.kind.startsWith('pickup.')).map((h) => [h.kind, h.fromState, h.toState, h.detail])).toEqual([
      ['pickup.undone', 'Picked', 'Accepted', { weightKg: 6, outcome: 'all' }],
      ['pickup.confirmed', 'Accepted', 'Picked', { weightKg: 6, outcome: 'all' }],
    ]);

    // Nothing left to undo; and it can be confirmed again.
    const again = await t.del(`/donations/pickup/${id}`, charity.token);
    expect([again.status, again.body.code]).toEqual([409, 'pickups/not-picked']);
    expect((await t.patch(`/donations/pickup/${id}`, undefined, charity.token)).status).toBe(200);
  });

  it('is the charity’s own: a driver undoes their confirmation (Assigned to them again), a coordinator any, nobody else', async () => {
    const coordinator = await createUser(t, { role: 'charity' });
    const ana = await createMember(t, coordinator, 'driver');
    const ben = await createMember(t, coordinator, 'driver');
    const id = await accepted(coordinator);
    expect((await t.patch(`/donations/pickup/${id}`, undefined, ana.token)).status).toBe(200);

    const others = await t.del(`/donations/pickup/${id}`, ben.token);
    expect([others.status, others.body.code]).toEqual([403, 'pickups/not-your-pickup']);
    const stranger = await t.del(`/donations/pickup/${id}`, (await createUser(t, { role: 'charity' })).token);
    expect([stranger.status, stranger.body.code]).toEqual([403, 'pickups/not-your-pickup']);
    expect((await t.del(`/donations/pickup/${id}`, restaurant.token)).status).toBe(403);

    const own = await t.del(`/donations/pickup/${id}`, ana.token);
    expect(own.body.donation).toMatchObject({ status: 'Assigned', assigneeName: ana.name });
    expect((await t.patch(`/donations/pickup/${id}`, undefined, ana.token)).status).toBe(200);
    expect((await t.del(`/donations/pickup/${id}`, coordinator.token)).body.donation).toMatchObject({ status: 'Assigned' });
  });

  it(`is refused after ${PICKUP_UNDO_MINUTES} minutes`, async () => {
    const charity = await createUser(t, { role: 'charity' });
    const id = await accepted(charity);
    expect((await t.patch(`/donations/pickup/${id}`, undefined, charity.token)).status).toBe(200);
    await t.sql`UPDATE donations SET pickup_date = now() - make_interval(mins => ${PICKUP_UNDO_MINUTES + 1}) WHERE id = ${id}`;
    const late = await t.del(`/donations/pickup/${id}`, charity.token);
    expect([late.status, late.body.code, late.body.message]).toEqual([409, 'pickups/undo-too-late', `A pickup confirmation can be undone only within ${PICKUP_UNDO_MINUTES} minutes.`]);
    expect((await t.get(`/donations/${id}`, charity.token)).body.status).toBe('Picked');
  });
});
