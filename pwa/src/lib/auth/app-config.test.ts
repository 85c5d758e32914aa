import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthConfigSchema, type AuthConfig } from '@foodbridge/shared/schemas/auth';
import { CONFIG_KEY, json, offline, stubServer } from '@/testing/server';

const FIREBASE: AuthConfig = {
  provider: 'firebase',
  firebase: { apiKey: 'key-1', authDomain: 'foodbridge.example.test', projectId: 'foodbridge', appId: 'app-1' },
  payments: { mode: 'stripe', publishableKey: 'pk_test_1' },
};
const LOCAL: AuthConfig = { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } };

// The module keeps the answer for the page's lifetime: each test loads it afresh.
const load = () => import('./app-config');
beforeEach(() => {
  vi.resetModules();
});

describe('getAuthConfig', () => {
  it("returns the server's answer and keeps it for an offline start", async () => {
    const server = stubServer({ 'GET /auth/config': () => json(200, FIREBASE) });
    const { getAuthConfig } = await load();

    await expect(getAuthConfig()).resolves.toEqual(FIREBASE);
    expect(JSON.parse(localStorage.getItem(CONFIG_KEY)!)).toEqual(FIREBASE);
    expect(server.requests).toEqual([{ method: 'GET', path: '/auth/config', token: null, body: undefined }]);
  });

  it('asks the server once for callers at the same time and later', async () => {
    const server = stubServer({ 'GET /auth/config': () => json(200, LOCAL) });
    const { getAuthConfig } = await load();

    const [a, b] = await Promise.all([getAuthConfig(), getAuthConfig()]);
    const c = await getAuthConfig();
    expect([a, b, c]).toEqual([LOCAL, LOCAL, LOCAL]);
    expect(server.sent()).toEqual(['GET /auth/config']);
  });

  it('uses the answer cached by an earlier visit when offline, however old', async () => {
    localStorage.setItem(CONFIG_KEY, JSON.stringify(FIREBASE));
    stubServer({ 'GET /auth/config': offline });
    const { getAuthConfig } = await load();

    await expect(getAuthConfig()).resolves.toEqual(FIREBASE);
  });

  it('uses the cached answer when the server fails', async () => {
    localStorage.setItem(CONFIG_KEY, JSON.stringify(FIREBASE));
    stubServer({ 'GET /auth/config': () => json(503, { message: 'Service unavailable' }) });
    const { getAuthConfig } = await load();

    await expect(getAuthConfig()).resolves.toEqual(FIREBASE);
  });

  it('assumes the built-in provider on a first start offline', async () => {
    stubServer({ 'GET /auth/config': offline });
    const { getAuthConfig } = await load();

    await expect(getAuthConfig()).resolves.toEqual(LOCAL);
    expect(localStorage.getItem(CONFIG_KEY)).toBeNull();
  });

  it("passes the server's error on when nothing is cached", async () => {
    stubServer({ 'GET /auth/config': () => json(500, { message: 'Database is down' }) });
    const { getAuthConfig } = await load();

    await expect(getAuthConfig()).rejects.toMatchObject({ name: 'ApiError', status: 500, message: 'Database is down' });
  });

  it('asks again after a failure instead of keeping it', async () => {
    const answers = [() => json(500, { message: 'Database is down' }), () => json(200, LOCAL)];
    const server = stubServer({ 'GET /auth/config': () => answers.shift()!() });
    const { getAuthConfig } = await load();

    await expect(getAuthConfig()).rejects.toMatchObject({ status: 500 });
    await expect(getAuthConfig()).resolves.toEqual(LOCAL);
    expect(server.sent()).toEqual(['GET /auth/config', 'GET /auth/config']);
  });

  it('refuses an answer of another shape, and neither caches nor trusts it', async () => {
    stubServer({ 'GET /auth/config': () => json(200, { provider: 'saml', firebase: null }) });
    const { getAuthConfig } = await load();

    await expect(getAuthConfig()).rejects.toMatchObject({
      status: 502,
      message: 'FoodBridge sent an answer this app cannot read. Please try again later.',
    });
    expect(localStorage.getItem(CONFIG_KEY)).toBeNull();
  });

  it('ignores a cached answer that is not valid', async () => {
    localStorage.setItem(CONFIG_KEY, '{"provider":"firebase"');
    stubServer({ 'GET /auth/config': offline });
    const { getAuthConfig } = await load();

    await expect(getAuthConfig()).resolves.toEqual(LOCAL);
  });
});

describe('isAuthConfig', () => {
  // The check is written by hand to keep zod off the home page; it must accept exactly what the schema accepts.
  const samples: Array<[string, unknown]> = [
    ['firebase mode', FIREBASE],
    ['local mode', LOCAL],
    ['firebase settings partly given', { ...FIREBASE, firebase: { projectId: 'foodbridge' } }],
    ['unknown provider', { ...LOCAL, provider: 'saml' }],
    ['firebase missing', { provider: 'local', payments: LOCAL.payments }],
    ['firebase setting not a string', { ...FIREBASE, firebase: { apiKey: 42 } }],
    ['firebase as an array', { ...FIREBASE, firebase: [] }],
    ['unknown payment mode', { ...LOCAL, payments: { mode: 'cash', publishableKey: null } }],
    ['publishable key missing', { ...LOCAL, payments: { mode: 'test' } }],
    ['payments missing', { provider: 'local', firebase: null }],
    ['null', null],
    ['a page of HTML', '<html>Sign in to the hotel Wi-Fi</html>'],
  ];

  it.each(samples)('agrees with AuthConfigSchema: %s', async (_name, sample) => {
    const { isAuthConfig } = await load();
    expect(isAuthConfig(sample)).toBe(AuthConfigSchema.safeParse(sample).success);
  });

  it('accepts the two modes the server has', async () => {
    const { isAuthConfig } = await load();
    expect([isAuthConfig(FIREBASE), isAuthConfig(LOCAL)]).toEqual([true, true]);
  });
});
