import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  createAuthSession,
  createUser,
  json,
  makeToken,
  offline,
  SESSION_KEY,
  storedSession,
  storeSession,
  stubServer,
} from '@/testing/server';

const NOW = new Date('2026-03-02T08:00:00.000Z').getTime();

// Each test gets fresh modules: the refresh in flight and the session are module state.
async function load() {
  const [tokens, { useSession }, { call }] = await Promise.all([import('./local-tokens'), import('./session-store'), import('@/lib/api-client')]);
  return { ...tokens, useSession, call };
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the stored token', () => {
  it('is sent as it is while it has more than a minute left', async () => {
    const server = stubServer({});
    storeSession({ idToken: 'id-1', expiresAt: NOW + 61_000 });
    const { localTokenSource } = await load();

    await expect(localTokenSource.getToken()).resolves.toBe('id-1');
    expect(server.requests).toEqual([]);
  });

  it('is null when nothing, or something unreadable, is stored', async () => {
    stubServer({});
    const { localTokenSource } = await load();

    await expect(localTokenSource.getToken()).resolves.toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ idToken: 'id-1' }));
    await expect(localTokenSource.getToken()).resolves.toBeNull();
    localStorage.setItem(SESSION_KEY, 'not json');
    await expect(localTokenSource.getToken()).resolves.toBeNull();
  });

  it('is refreshed first when it expires within a minute, and the new tokens are stored', async () => {
    const server = stubServer({ 'POST /auth/refresh': () => json(200, createAuthSession({ expiresIn: 1800 })) });
    storeSession({ idToken: 'id-1', refreshToken: 'refresh-1', expiresAt: NOW + 59_000 });
    const { localTokenSource } = await load();

    await expect(localTokenSource.getToken()).resolves.toBe('id-fresh');
    expect(server.requests).toEqual([
      { method: 'POST', path: '/auth/refresh', token: null, body: { refreshToken: 'refresh-1' } },
    ]);
    expect(storedSession()).toEqual({ idToken: 'id-fresh', refreshToken: 'refresh-fresh', expiresAt: NOW + 1_800_000 });
  });

  it('is refreshed once for callers at the same moment: a refresh token is good for one use', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const server = stubServer({
      'POST /auth/refresh': async () => {
        await answered;
        return json(200, createAuthSession());
      },
    });
    storeSession({ idToken: 'id-1', expiresAt: NOW - 1000 });
    const { localTokenSource } = await load();

    const tokens = Promise.all([localTokenSource.getToken(), localTokenSource.getToken(), localTokenSource.refresh()]);
    answer();
    await expect(tokens).resolves.toEqual(['id-fresh', 'id-fresh', 'id-fresh']);
    expect(server.sent()).toEqual(['POST /auth/refresh']);
  });

  it("takes the tokens another tab stored while this one waited for its turn, and does not use the old refresh token again", async () => {
    const server = stubServer({});
    storeSession({ idToken: 'id-1', refreshToken: 'refresh-1', expiresAt: NOW - 1000 });
    // Another tab holds the refresh lock; by the time it lets go, its fresh tokens are stored.
    const locks = {
      request: async <T,>(_name: string, fn: () => Promise<T>) => {
        storeSession({ idToken: 'id-other-tab', refreshToken: 'refresh-2', expiresAt: NOW + 3_600_000 });
        return fn();
      },
    };
    const original = Object.getOwnPropertyDescriptor(navigator, 'locks');
    Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
    onTestFinished(() => {
      if (original) Object.defineProperty(navigator, 'locks', original);
      else delete (navigator as { locks?: unknown }).locks;
    });
    const { localTokenSource } = await load();

    await expect(localTokenSource.getToken()).resolves.toBe('id-other-tab');
    expect(server.requests).toEqual([]);
  });

  it('is sent as it is, without trying a refresh, while the device is offline', async () => {
    const server = stubServer({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    storeSession({ idToken: 'id-1', expiresAt: NOW - 1000 });
    const { localTokenSource } = await load();

    await expect(localTokenSource.getToken()).resolves.toBe('id-1');
    expect(server.requests).toEqual([]);
  });
});

