import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { PushMessageSchema } from '@foodbridge/shared';
import { createBrowserSubscription, startPushServiceStub, type PushServiceStub } from '../testing/push-service-stub.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let stub: PushServiceStub;
let charity: TestUser;
let restaurant: TestUser;

beforeAll(async () => {
  stub = await startPushServiceStub();
  t = await createTestApp({ PUSH_ALLOW_HTTP_ENDPOINTS: 'true' });
  charity = await createUser(t, { role: 'charity' });
  restaurant = await createUser(t, { role: 'restaurant' });
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

/** A device of `user`: a subscription made with its own keys, registered through the API. */
async function subscribe(user: TestUser, disabledKinds?: string[]) {
  const { endpoint, path } = stub.newEndpoint();
  const device = createBrowserSubscription(endpoint);
  const res = await t.post('/push/subscriptions', { subscription: device.json, ...(disabledKinds ? { disabledKinds } : {}) }, user.token);
  expect(res.status).toBe(201);
  return { ...device, endpoint, path };
}

const received = (path: string) => stub.requests.filter((r) => r.path === path);
const del = (endpoint: string, token?: string) => t.request('DELETE', '/push/subscriptions', { body: { endpoint }, token });
const rawPublicKeyToJwk = (key: string) => {
  const raw = Buffer.from(key, 'base64url');
  return { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') };
};

describe('GET /push/public-key', () => {
  it('answers anyone with the VAPID public key (an uncompressed P-256 point)', async () => {
    const res = await t.get('/push/public-key');
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body.publicKey, 'base64url')).toHaveLength(65);
  });
});

describe('POST /push/test', () => {
  it('sends an encrypted message that the device decrypts with its own keys, signed for the push service', async () => {
    const device = await subscribe(charity);
    const res = await t.post('/push/test', {}, charity.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 1, removed: 0, failed: 0 });

    const [req] = received(device.path);
    expect(req!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(req!.headers.ttl)).toBe(86400);
    const message = PushMessageSchema.parse(JSON.parse(device.decrypt(req!.body)));
    expect(message).toEqual({
      kind: 'test',
      title: 'FoodBridge test notification',
      body: 'Notifications work on this device.',
      link: '/dashBoard/charityProfile',
    });

    // RFC 8292: "vapid t=<JWT>, k=<public key>", the JWT for the push service's origin, signed with our key.
    const { publicKey } = (await t.get('/push/public-key')).body;
    const m = /^vapid t=([^,]+), k=(.+)$/.exec(req!.headers.authorization ?? '');
    expect(m?.[2]).toBe(publicKey);
    expect(decodeProtectedHeader(m![1]!).alg).toBe('ES256');
    const { payload } = await jwtVerify(m![1]!, await importJWK(rawPublicKeyToJwk(publicKey), 'ES256'), { audience: stub.url });
    expect(payload.sub).toBe('mailto:admin@foodbridge.local');
    expect(payload.exp! * 1000 - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it('sends to every device of the caller, or only to the one named, and to nobody else', async () => {
    const a = await subscribe(restaurant);
    const b = await subscribe(restaurant);
    const others = await subscribe(charity);
    expect((await t.post('/push/test', {}, restaurant.token)).body).toEqual({ sent: 2, removed: 0, failed: 0 });
    expect((await t.post('/push/test', { endpoint: b.endpoint }, restaurant.token)).body).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(received(a.path)).toHaveLength(1);
    expect(received(b.path)).toHaveLength(2);
    expect(received(others.path)).toHaveLength(0);
    const message = JSON.parse(b.decrypt(received(b.path)[0]!.body));
    expect(message.link).toBe('/dashBoard/restaurantProfile');
  });

  it("answers 404 for someone else's device, and 401 when signed out", async () => {
    const theirs = await subscribe(charity);
    expect((await t.post('/push/test', { endpoint: theirs.endpoint }, restaurant.token)).status).toBe(404);
    expect((await t.post('/push/test', {})).status).toBe(401);
    expect(received(theirs.path)).toHaveLength(0);
  });

  it('removes a subscription the push service says is gone (410), and keeps the others', async () => {
    const user = await createUser(t);
    const stale = await subscribe(user);
    const live = await subscribe(user);
    stub.gone.add(stale.path);
    expect((await t.post('/push/test', {}, user.token)).body).toEqual({ sent: 1, removed: 1, failed: 0 });
    expect((await t.post('/push/test', {}, user.token)).body).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(received(stale.path)).toHaveLength(1);
    expect(received(live.path)).toHaveLength(2);
    const [row] = await t.sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = ${stale.endpoint}`;
    expect(row!.n).toBe(0);
  });
});

describe('POST /push/subscriptions', () => {
  it('refuses what is not a browser subscription with a readable 400', async () => {
    const { endpoint } = stub.newEndpoint();
    const good = createBrowserSubscription(endpoint).json;
    const cases: [unknown, RegExp][] = [
      [{}, /subscription is required/],
      [{ subscription: { ...good, endpoint: 'not a url' } }, /endpoint/],
      [{ subscription: { ...good, keys: { ...good.keys, p256dh: 'abc' } } }, /p256dh must be 65 bytes/],
      [{ subscription: { ...good, keys: { ...good.keys, auth: 'a+b/' } } }, /auth must be base64url/],
      [{ subscription: good, disabledKinds: ['nope'] }, /disabledKinds/],
      [{ subscription: good, disabledKinds: ['test'] }, /disabledKinds/],
      [{ subscription: { ...good, endpoint: 'ftp://push.example/x' } }, /https address of a browser's push service/],
    ];
    for (const [body, message] of cases) {
      const res = await t.post('/push/subscriptions', body, charity.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await t.post('/push/subscriptions', { subscription: good })).status).toBe(401);
  });

  it('keeps the choices when the same device registers again, and moves a device to whoever signs in on it', async () => {
    const user = await createUser(t);
    const device = await subscribe(charity, ['donation.nearby']);
    const again = await t.post('/push/subscriptions', { subscription: device.json }, charity.token);
    expect(again.status).toBe(200);
    expect(again.body.disabledKinds).toEqual(['donation.nearby']);

    // The same browser, now signed in as another account: the device is theirs, with every kind on.
    const moved = await t.post('/push/subscriptions', { subscription: device.json }, user.token);
    expect(moved.status).toBe(200);
    expect(moved.body.disabledKinds).toEqual([]);
    expect((await t.post('/push/test', { endpoint: device.endpoint }, charity.token)).status).toBe(404);
    expect((await t.post('/push/test', { endpoint: device.endpoint }, user.token)).body.sent).toBe(1);
    const message = JSON.parse(device.decrypt(received(device.path).at(-1)!.body));
    expect(message.link).toBe('/dashBoard/myProfile');
  });

  it('does not move a device to another account that knows only its address, not its keys', async () => {
    const device = await subscribe(charity);
    const stranger = await createUser(t);
    const otherKeys = createBrowserSubscription(stub.newEndpoint().endpoint).json.keys;
    const taken = await t.post('/push/subscriptions', { subscription: { endpoint: device.endpoint, keys: otherKeys } }, stranger.token);
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('push/endpoint-taken');
    // Still the charity's, with its own keys: its notifications still reach it, readable.
    expect((await t.post('/push/test', { endpoint: device.endpoint }, stranger.token)).status).toBe(404);
    expect((await t.post('/push/test', { endpoint: device.endpoint }, charity.token)).body.sent).toBe(1);
    expect(JSON.parse(device.decrypt(received(device.path).at(-1)!.body)).title).toBeTruthy();
  });
});

describe('PATCH /push/subscriptions', () => {
  it('stores the kinds a device switched off, for its owner only', async () => {
    const device = await subscribe(charity);
    const res = await t.patch('/push/subscriptions', { endpoint: device.endpoint, disabledKinds: ['donation.nearby', 'request.rejected'] }, charity.token);
    expect(res.status).toBe(200);
    expect(res.body.disabledKinds).toEqual(['donation.nearby', 'request.rejected']);
    expect((await t.patch('/push/subscriptions', { endpoint: device.endpoint, disabledKinds: [] }, restaurant.token)).status).toBe(404);
    expect((await t.patch('/push/subscriptions', { endpoint: device.endpoint, disabledKinds: ['x'] }, charity.token)).status).toBe(400);
    expect((await t.patch('/push/subscriptions', { endpoint: stub.newEndpoint().endpoint, disabledKinds: [] }, charity.token)).status).toBe(404);
  });
});

describe('DELETE /push/subscriptions', () => {
  it('removes the device at log-out; nothing is sent to it afterwards', async () => {
    const user = await createUser(t);
    const device = await subscribe(user);
    expect((await del(device.endpoint, restaurant.token)).status).toBe(404);
    expect((await del(device.endpoint)).status).toBe(401);
    const res = await del(device.endpoint, user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    expect((await del(device.endpoint, user.token)).status).toBe(404);
    const other = await subscribe(user);
    const byQuery = await t.del(`/push/subscriptions?endpoint=${encodeURIComponent(other.endpoint)}`, user.token);
    expect(byQuery.body).toEqual({ deletedCount: 1 });
    expect((await t.del('/push/subscriptions?endpoint=nope', user.token)).status).toBe(400);
    expect((await t.post('/push/test', {}, user.token)).body).toEqual({ sent: 0, removed: 0, failed: 0 });
    expect(received(device.path)).toHaveLength(0);
  });
});
