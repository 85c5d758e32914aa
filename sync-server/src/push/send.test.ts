import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import webPush from 'web-push';
import { loadConfig } from '../config.ts';
import { upsertPushSubscription } from '../db/push.ts';
import { createDeps } from '../services.ts';
import { createBrowserSubscription, startPushServiceStub, type PushServiceStub } from '../testing/push-service-stub.ts';
import { createTestApp, createUser, openSecondInstance, type TestApp } from '../testing/test-app.ts';
import { createPushSender } from './send.ts';
import { loadVapidKeys, vapidSubject } from './vapid.ts';

let t: TestApp;
let stub: PushServiceStub;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  stub = await startPushServiceStub();
  t = await createTestApp({ PUSH_ALLOW_HTTP_ENDPOINTS: 'true' });
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

/** A device of a new user, stored directly: these tests are about sending, the routes have their own. */
async function device(userId: string, disabledKinds: string[] = []) {
  const { endpoint, path } = stub.newEndpoint();
  const sub = createBrowserSubscription(endpoint);
  await upsertPushSubscription(t.sql, { userId, endpoint, p256dh: sub.json.keys.p256dh, auth: sub.json.keys.auth, disabledKinds });
  return { ...sub, path };
}
const received = (path: string) => stub.requests.filter((r) => r.path === path);

describe('sendToUser', () => {
  it('sends each kind only to the devices that have not switched it off', async () => {
    const user = await createUser(t, { role: 'charity' });
    const all = await device(user.id);
    const quiet = await device(user.id, ['donation.nearby']);
    const push = t.deps.push!;
    const nearby = { kind: 'donation.nearby', title: 'Soup nearby', body: '2 km away', link: '/donations/abc', id: 'n1' } as const;
    expect(await push.sendToUser(user.id, nearby)).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(await push.sendToUser(user.id, { ...nearby, kind: 'request.accepted' })).toEqual({ sent: 2, removed: 0, failed: 0 });
    expect(received(all.path)).toHaveLength(2);
    expect(received(quiet.path)).toHaveLength(1);
    expect(JSON.parse(all.decrypt(received(all.path)[0]!.body))).toEqual(nearby);
    expect(JSON.parse(quiet.decrypt(received(quiet.path)[0]!.body)).kind).toBe('request.accepted');
    const [row] = await t.sql`SELECT last_success_at FROM push_subscriptions WHERE endpoint LIKE ${'%' + all.path}`;
    expect(row!.last_success_at).toBeInstanceOf(Date);
  });

  it('asks for high urgency for reminders only', async () => {
    const user = await createUser(t, { role: 'charity' });
    const d = await device(user.id);
    await t.deps.push!.sendToUser(user.id, { kind: 'reminder.pickup-soon', title: 'Pick up soon', body: 'x', link: '/x' });
    await t.deps.push!.sendToUser(user.id, { kind: 'request.accepted', title: 'Accepted', body: 'x', link: '/x' });
    expect(received(d.path).map((r) => r.headers.urgency)).toEqual(['high', 'normal']);
  });

  it('counts an unreachable push service as failed, keeps the subscription and never throws', async () => {
    const user = await createUser(t);
    const sub = createBrowserSubscription('http://127.0.0.1:1/push/nobody-listens');
    await upsertPushSubscription(t.sql, { userId: user.id, endpoint: sub.json.endpoint, p256dh: sub.json.keys.p256dh, auth: sub.json.keys.auth });
    expect(await t.deps.push!.sendToUser(user.id, { kind: 'test', title: 'x', body: 'y', link: '/' })).toEqual({ sent: 0, removed: 0, failed: 1 });
    const [row] = await t.sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = ${user.id}`;
    expect(row!.n).toBe(1);
  });

  it('answers zeros for a user with no device', async () => {
    const user = await createUser(t);
    expect(await t.deps.push!.sendToUser(user.id, { kind: 'test', title: 'x', body: 'y', link: '/' })).toEqual({ sent: 0, removed: 0, failed: 0 });
  });
});

describe('VAPID keys', () => {
  it('are generated once and kept: another start on the same database uses the same pair', async () => {
    const first = await t.deps.push!.publicKey();
    const again = await createDeps(t.deps.config, t.deps.db);
    expect(await again.push!.publicKey()).toBe(first);
    await again.changes.close();
    const racing = await Promise.all([1, 2, 3].map(() => loadVapidKeys(t.sql, t.deps.config)));
    expect(new Set(racing.map((k) => k.privateKey)).size).toBe(1);
    if (t.deps.db.mode === 'postgres') {
      const second = await openSecondInstance(t);
      try {
        expect(await second.deps.push!.publicKey()).toBe(first);
      } finally {
        await second.close();
      }
    }
  });

  it('come from the settings when both are set, and the settings win over the stored pair', async () => {
    const env = webPush.generateVAPIDKeys();
    const config = loadConfig({ VAPID_PUBLIC_KEY: env.publicKey, VAPID_PRIVATE_KEY: env.privateKey, VAPID_SUBJECT: 'mailto:ops@example.org', PUSH_ALLOW_HTTP_ENDPOINTS: 'true' });
    const push = createPushSender(t.sql, config, silent);
    expect(await push.publicKey()).toBe(env.publicKey);
    expect(env.publicKey).not.toBe(await t.deps.push!.publicKey());

    const user = await createUser(t);
    const d = await device(user.id);
    await push.sendToUser(user.id, { kind: 'test', title: 'x', body: 'y', link: '/' });
    const auth = received(d.path)[0]!.headers.authorization!;
    expect(auth).toContain(`k=${env.publicKey}`);
    const jwt = JSON.parse(Buffer.from(auth.split(/[ ,=]/)[2]!.split('.')[1]!, 'base64url').toString());
    expect(jwt.sub).toBe('mailto:ops@example.org');
    expect(jwt.aud).toBe(stub.url);
  });

  it('refuses one key without the other, and a malformed key or subject', () => {
    const { publicKey } = webPush.generateVAPIDKeys();
    expect(() => createPushSender(t.sql, loadConfig({ VAPID_PUBLIC_KEY: publicKey }), silent)).toThrow(/both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'admin@example.org' })).toThrow(/VAPID_SUBJECT/);
  });

  it('name a contact: VAPID_SUBJECT, else an https PUBLIC_URL, else the placeholder mailbox', () => {
    expect(vapidSubject({ VAPID_SUBJECT: 'mailto:a@b.org', PUBLIC_URL: 'https://food.example.org' })).toBe('mailto:a@b.org');
    expect(vapidSubject({ VAPID_SUBJECT: undefined, PUBLIC_URL: 'https://food.example.org' })).toBe('https://food.example.org');
    expect(vapidSubject({ VAPID_SUBJECT: undefined, PUBLIC_URL: 'http://localhost:8787' })).toBe('mailto:admin@foodbridge.local');
    expect(vapidSubject({ VAPID_SUBJECT: undefined, PUBLIC_URL: undefined })).toBe('mailto:admin@foodbridge.local');
  });
});