describe('a refresh', () => {
  async function signedIn() {
    storeSession({ idToken: 'id-1', refreshToken: 'refresh-1', expiresAt: NOW + 3_600_000 });
    const loaded = await load();
    loaded.useSession.getState().setSession({ id: 'user-1', email: 'dana@example.test', name: 'Dana Driver' }, 'charity');
    return loaded;
  }

  it('refused by the server (401) ends the session and clears the stored tokens', async () => {
    stubServer({ 'POST /auth/refresh': () => json(401, { message: 'Refresh token expired' }) });
    const { localTokenSource, useSession } = await signedIn();

    await expect(localTokenSource.refresh()).resolves.toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(useSession.getState()).toMatchObject({ user: null, role: 'user', ready: true });
  });

  it.each([
    ['offline', offline],
    ['a server error (500)', () => json(500, { message: 'Database is down' })],
    ['an answer this app cannot read', () => json(200, { idToken: 'id-2' })],
  ])('that fails by %s keeps the session and the stored tokens for later', async (_name, answer) => {
    stubServer({ 'POST /auth/refresh': answer });
    const { localTokenSource, useSession } = await signedIn();

    await expect(localTokenSource.refresh()).resolves.toBeNull();
    expect(storedSession()).toEqual({ idToken: 'id-1', refreshToken: 'refresh-1', expiresAt: NOW + 3_600_000 });
    expect(useSession.getState()).toMatchObject({ user: { id: 'user-1' }, role: 'charity' });
  });

  it('refused while a password change is on its way, takes the session the change brings instead of signing out', async () => {
    let answerChange: (() => void) | undefined;
    const server = stubServer({
      'POST /auth/refresh': () => json(401, { message: 'Your session has ended. Please sign in again.', code: 'auth/invalid-refresh-token' }),
      'POST /auth/change-password': () =>
        new Promise<Response>((resolve) => {
          answerChange = () => resolve(json(200, createAuthSession({ user: createUser({ _id: 'user-1' }) })));
        }),
    });
    const { localTokenSource, replaceSession, call, useSession } = await signedIn();

    const change = replaceSession(call('POST /auth/change-password', { body: { currentPassword: 'secret123', newPassword: 'another-pass-42' } }));
    const refreshed = localTokenSource.refresh();
    // The refresh's refusal comes first: the server ended the old session before it answered the change.
    await vi.waitFor(() => expect(server.sent()).toEqual(['POST /auth/change-password', 'POST /auth/refresh']));
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useSession.getState().user).toMatchObject({ id: 'user-1' });
    answerChange!();

    await expect(refreshed).resolves.toBe('id-fresh');
    await expect(change).resolves.toMatchObject({ idToken: 'id-fresh' });
    expect(storedSession()).toMatchObject({ idToken: 'id-fresh', refreshToken: 'refresh-fresh' });
    expect(useSession.getState()).toMatchObject({ user: { id: 'user-1' }, role: 'charity' });
  });

  it('with nothing stored asks nothing and gives null', async () => {
    const server = stubServer({});
    const { localTokenSource } = await load();

    await expect(localTokenSource.refresh()).resolves.toBeNull();
    expect(server.requests).toEqual([]);
  });
});

describe('requestSession', () => {
  it('posts without a token, stores the tokens and gives the parsed answer', async () => {
    const answer = createAuthSession({ user: createUser({ role: 'restaurant' }) });
    const server = stubServer({ 'POST /auth/login': () => json(200, { ...answer, extra: 'dropped' }) });
    storeSession({ idToken: 'id-old' });
    const { requestSession, call } = await load();

    const login = call('POST /auth/login', { body: { email: 'dana@example.test', password: 'secret123' }, anonymous: true });
    await expect(requestSession(login)).resolves.toEqual(answer);
    expect(server.requests).toEqual([
      { method: 'POST', path: '/auth/login', token: null, body: { email: 'dana@example.test', password: 'secret123' } },
    ]);
    expect(storedSession()).toEqual({ idToken: 'id-fresh', refreshToken: 'refresh-fresh', expiresAt: NOW + 3_600_000 });
  });

  it("passes the server's refusal on and stores nothing", async () => {
    stubServer({ 'POST /auth/login': () => json(401, { message: 'Wrong e-mail or password.', code: 'auth/invalid-credential' }) });
    const { requestSession, call } = await load();

    const login = call('POST /auth/login', { body: { email: 'dana@example.test', password: 'nope12' }, anonymous: true });
    await expect(requestSession(login)).rejects.toMatchObject({
      status: 401,
      message: 'Wrong e-mail or password.',
      code: 'auth/invalid-credential',
    });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('refuses an answer without the user and stores nothing', async () => {
    stubServer({ 'POST /auth/register': () => json(200, { idToken: 'id-2', refreshToken: 'r-2', expiresIn: 3600 }) });
    const { requestSession, call } = await load();

    const register = call('POST /auth/register', { body: { name: 'Dana', email: 'dana@example.test', password: 'secret123' }, anonymous: true });
    await expect(requestSession(register)).rejects.toMatchObject({
      status: 502,
      message: 'FoodBridge sent an answer this app cannot read. Please try again later.',
    });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});

describe('userFromToken', () => {
  it("reads the user from the token's claims, names in any script included", async () => {
    const { userFromToken } = await load();
    const token = makeToken({ sub: 'user-7', email: 'jose@example.test', name: 'José Ñúñez 山田', role: 'admin' });

    expect(userFromToken(token)).toEqual({ id: 'user-7', email: 'jose@example.test', name: 'José Ñúñez 山田' });
  });

  it("calls the user 'User' when the token has no name", async () => {
    const { userFromToken } = await load();

    expect(userFromToken(makeToken({ sub: 'user-7', email: 'jose@example.test' }))).toEqual({
      id: 'user-7',
      email: 'jose@example.test',
      name: 'User',
    });
  });

  it.each([
    ['not a token', 'opaque-token'],
    ['claims that are not JSON', 'header.bm90IGpzb24.signature'],
    ['claims without a subject', makeToken({ email: 'jose@example.test' })],
  ])('gives null for %s', async (_name, token) => {
    const { userFromToken } = await load();
    expect(userFromToken(token)).toBeNull();
  });
});
