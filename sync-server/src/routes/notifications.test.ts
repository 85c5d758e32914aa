import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCharityRequestInput } from '@foodbridge/shared/testing/factories';
import { recordHistory } from '../db/history.ts';
import { runReminders } from '../notifications/background.ts';
import { nextMillisecond } from '../testing/clock.ts';
import { insertDonation } from '../testing/fixtures.ts';
import { acceptRequest, createUsers, postDonation, requestDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createTestApp, createUser, openSecondInstance, type TestApp, type TestUser } from '../testing/test-app.ts';

/** Who was told what by one action: every notification written meanwhile, as `name: kind`, sorted. */
async function toldBy(t: TestApp, names: Map<string, string>, action: () => Promise<unknown>): Promise<string[]> {
  const [head] = await t.sql<{ max: string | null }[]>`SELECT max(change_seq)::text AS max FROM notifications`;
  await action();
  const rows = await t.sql<{ user_id: string; kind: string }[]>`
    SELECT user_id, kind FROM notifications WHERE change_seq > ${head?.max ?? '0'}::bigint ORDER BY change_seq`;
  return rows.map((r) => `${names.get(r.user_id) ?? r.user_id}: ${r.kind}`).sort();
}

describe('notifications: who is told of what (issue 11)', () => {
  let t: TestApp;
  let admin1: TestUser, admin2: TestUser, restaurant: TestUser, otherRestaurant: TestUser, c1: TestUser, c2: TestUser, plain: TestUser;
  const names = new Map<string, string>();
  const told = (action: () => Promise<unknown>) => toldBy(t, names, action);

  beforeAll(async () => {
    t = await createTestApp();
    [admin1, admin2, restaurant, otherRestaurant, c1, c2, plain] = await createUsers(t, ['admin', 'admin', 'restaurant', 'restaurant', 'charity', 'charity', 'user']);
    for (const [name, u] of Object.entries({ admin1, admin2, restaurant, otherRestaurant, c1, c2, plain })) names.set(u.id, name);
  });
  afterAll(() => t?.close());

  async function verified(): Promise<string> {
    const id = await postDonation(t, restaurant);
    await verifyDonation(t, admin1, id);
    return id;
  }

  it('a new donation: every admin, and nobody else', async () => {
    expect(await told(() => postDonation(t, restaurant))).toEqual(['admin1: donation.awaiting-verification', 'admin2: donation.awaiting-verification']);
  });

  it('a newly verified donation: the charities whose distance or food types it matches, once', async () => {
    const put = (u: TestUser, body: object) => t.request('PUT', '/me/charity-preferences', { token: u.token, body });
    // c1: within 5 km of Berlin's centre; c2: only Cooked Meal, anywhere.
    expect((await put(c1, { homeLatitude: 52.52, homeLongitude: 13.405, notifyRadiusKm: 5 })).status).toBe(200);
    expect((await put(c2, { notifyFoodTypes: ['Cooked Meal'] })).status).toBe(200);
    const near = await postDonation(t, restaurant, { foodType: 'Bakery', latitude: 52.53, longitude: 13.41 });
    const far = await postDonation(t, restaurant, { foodType: 'Cooked Meal', latitude: 48.14, longitude: 11.58 });
    expect(await told(() => verifyDonation(t, admin1, near))).toEqual(['c1: donation.nearby', 'restaurant: donation.verified']);
    expect(await told(() => verifyDonation(t, admin1, far))).toEqual(['c2: donation.nearby', 'restaurant: donation.verified']);
    // Sent back for checking by an edit and verified again: the charities were told already.
    await t.patch(`/donations/${near}`, { title: 'Renamed bread' }, restaurant.token);
    expect(await told(() => verifyDonation(t, admin1, near))).toEqual(['restaurant: donation.verified']);
    await put(c1, {});
    await put(c2, {});
  });

  it('verified or rejected: its restaurant', async () => {
    const a = await postDonation(t, restaurant);
    const b = await postDonation(t, restaurant);
    expect(await told(() => verifyDonation(t, admin1, a))).toEqual(['restaurant: donation.verified']);
    expect(await told(() => t.patch(`/donations/reject/${b}`, undefined, admin2.token))).toEqual(['restaurant: donation.rejected']);
  });

  it('an edit that sends a verified donation back for checking: the admins again', async () => {
    const id = await verified();
    expect(await told(() => t.patch(`/donations/${id}`, { title: 'Changed title' }, restaurant.token))).toEqual([
      'admin1: donation.awaiting-verification',
      'admin2: donation.awaiting-verification',
    ]);
    // An edit that changes nothing an admin checked tells nobody.
    expect(await told(() => t.patch(`/donations/${id}`, { quantity: 9 }, restaurant.token))).toEqual([]);
  });

  it('a request made and cancelled: the donation’s restaurant', async () => {
    const id = await verified();
    let requestId = '';
    expect(await told(async () => (requestId = await requestDonation(t, c1, id)))).toEqual(['restaurant: request.made']);
    expect(await told(() => t.del(`/donation-requests/${requestId}`, c1.token))).toEqual(['restaurant: request.cancelled']);
  });

  it('accepted: that charity; the others turned down: each of them', async () => {
    const id = await verified();
    const r1 = await requestDonation(t, c1, id);
    await requestDonation(t, c2, id);
    expect(await told(() => acceptRequest(t, restaurant, r1))).toEqual(['c1: request.accepted', 'c2: request.rejected']);
  });

  it('rejected: that charity', async () => {
    const id = await verified();
    const r = await requestDonation(t, c2, id);
    expect(await told(() => t.patch(`/donation-requests/reject/${r}`, undefined, restaurant.token))).toEqual(['c2: request.rejected']);
  });

  it('picked up: the restaurant', async () => {
    const id = await verified();
    await acceptRequest(t, restaurant, await requestDonation(t, c1, id));
    expect(await told(() => t.patch(`/donations/pickup/${id}`, { weightKg: 4, outcome: 'all' }, c1.token))).toEqual(['restaurant: pickup.confirmed']);
  });

  it('an accepted donation released by an admin: the charity that had it', async () => {
    const a = await verified();
    const ra = await requestDonation(t, c1, a);
    await acceptRequest(t, restaurant, ra);
    expect(await told(() => t.del(`/donation-requests/${ra}`, admin1.token))).toEqual(['c1: donation.released']);

    const b = await verified();
    await acceptRequest(t, restaurant, await requestDonation(t, c2, b));
    // An accepted donation cannot be deleted (409): the charity hears of it only when it is released first.
    expect(await told(async () => expect((await t.del(`/donations/${b}`, restaurant.token)).status).toBe(409))).toEqual([]);
    // A donation nobody had been given tells nobody when deleted.
    const c = await verified();
    expect(await told(() => t.del(`/donations/${c}`, restaurant.token))).toEqual([]);
  });

  it('charity-role requests: the admins; the decision and a role change: that user', async () => {
    const pay = async (u: TestUser) => {
      const intent = await t.post('/create-payment-intent', {}, u.token);
      await t.post(`/test-payments/${intent.body.paymentIntentId}/confirm`, {}, u.token);
      return intent.body.paymentIntentId as string;
    };
    const asker = await createUser(t);
    names.set(asker.id, 'asker');
    let requestId = '';
    expect(
      await told(async () => {
        const res = await t.post('/charity-requests', createCharityRequestInput({ paymentId: await pay(asker) }), asker.token);
        requestId = res.body.insertedId;
      }),
    ).toEqual(['admin1: charity-role.awaiting-decision', 'admin2: charity-role.awaiting-decision']);
    expect(await told(() => t.patch(`/charity-requests/reject/${requestId}`, {}, admin1.token))).toEqual(['asker: charity-role.rejected']);
    const second = await t.post('/charity-requests', createCharityRequestInput({ paymentId: await pay(asker) }), asker.token);
    expect(await told(() => t.patch(`/charity-requests/approve/${second.body.insertedId}`, {}, admin2.token))).toEqual([
      'asker: charity-role.approved',
    ]);
    expect(await told(() => t.patch(`/users/role/${plain.id}`, { role: 'restaurant' }, admin1.token))).toEqual(['plain: user.role-changed']);
  });

  it('a refused change tells nobody, and a change rolled back takes its notifications with it', async () => {
    const id = await postDonation(t, otherRestaurant);
    // Not the owner: refused before anything is written.
    expect(await told(() => t.patch(`/donations/${id}`, { title: 'Not mine' }, restaurant.token))).toEqual([]);
    const rolledBack = told(() =>
      t.sql
        .begin(async (tx) => {
          await recordHistory(tx, { actor: { id: otherRestaurant.id, email: otherRestaurant.email, name: otherRestaurant.name }, kind: 'donation.created', donationId: id });
          const [written] = await tx<{ n: number }[]>`SELECT count(*)::int AS n FROM notifications WHERE created_at = now()`;
          expect(written?.n).toBe(2);
          throw new Error('the change fails after its notifications were written');
        })
        .catch(() => undefined),
    );
    expect(await rolledBack).toEqual([]);
  });
});

