import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDonationInput, createDonationRequestInput } from '@foodbridge/shared/testing/factories';
import { acceptedDonation } from '../testing/donation-flow.ts';
import { createMember, createTestApp, createUser, pullUntil, type TestApp, type TestUser } from '../testing/test-app.ts';

// A charity's drivers and their pickups (issue 46.4): claims, a coordinator's assignments, and who confirms.

let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  restaurant = await createUser(t, { role: 'restaurant', name: 'Green Table' });
});
afterAll(() => t?.close());

const member = (charity: TestUser, role: 'driver' | 'coordinator', name?: string) => createMember(t, charity, role, name ? { name } : {});

/** A charity (its coordinator, two drivers) and one of `restaurant`'s donations accepted for it. */
async function charityWithPickup() {
  const coordinator = await createUser(t, { role: 'charity', name: 'Hope Pantry' });
  const ana = await member(coordinator, 'driver', 'Ana Driver');
  const ben = await member(coordinator, 'driver', 'Ben Driver');
  const { id } = await acceptedDonation(t, { restaurant, admin, charity: coordinator }, { title: 'Soup' });
  return { coordinator, ana, ben, id };
}

describe('pickups of a charity’s members', () => {
  it('a driver claims a pickup: Assigned to them, named to everyone, their id to the charity only; the first of two claims wins', async () => {
    const { coordinator, ana, ben, id } = await charityWithPickup();
    const [first, second] = await Promise.all([t.post(`/donations/${id}/claim`, undefined, ana.token), t.post(`/donations/${id}/claim`, undefined, ben.token)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [winner, loser] = first.status === 200 ? [ana, second] : [ben, first];
    expect(loser.body.code).toBe('pickups/has-driver');
    expect(loser.body.message).toBe(`${winner.name} has this pickup. Ask a coordinator to give it to you.`);

    const seen = await t.get(`/donations/${id}`, coordinator.token);
    expect(seen.body).toMatchObject({ status: 'Assigned', assignedTo: winner.name, assignedType: 'driver', assigneeName: winner.name, assigneeId: winner.id });
    const publicView = await t.get(`/donations/${id}`);
    expect(publicView.body).toMatchObject({ status: 'Assigned', assigneeName: winner.name });
    expect(publicView.body.assigneeId).toBeUndefined();
    expect((await t.get(`/donations/${id}`, restaurant.token)).body.assigneeId).toBeUndefined();
    // Claiming one's own again changes nothing.
    expect((await t.post(`/donations/${id}/claim`, undefined, winner.token)).body.modifiedCount).toBe(0);
  });

  it('a coordinator gives it to another driver, who is told; it leaves the first driver’s phone; back to nobody', async () => {
    const { coordinator, ana, ben, id } = await charityWithPickup();
    expect((await t.post(`/donations/${id}/claim`, undefined, ana.token)).status).toBe(200);
    // Ana's phone holds it.
    const pull = '/sync/donations/pull?limit=200';
    await pullUntil(t, pull, ana.token, (docs) => docs.some((d) => d._id === id && !d._deleted));

    const given = await t.patch(`/donations/${id}/assignee`, { userId: ben.id }, coordinator.token);
    expect(given.status).toBe(200);
    expect(given.body.donation).toMatchObject({ status: 'Assigned', assigneeName: 'Ben Driver', assigneeId: ben.id });
    const told = await t.get('/notifications', ben.token);
    expect(told.body[0]).toMatchObject({ kind: 'pickup.assigned', title: 'A pickup for you', body: 'Hope Pantry gave you the pickup of “Soup” at Green Table.' });

    // Ana's next pull takes it off her phone; Ben's brings it.
    const anas = await pullUntil(t, pull, ana.token, (docs) => docs.some((d) => d._id === id && d._deleted));
    expect(anas.find((d) => d._id === id)?._deleted).toBe(true);
    await pullUntil(t, pull, ben.token, (docs) => docs.some((d) => d._id === id && !d._deleted && d.assigneeId === ben.id));

    const released = await t.patch(`/donations/${id}/assignee`, { userId: null }, coordinator.token);
    expect(released.body.donation).toMatchObject({ status: 'Accepted', assignedTo: 'Hope Pantry', assignedType: 'charity' });
    expect(released.body.donation.assigneeName).toBeUndefined();

    const history = await t.get(`/donations/${id}/history`, coordinator.token);
    expect(history.body.map((h: { kind: string }) => h.kind)).toEqual(expect.arrayContaining(['pickup.claimed', 'pickup.assigned', 'pickup.unassigned']));
  });

  it('refuses drivers assigning, strangers, non-members and what is not waiting for collection', async () => {
    const { coordinator, ana, ben, id } = await charityWithPickup();
    expect((await t.patch(`/donations/${id}/assignee`, { userId: ana.id }, ben.token)).body.code).toBe('organisations/leads-only');
    expect((await t.patch(`/donations/${id}/assignee`, { userId: admin.id }, coordinator.token)).body.code).toBe('not-found/member');
    expect((await t.patch(`/donations/${id}/assignee`, { userId: 'nobody' }, coordinator.token)).body.code).toBe('validation/invalid-id');
    const otherCharity = await createUser(t, { role: 'charity' });
    expect((await t.post(`/donations/${id}/claim`, undefined, otherCharity.token)).body.code).toBe('pickups/not-your-pickup');
    expect((await t.post(`/donations/${id}/claim`, undefined, restaurant.token)).status).toBe(403);
    const verified = await t.post('/donations', createDonationInput(), restaurant.token);
    await t.patch(`/donations/verify/${verified.body.insertedId}`, undefined, admin.token);
    expect((await t.post(`/donations/${verified.body.insertedId}/claim`, undefined, ana.token)).body.code).toBe('pickups/not-your-pickup');
  });

  it('a driver confirms their own or an unclaimed pickup (taking it), not another driver’s; the restaurant hears the charity’s name', async () => {
    const { ana, ben, id } = await charityWithPickup();
    expect((await t.post(`/donations/${id}/claim`, undefined, ana.token)).status).toBe(200);
    const notBens = await t.patch(`/donations/pickup/${id}`, { weightKg: 3, outcome: 'all' }, ben.token);
    expect(notBens.status).toBe(409);
    expect(notBens.body.code).toBe('pickups/has-driver');

    const other = await charityWithPickup();
    const picked = await t.patch(`/donations/pickup/${other.id}`, { weightKg: 3, outcome: 'all' }, other.ben.token);
    expect(picked.status).toBe(200);
    expect(picked.body.donation).toMatchObject({ status: 'Picked', assigneeName: 'Ben Driver' });
    const [row] = await t.sql`SELECT picked_up_by, assignee_id FROM donations WHERE id = ${other.id}`;
    expect(row).toEqual({ picked_up_by: other.ben.id, assignee_id: other.ben.id });
    const told = await t.get('/notifications', restaurant.token);
    expect(told.body.find((n: { kind: string }) => n.kind === 'pickup.confirmed').body).toContain('Hope Pantry');
  });

  it("the coordinator's dashboard counts each member's kilograms; a driver's shows their own; the export names the driver", async () => {
    const { coordinator, ana, ben, id } = await charityWithPickup();
    const second = await charityWithPickupFor(coordinator);
    expect((await t.patch(`/donations/pickup/${id}`, { weightKg: 4.5, outcome: 'all' }, ana.token)).status).toBe(200);
    expect((await t.patch(`/donations/pickup/${second}`, { weightKg: 2, outcome: 'part' }, ben.token)).status).toBe(200);

    const month = new Date().toISOString().slice(0, 7);
    const team = (await t.get('/dashboard', coordinator.token)).body.byMember;
    expect(team.map((m: { name: string; totalKg: number; pickups: number }) => [m.name, m.totalKg, m.pickups])).toEqual([
      ['Ana Driver', 4.5, 1],
      ['Ben Driver', 2, 1],
    ]);
    expect(team[0].kgByMonth).toHaveLength(12);
    expect(team[0].kgByMonth.at(-1)).toEqual({ month, kg: 4.5 });
    const own = (await t.get('/dashboard', ben.token)).body.byMember;
    expect(own.map((m: { name: string }) => m.name)).toEqual(['Ben Driver']);

    const csv = await t.app.request('/exports/pickups.csv', { headers: { authorization: `Bearer ${coordinator.token}` } });
    const [header, ...lines] = (await csv.text()).trim().split(/\r?\n/);
    expect(header!.split(',').at(-1)).toBe('driver');
    expect(lines.map((l) => l.split(',').at(-1)).sort()).toEqual(['Ana Driver', 'Ben Driver']);
  });
});

/** Another of `restaurant`'s donations accepted for the charity of `coordinator`. */
async function charityWithPickupFor(coordinator: TestUser): Promise<string> {
  const posted = await t.post('/donations', createDonationInput({ title: 'Bread' }), restaurant.token);
  const id: string = posted.body.insertedId;
  await t.patch(`/donations/verify/${id}`, undefined, admin.token);
  const asked = await t.post('/donation-requests', createDonationRequestInput({ donationId: id }), coordinator.token);
  await t.patch(`/donation-requests/accept/${asked.body.insertedId}`, undefined, restaurant.token);
  return id;
}
