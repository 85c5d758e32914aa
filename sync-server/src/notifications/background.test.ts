import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushMessageSchema } from '@foodbridge/shared';
import { acceptRequest, createUsers, postDonation, requestDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createBrowserSubscription, startPushServiceStub, type PushServiceStub } from '../testing/push-service-stub.ts';
import { createTestApp, openSecondInstance, type TestApp, type TestUser } from '../testing/test-app.ts';
import { pushPending } from './background.ts';

describe('pushing committed notifications (issue 11)', () => {
  let t: TestApp;
  let stub: PushServiceStub;
  let admin: TestUser, restaurant: TestUser, charity: TestUser;

  beforeAll(async () => {
    stub = await startPushServiceStub();
    t = await createTestApp({ PUSH_ALLOW_HTTP_ENDPOINTS: 'true' });
    [admin, restaurant, charity] = await createUsers(t, ['admin', 'restaurant', 'charity']);
    // Nothing written before the devices below subscribed is pushed to them.
    await pushPending(t.deps);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  async function device(user: TestUser) {
    const { endpoint, path } = stub.newEndpoint();
    const d = createBrowserSubscription(endpoint);
    expect((await t.post('/push/subscriptions', { subscription: d.json }, user.token)).status).toBe(201);
    return { ...d, path, messages: () => stub.requests.filter((r) => r.path === path).map((r) => PushMessageSchema.parse(JSON.parse(d.decrypt(r.body)))) };
  }

  it('sends the restaurant’s phone the request a charity made, once, with the notification’s words and link', async () => {
    const phone = await device(restaurant);
    const id = await postDonation(t, restaurant, { title: 'Lentil soup' });
    await verifyDonation(t, admin, id);
    await requestDonation(t, charity, id);
    // The verification and the request, in the order they committed.
    expect(await pushPending(t.deps)).toBeGreaterThanOrEqual(2);
    const [verified, requested] = phone.messages();
    expect(verified).toMatchObject({ kind: 'donation.verified', link: '/dashBoard/myDonations' });
    expect(requested).toMatchObject({ kind: 'request.made', title: 'New request', link: '/dashBoard/requestedDonations' });
    expect(requested!.body).toContain('“Lentil soup”');
    const [row] = await t.sql<{ id: string }[]>`SELECT id FROM notifications WHERE user_id = ${restaurant.id} AND kind = 'request.made'`;
    expect(requested!.id).toBe(row!.id);
    const counted = (await t.deps.metrics.pushes.get()).values.find((v) => v.labels.result === 'sent')?.value;
    expect(counted).toBeGreaterThanOrEqual(2);
    // Taken once: a second pass sends nothing more.
    expect(await pushPending(t.deps)).toBe(0);
    expect(phone.messages()).toHaveLength(2);
  });

  it('writes and pushes each notification in its reader’s language, English for an account that chose none', async () => {
    const [spanish] = await createUsers(t, ['restaurant']);
    expect((await t.patch('/users/me', { locale: 'es' }, spanish.token)).status).toBe(200);
    const phone = await device(spanish);
    const id = await postDonation(t, spanish, { title: 'Sopa de lentejas' });
    await verifyDonation(t, admin, id);
    await requestDonation(t, charity, id);
    await pushPending(t.deps);
    const pushed = phone.messages().find((m) => m.kind === 'request.made');
    expect(pushed).toMatchObject({ title: 'Nueva solicitud', body: `${charity.name} solicitó «Sopa de lentejas».` });
    const listed = (await t.get('/notifications', spanish.token)).body.find((n: { kind: string }) => n.kind === 'request.made');
    expect(listed).toMatchObject({ title: pushed!.title, body: pushed!.body });
    // The admins, who chose no language, were told of the same donation in English.
    const toAdmin = (await t.get('/notifications', admin.token)).body.find((n: { body: string }) => n.body.includes('Sopa de lentejas'));
    expect(toAdmin).toMatchObject({ title: 'Donation waiting for verification' });

    expect((await t.post('/push/test', {}, spanish.token)).status).toBe(200);
    expect(phone.messages().at(-1)).toMatchObject({ kind: 'test', title: 'Notificación de prueba de FoodBridge', link: '/dashBoard/restaurantProfile' });
  });

  it('never pushes what a device switched off, and still lists it', async () => {
    const phone = await device(charity);
    expect((await t.request('PATCH', '/push/subscriptions', { token: charity.token, body: { endpoint: phone.json.endpoint, disabledKinds: ['request.accepted'] } })).status).toBe(200);
    const id = await postDonation(t, restaurant);
    await verifyDonation(t, admin, id);
    await acceptRequest(t, restaurant, await requestDonation(t, charity, id));
    await pushPending(t.deps);
    expect(phone.messages()).toEqual([]);
    expect((await t.get('/notifications', charity.token)).body.some((n: { kind: string }) => n.kind === 'request.accepted')).toBe(true);
  });

  it.runIf(process.env.DATABASE_URL)('pushes each notification once when two instances dispatch at the same moment', async () => {
    const second = await openSecondInstance(t);
    try {
      const phone = await device(admin);
      for (let i = 0; i < 20; i++) await postDonation(t, restaurant, { title: `Batch ${i}` });
      await Promise.all([pushPending(t.deps), pushPending(second.deps), pushPending(t.deps), pushPending(second.deps)]);
      const titles = phone.messages().map((m) => m.body);
      expect(titles).toHaveLength(20);
      expect(new Set(titles).size).toBe(20);
    } finally {
      await second.close();
    }
  });
});