describe('notifications: reading them (issue 11)', () => {
  let t: TestApp;
  let admin: TestUser, other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, other] = await createUsers(t, ['admin', 'admin']);
    const restaurant = await createUser(t, { role: 'restaurant' });
    await postDonation(t, restaurant, { title: 'First' });
    await nextMillisecond();
    await postDonation(t, restaurant, { title: 'Second' });
    await nextMillisecond();
    await postDonation(t, restaurant, { title: 'Third' });
  });
  afterAll(() => t?.close());

  it('lists only the caller’s own, newest first, in the spec’s plain array with paging beside it', async () => {
    const res = await t.get('/notifications', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.map((n: { body: string }) => n.body.split(' ')[0])).toEqual(['“Third”', '“Second”', '“First”']);
    expect(res.body[0]).toMatchObject({ kind: 'donation.awaiting-verification', read: false, link: '/dashBoard/manageDonations' });
    expect(res.headers.get('x-unread-count')).toBe('3');
    const page = await t.get('/notifications?limit=2', admin.token);
    expect(page.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    expect((await t.get(next!, admin.token)).body.map((n: { _id: string }) => n._id)).toEqual([res.body[2]._id]);
    expect((await t.get('/notifications')).status).toBe(401);
  });

  it('marks one read, or all; someone else’s id is not found', async () => {
    const [first] = (await t.get('/notifications', admin.token)).body;
    expect((await t.patch(`/notifications/${first._id}/read`, undefined, other.token)).status).toBe(404);
    const read = await t.patch(`/notifications/${first._id}/read`, undefined, admin.token);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ _id: first._id, read: true });
    // Again: still read, still 200.
    expect((await t.patch(`/notifications/${first._id}/read`, undefined, admin.token)).body.read).toBe(true);
    expect((await t.patch('/notifications/not-an-id/read', undefined, admin.token)).status).toBe(400);
    expect((await t.get('/notifications', other.token)).body.every((n: { read: boolean }) => !n.read)).toBe(true);
    expect((await t.post('/notifications/read-all', undefined, admin.token)).body).toEqual({ modifiedCount: 2 });
    const after = await t.get('/notifications', admin.token);
    expect(after.headers.get('x-unread-count')).toBe('0');
    expect((await t.get('/notifications', other.token)).headers.get('x-unread-count')).toBe('3');
  });

  it('replicates to the owner’s devices only, and a read moves it in the stream', async () => {
    const pulled = await t.get('/sync/notifications/pull', other.token);
    expect(pulled.status).toBe(200);
    expect(pulled.body.documents).toHaveLength(3);
    expect(pulled.body.documents.every((d: { _deleted: boolean; read: boolean }) => !d._deleted && !d.read)).toBe(true);
    const { id, seq } = pulled.body.checkpoint;
    expect((await t.get(`/sync/notifications/pull?id=${id}&seq=${seq}`, other.token)).body.documents).toEqual([]);
    await t.patch(`/notifications/${pulled.body.documents[0]._id}/read`, undefined, other.token);
    const moved = await t.get(`/sync/notifications/pull?id=${id}&seq=${seq}`, other.token);
    expect(moved.body.documents).toEqual([expect.objectContaining({ _id: pulled.body.documents[0]._id, read: true })]);
    const plain = await createUser(t);
    expect((await t.get('/sync/notifications/pull', plain.token)).body.documents).toEqual([]);
  });
});

