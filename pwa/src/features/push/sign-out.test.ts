import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser, json, makeToken, storeSession, stubServer } from '@/testing/server';

// sonner is a third-party UI library: the log-out toast is not the subject here.
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const ENDPOINT = 'https://push.example/send/at-sign-out';

/** This browser's push subscription, as the Push API gives it (the outside world of these tests). */
function subscribedBrowser() {
  const subscription = { endpoint: ENDPOINT, unsubscribe: vi.fn(async () => true) };
  const registration = { active: {}, pushManager: { getSubscription: async () => subscription } };
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => registration } });
  return subscription;
}

beforeEach(() => {
  vi.resetModules();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('unsubscribeDeviceAtSignOut', () => {
  it("removes this device from the account while the token is still valid, then ends the browser's subscription", async () => {
    const subscription = subscribedBrowser();
    const token = makeToken({ sub: 'user-1', email: 'dana@example.test' });
    const server = stubServer({
      'GET /auth/config': () => json(200, { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } }),
      'GET /users/me': () => json(200, createUser()),
      [`DELETE /push/subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`]: () => json(200, { deletedCount: 1 }),
      'POST /auth/logout': () => new Response(null, { status: 204 }),
    });
    storeSession({ idToken: token });
    const [{ logOut }, identity, { unsubscribeDeviceAtSignOut }] = await Promise.all([
      import('@/lib/auth/log-out'),
      import('@/lib/auth/identity'),
      import('./sign-out'),
    ]);
    await identity.initIdentity();
    unsubscribeDeviceAtSignOut();

    await logOut();
    const sent = server.sent();
    const removal = sent.findIndex((r) => r.startsWith('DELETE /push/subscriptions'));
    expect(removal).toBeGreaterThanOrEqual(0);
    expect(removal).toBeLessThan(sent.indexOf('POST /auth/logout'));
    expect(server.requests[removal]!.token).toBe(token);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('ends the browser subscription even when the server cannot be told', async () => {
    const subscription = subscribedBrowser();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubServer({
      'GET /auth/config': () => json(200, { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } }),
      'GET /users/me': () => json(200, createUser()),
      [`DELETE /push/subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`]: () => json(503, { message: 'briefly unavailable' }),
      'POST /auth/logout': () => new Response(null, { status: 204 }),
    });
    storeSession({ idToken: makeToken({ sub: 'user-1', email: 'dana@example.test' }) });
    const [{ logOut }, identity, { unsubscribeDeviceAtSignOut }] = await Promise.all([
      import('@/lib/auth/log-out'),
      import('@/lib/auth/identity'),
      import('./sign-out'),
    ]);
    await identity.initIdentity();
    unsubscribeDeviceAtSignOut();
    await logOut();
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });
});