describe('reminders before food expires (issue 11)', () => {
  let t: TestApp;
  let restaurant: TestUser, charity: TestUser, admin: TestUser;
  const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
  const reminders = async (u: TestUser) =>
    (await t.get('/notifications', u.token)).body.filter((n: { kind: string }) => n.kind.startsWith('reminder.'));

  beforeAll(async () => {
    t = await createTestApp();
    [restaurant, charity, admin] = await createUsers(t, ['restaurant', 'charity', 'admin']);
  });
  afterAll(() => t?.close());

  it('tells the charity an hour before an accepted pickup expires, and the restaurant two hours before nobody asked, once each', async () => {
    const soon = await postDonation(t, restaurant, { title: 'Soup', bestBefore: inMinutes(50) });
    const later = await postDonation(t, restaurant, { title: 'Bread', bestBefore: inMinutes(100) });
    const farOff = await postDonation(t, restaurant, { title: 'Rice', bestBefore: inMinutes(300) });
    for (const id of [soon, later, farOff]) await verifyDonation(t, admin, id);
    await acceptRequest(t, restaurant, await requestDonation(t, charity, soon));

    expect(await runReminders(t.deps)).toBe(2);
    const toCharity = await reminders(charity);
    expect(toCharity).toEqual([expect.objectContaining({ kind: 'reminder.pickup-soon', link: '/dashBoard/myPickups' })]);
    expect(toCharity[0].body).toMatch(/^“Soup” is best before in (49|50) min/);
    const toRestaurant = await reminders(restaurant);
    expect(toRestaurant).toEqual([expect.objectContaining({ kind: 'reminder.unrequested' })]);
    expect(toRestaurant[0].body).toMatch(/^“Bread” is best before in 1 h (39|40) min/);

    expect(await runReminders(t.deps)).toBe(0);
    expect(await reminders(charity)).toHaveLength(1);
    expect(await reminders(restaurant)).toHaveLength(1);
  });

  it('tells the charity an hour before an agreed window opens, and asks the restaurant once one closed without a pickup (issue 47)', async () => {
    const [r, c] = await createUsers(t, ['restaurant', 'charity']);
    const opening = await postDonation(t, r, { title: 'Trays', bestBefore: inMinutes(600), pickupStart: inMinutes(40), pickupEnd: inMinutes(100) });
    const later = await postDonation(t, r, { title: 'Rolls', bestBefore: inMinutes(600), pickupStart: inMinutes(120), pickupEnd: inMinutes(180) });
    for (const id of [opening, later]) {
      await verifyDonation(t, admin, id);
      await acceptRequest(t, r, await requestDonation(t, c, id));
    }
    // One whose window closed an hour ago, still Accepted: nobody confirmed it.
    await insertDonation(t.sql, r, { title: 'Salad', status: 'Accepted', charity: { id: c.id, name: c.name, email: c.email }, pickupStart: inMinutes(-120), pickupEnd: inMinutes(-60) });

    await runReminders(t.deps);
    const toCharity = await reminders(c);
    expect(toCharity.map((n: { kind: string }) => n.kind)).toEqual(['reminder.window-opens']);
    expect(toCharity[0].body).toMatch(/^The pickup window for “Trays” at .+ opens in (39|40) min\.$/);
    const toRestaurant = await reminders(r);
    expect(toRestaurant).toEqual([expect.objectContaining({ kind: 'reminder.window-closed', link: '/dashBoard/requestedDonations' })]);
    expect(toRestaurant[0].body).toContain('“Salad”');
    await runReminders(t.deps);
    expect(await reminders(c)).toHaveLength(1);
    expect(await reminders(r)).toHaveLength(1);
  });

  it('writes a reminder in its reader’s language, time left included', async () => {
    const [arabic] = await createUsers(t, ['restaurant']);
    expect((await t.patch('/users/me', { locale: 'ar' }, arabic.token)).status).toBe(200);
    const id = await postDonation(t, arabic, { title: 'خبز', bestBefore: inMinutes(100) });
    await verifyDonation(t, admin, id);
    await runReminders(t.deps);
    const [reminder] = await reminders(arabic);
    expect(reminder).toMatchObject({ kind: 'reminder.unrequested', title: 'لم يطلبه أحد بعد', link: '/dashBoard/myDonations' });
    expect(reminder.body).toMatch(/^يتبقى ساعة واحدة و(39|40) دقيقة على انتهاء مدة الاستهلاك المفضّل لـ«خبز»\./);
  });

  it.runIf(process.env.DATABASE_URL)('sends each reminder once when two instances run at the same moment', async () => {
    const second = await openSecondInstance(t);
    try {
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await postDonation(t, restaurant, { title: `Batch ${i}`, bestBefore: inMinutes(90) }));
      for (const id of ids) await verifyDonation(t, admin, id);
      const rounds = await Promise.all([runReminders(t.deps), runReminders(second.deps), runReminders(t.deps), runReminders(second.deps)]);
      expect(rounds.reduce((a, b) => a + b, 0)).toBe(5);
      expect((await reminders(restaurant)).filter((n: { body: string }) => n.body.includes('Batch'))).toHaveLength(5);
    } finally {
      await second.close();
    }
  });
});
