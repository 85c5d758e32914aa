import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AuthConfig } from '@foodbridge/shared/schemas/auth';
import {
  createAuthSession,
  createUser,
  json,
  makeToken,
  offline,
  ROLE_KEY,
  SESSION_KEY,
  storedSession,
  storeSession,
  stubServer,
} from '@/testing/server';

const LOCAL: AuthConfig = { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } };
const config = () => json(200, LOCAL);
const TOKEN = makeToken({ sub: 'user-1', email: 'dana@example.test', name: 'Dana Driver' });
const DANA = { id: 'user-1', email: 'dana@example.test', name: 'Dana Driver' };

// The session, the token source and the sign-out hooks are module state: each test starts a fresh page.
async function load() {
  const [identity, signIns, { useSession }, { call, currentToken }] = await Promise.all([
    import('./identity'),
    import('./sign-in'),
    import('./session-store'),
    import('@/lib/api-client'),
  ]);
  return { ...identity, ...signIns, useSession, call, currentToken };
}

beforeEach(() => {
  vi.resetModules();
});

describe('initIdentity', () => {
  it('with nothing stored asks only for the configuration and is ready, signed out', async () => {
    const server = stubServer({ 'GET /auth/config': config });
    const { initIdentity, useSession, currentToken } = await load();

    await initIdentity();
    expect(useSession.getState()).toMatchObject({ user: null, role: 'user', ready: true });
    await expect(currentToken()).resolves.toBeNull();
    expect(server.sent()).toEqual(['GET /auth/config']);
  });

  it("restores a stored session with the server's account and role, and keeps the role for later", async () => {
    const me = createUser({ role: 'restaurant', photoURL: '/images/dana.jpg' });
    const server = stubServer({ 'GET /auth/config': config, 'GET /users/me': () => json(200, me) });
    storeSession({ idToken: TOKEN });
    const { initIdentity, useSession } = await load();

    await initIdentity();
    expect(useSession.getState()).toMatchObject({ user: { ...DANA, photoURL: '/images/dana.jpg' }, role: 'restaurant', ready: true });
    expect(server.requests[1]).toEqual({ method: 'GET', path: '/users/me', token: TOKEN, body: undefined });
    expect(localStorage.getItem(ROLE_KEY)).toBe('restaurant');
  });

  it('a device that signed in before opens on its saved session at once, before the server answers, then takes its answer', async () => {
    let answer: (res: Response) => void = () => {};
    const me = createUser({ role: 'charity', name: 'Dana D.' });
    const server = stubServer({ 'GET /auth/config': config, 'GET /users/me': () => new Promise((resolve) => (answer = resolve)) });
    localStorage.setItem('foodbridge.authConfig', JSON.stringify(LOCAL));
    storeSession({ idToken: TOKEN });
    localStorage.setItem(ROLE_KEY, 'charity');
    const { initIdentity, useSession } = await load();

    const started = initIdentity();
    // Signed in before any answer: the weak signal's round trips come after the first screen.
    expect(useSession.getState()).toMatchObject({ user: DANA, role: 'charity', ready: true, confirming: true });
    await vi.waitFor(() => expect(server.sent()).toEqual(['GET /auth/config', 'GET /users/me']));
    answer(json(200, me));
    await started;
    expect(useSession.getState()).toMatchObject({ user: { ...DANA, name: 'Dana D.' }, role: 'charity', confirming: false });
  });

  it('a session opened at once still ends when the server then refuses the account', async () => {
    stubServer({ 'GET /auth/config': config, 'GET /users/me': () => json(403, { message: 'No entry' }) });
    localStorage.setItem('foodbridge.authConfig', JSON.stringify(LOCAL));
    storeSession({ idToken: TOKEN });
    localStorage.setItem(ROLE_KEY, 'charity');
    const { initIdentity, useSession } = await load();

    const started = initIdentity();
    expect(useSession.getState().user).toMatchObject(DANA);
    await started;
    expect(useSession.getState()).toMatchObject({ user: null, role: 'user', ready: true });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('a session opened at once stays on its token offline', async () => {
    stubServer({ 'GET /auth/config': offline, 'GET /users/me': offline });
    localStorage.setItem('foodbridge.authConfig', JSON.stringify(LOCAL));
    storeSession({ idToken: TOKEN, refreshToken: 'refresh-1' });
    localStorage.setItem(ROLE_KEY, 'charity');
    const { initIdentity, useSession } = await load();

    await initIdentity();
    expect(useSession.getState()).toMatchObject({ user: DANA, role: 'charity', ready: true });
    expect(storedSession()).toMatchObject({ idToken: TOKEN, refreshToken: 'refresh-1' });
  });

  it('offline, keeps the session: the user from the token, the role kept from the last visit', async () => {
    stubServer({ 'GET /auth/config': offline, 'GET /users/me': offline });
    storeSession({ idToken: TOKEN, refreshToken: 'refresh-1' });
    localStorage.setItem(ROLE_KEY, 'charity');
    const { initIdentity, useSession, currentToken } = await load();

    await initIdentity();
    expect(useSession.getState()).toMatchObject({ user: DANA, role: 'charity', ready: true });
    expect(storedSession()).toMatchObject({ idToken: TOKEN, refreshToken: 'refresh-1' });
    await expect(currentToken()).resolves.toBe(TOKEN);
  });

  it.each([
    ['refuses the token (401)', 401, ['GET /auth/config', 'GET /users/me', 'POST /auth/refresh']],
    ['forbids the account (403)', 403, ['GET /auth/config', 'GET /users/me']],
  ])('ends the session when the server %s', async (_name, status, sent) => {
    const server = stubServer({
      'GET /auth/config': config,
      'GET /users/me': () => json(status, { message: 'No entry' }),
      'POST /auth/refresh': () => json(401, { message: 'Refresh token expired' }),
    });
    storeSession({ idToken: TOKEN });
    localStorage.setItem(ROLE_KEY, 'charity');
    const { initIdentity, useSession } = await load();

    await initIdentity();
    expect(useSession.getState()).toMatchObject({ user: null, role: 'user', ready: true });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(ROLE_KEY)).toBeNull();
    expect(server.sent()).toEqual(sent);
  });

  it('keeps the session on the token when the server fails (500)', async () => {
    stubServer({ 'GET /auth/config': config, 'GET /users/me': () => json(500, { message: 'Database is down' }) });
    storeSession({ idToken: TOKEN });
    localStorage.setItem(ROLE_KEY, 'admin');
    const { initIdentity, useSession } = await load();

    await initIdentity();
    expect(useSession.getState()).toMatchObject({ user: DANA, role: 'admin', ready: true });
    expect(storedSession()).toMatchObject({ idToken: TOKEN });
  });

  it('retries with a refreshed token when the stored one has expired on the server', async () => {
    const server = stubServer({
      'GET /auth/config': config,
      'GET /users/me': ({ token }) => (token === 'id-fresh' ? json(200, createUser()) : json(401, { message: 'Token expired' })),
      'POST /auth/refresh': () => json(200, createAuthSession()),
    });
    storeSession({ idToken: TOKEN });
    const { initIdentity, useSession } = await load();

    await initIdentity();
    expect(useSession.getState()).toMatchObject({ user: DANA, role: 'charity' });
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.token}`)).toEqual([
      'GET /auth/config null',
      `GET /users/me ${TOKEN}`,
      'POST /auth/refresh null',
      'GET /users/me id-fresh',
    ]);
  });

  it('keeps a stored session on its token when the configuration cannot be had and none is cached', async () => {
    const server = stubServer({ 'GET /auth/config': () => json(500, { message: 'Database is down' }) });
    storeSession({ idToken: TOKEN });
    localStorage.setItem(ROLE_KEY, 'restaurant');
    const { initIdentity, useSession } = await load();

    await initIdentity();
    expect(useSession.getState()).toMatchObject({ user: DANA, role: 'restaurant', ready: true });
    expect(server.sent()).toEqual(['GET /auth/config']);
  });

  it('is signed out when the configuration cannot be had and nothing is stored', async () => {
    stubServer({ 'GET /auth/config': () => json(500, { message: 'Database is down' }) });
    const { initIdentity, useSession } = await load();

    await initIdentity();
    expect(useSession.getState()).toMatchObject({ user: null, ready: true });
  });

  it('offline with a token it cannot read, signs out and drops the token', async () => {
    stubServer({ 'GET /auth/config': offline, 'GET /users/me': offline });
    storeSession({ idToken: 'opaque-token' });
    const { initIdentity, useSession } = await load();

    await initIdentity();
    expect(useSession.getState()).toMatchObject({ user: null, ready: true });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});

describe('signIn and signUp', () => {
  it('signIn stores the tokens and sets the session with the role the server returns', async () => {
    const loadingWhileAsked: boolean[] = [];
    const { initIdentity, signIn, useSession } = await load();
    const server = stubServer({
      'GET /auth/config': config,
      'POST /auth/login': () => {
        loadingWhileAsked.push(useSession.getState().loading);
        return json(200, createAuthSession({ user: createUser({ role: 'user' }) }));
      },
      'POST /users': () => json(200, createUser({ role: 'charity' })),
    });
    await initIdentity();

    await signIn('dana@example.test', 'secret123');
    expect(useSession.getState()).toMatchObject({ user: DANA, role: 'charity', loading: false, ready: true });
    expect(storedSession()).toMatchObject({ idToken: 'id-fresh', refreshToken: 'refresh-fresh' });
    expect(loadingWhileAsked).toEqual([true]);
    expect(server.requests.slice(1)).toEqual([
      { method: 'POST', path: '/auth/login', token: null, body: { email: 'dana@example.test', password: 'secret123' } },
      { method: 'POST', path: '/users', token: 'id-fresh', body: { name: 'Dana Driver' } },
    ]);
  });

  it("signIn starts the session from the login's answer, before the back end has recorded the sign-in", async () => {
    const { initIdentity, signIn, useSession } = await load();
    let sessionWhileRecording: unknown;
    stubServer({
      'GET /auth/config': config,
      'POST /auth/login': () => json(200, createAuthSession({ user: createUser({ role: 'charity' }) })),
      'POST /users': () => {
        // The local store follows the session: its first pull starts now, not a round trip later.
        sessionWhileRecording = { user: useSession.getState().user, role: useSession.getState().role };
        return json(200, createUser({ role: 'charity', name: 'Dana D.' }));
      },
    });
    await initIdentity();

    await signIn('dana@example.test', 'secret123');
    expect(sessionWhileRecording).toEqual({ user: DANA, role: 'charity' });
    // POST /users has the last word on the profile.
    expect(useSession.getState()).toMatchObject({ user: { ...DANA, name: 'Dana D.' }, role: 'charity' });
  });

  it("signIn uses the login answer's account when registering it in the back end fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServer({
      'GET /auth/config': config,
      'POST /auth/login': () => json(200, createAuthSession({ user: createUser({ role: 'restaurant' }) })),
      'POST /users': () => json(500, { message: 'Database is down' }),
    });
    const { initIdentity, signIn, useSession } = await load();
    await initIdentity();

    await signIn('dana@example.test', 'secret123');
    expect(useSession.getState()).toMatchObject({ user: DANA, role: 'restaurant' });
  });

  it("signIn refused passes the server's message on and leaves the visitor signed out", async () => {
    stubServer({
      'GET /auth/config': config,
      'POST /auth/login': () => json(401, { message: 'Wrong e-mail or password.', code: 'auth/invalid-credential' }),
    });
    const { initIdentity, signIn, useSession } = await load();
    await initIdentity();

    await expect(signIn('dana@example.test', 'wrong-password')).rejects.toMatchObject({
      status: 401,
      message: 'Wrong e-mail or password.',
    });
    expect(useSession.getState()).toMatchObject({ user: null, loading: false });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('signUp registers the account, then records its name and picture in the back end', async () => {
    const input = { name: 'Dana Driver', email: 'dana@example.test', password: 'secret123', photoURL: '/images/dana.jpg' };
    const server = stubServer({
      'GET /auth/config': config,
      'POST /auth/register': () => json(200, createAuthSession({ user: createUser({ role: 'user' }) })),
      'POST /users': () => json(200, createUser({ role: 'user', photoURL: '/images/dana.jpg' })),
    });
    const { initIdentity, signUp, useSession } = await load();
    await initIdentity();

    await signUp(input);
    expect(useSession.getState()).toMatchObject({ user: { ...DANA, photoURL: '/images/dana.jpg' }, role: 'user' });
    expect(server.requests.slice(1).map((r) => [r.path, r.body])).toEqual([
      ['/auth/register', { ...input, locale: 'en' }],
      ['/users', { name: 'Dana Driver', photoURL: '/images/dana.jpg' }],
    ]);
  });

  it('signInWithGoogle on the built-in provider throws a message a person understands', async () => {
    stubServer({ 'GET /auth/config': config });
    const { signInWithGoogle, useSession } = await load();

    await expect(signInWithGoogle()).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'auth/operation-not-allowed',
      message: 'Google sign-in is not set up on this server. Please use e-mail and password.',
    });
    expect(useSession.getState().loading).toBe(false);
  });
});

describe('signOut', () => {
  const loggedOut = () => new Response(null, { status: 204 });

  async function signedIn(logOut: Parameters<typeof stubServer>[0][string] = loggedOut) {
    const server = stubServer({
      'GET /auth/config': config,
      'GET /users/me': () => json(200, createUser()),
      'POST /auth/logout': logOut,
    });
    storeSession({ idToken: TOKEN, refreshToken: 'refresh-dana' });
    const loaded = await load();
    await loaded.initIdentity();
    return { ...loaded, server };
  }

  it('asks the server to end the stored refresh token after the hooks, without the ID token', async () => {
    const { signOut, onSignOut, server } = await signedIn();
    const sentDuringHook: string[][] = [];
    const reasons: unknown[] = [];
    onSignOut(async (reason) => {
      sentDuringHook.push(server.sent());
      reasons.push(reason);
    });

    await signOut();
    expect(sentDuringHook).toEqual([['GET /auth/config', 'GET /users/me']]);
    expect(reasons).toEqual([{ accountGone: false }]);
    expect(server.requests.slice(2)).toEqual([
      { method: 'POST', path: '/auth/logout', token: null, body: { refreshToken: 'refresh-dana' } },
    ]);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it.each([
    ['offline', offline, 0],
    ['failing (500)', () => json(500, { message: 'Database is down' }), 500],
  ])('completes the log-out when the server is %s', async (_name, answer, status) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { signOut, useSession, server } = await signedIn(answer);

    await signOut();
    expect(server.sent().at(-1)).toBe('POST /auth/logout');
    expect(useSession.getState()).toMatchObject({ user: null, loading: false });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(warn).toHaveBeenLastCalledWith('Could not end the session on the server', expect.objectContaining({ status }));
  });

  it('ends the session when the server says the account is gone, even though the token still refreshes (Firebase)', async () => {
    const gone = () => json(401, { message: 'This account no longer exists.', code: 'auth/user-not-found' });
    const server = stubServer({
      'GET /auth/config': config,
      'GET /users/me': () => json(200, createUser()),
      'GET /donations': gone,
      'POST /auth/refresh': () => json(200, createAuthSession({ idToken: TOKEN })),
      'POST /auth/logout': loggedOut,
    });
    storeSession({ idToken: TOKEN, refreshToken: 'refresh-dana' });
    const { initIdentity, useSession, call, onSignOut } = await load();
    await initIdentity();
    expect(useSession.getState().user).toMatchObject(DANA);
    // The hooks are told why: the local store then skips its last sends, which the server would refuse.
    const reasons: unknown[] = [];
    onSignOut(async (reason) => void reasons.push(reason));

    await expect(call('GET /donations')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(useSession.getState().user).toBeNull());
    expect(reasons).toEqual([{ accountGone: true }]);
    expect(server.sent().filter((r) => r === 'POST /auth/logout')).toHaveLength(1);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('sends nothing when the device knows it is offline, and still logs out', async () => {
    const { signOut, useSession, server } = await signedIn();
    window.dispatchEvent(new Event('offline'));

    await signOut();
    expect(server.sent()).toEqual(['GET /auth/config', 'GET /users/me']);
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('does not wait more than a few seconds for a server that does not answer', async () => {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { signOut, useSession } = await signedIn();
    // A connection that hangs (a captive portal, a dead link): only the abort signal ends the request.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_path: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
    );

    let done = false;
    const signingOut = signOut().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(2_900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    await signingOut;
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('still revokes the refresh token when a hook fails', async () => {
    const { signOut, onSignOut, server } = await signedIn();
    onSignOut(async () => {
      throw new Error('could not clear the local store');
    });

    await expect(signOut()).rejects.toThrow('could not clear the local store');
    expect(server.sent().at(-1)).toBe('POST /auth/logout');
  });

  it('runs the sign-out hooks in order while the token is still valid, then drops the stored session', async () => {
    const { signOut, onSignOut, useSession, currentToken } = await signedIn();
    const seen: string[] = [];
    onSignOut(async () => {
      seen.push(`first hook, token ${await currentToken()}, signed in ${useSession.getState().user !== null}`);
    });
    onSignOut(async () => {
      seen.push(`second hook, stored ${localStorage.getItem(SESSION_KEY) !== null}`);
    });

    await signOut();
    expect(seen).toEqual([`first hook, token ${TOKEN}, signed in true`, 'second hook, stored true']);
    expect(useSession.getState()).toMatchObject({ user: null, role: 'user', loading: false });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(ROLE_KEY)).toBeNull();
    await expect(currentToken()).resolves.toBeNull();
  });

  it('still drops the session when a hook fails, and reports the failure', async () => {
    const { signOut, onSignOut, useSession } = await signedIn();
    onSignOut(async () => {
      throw new Error('could not clear the local store');
    });

    await expect(signOut()).rejects.toThrow('could not clear the local store');
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it("ends this tab's session when another tab logs out", async () => {
    const { useSession } = await signedIn();
    expect(useSession.getState().user).toEqual(DANA);

    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY, oldValue: '{}', newValue: null }));
    expect(useSession.getState()).toMatchObject({ user: null, ready: true });
  });

  it("keeps this tab's session when another tab signs in or changes other keys", async () => {
    const { useSession } = await signedIn();

    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY, newValue: '{"idToken":"id-2"}' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'foodbridge.authConfig', newValue: null }));
    expect(useSession.getState().user).toEqual(DANA);
  });
});

describe('refreshRole', () => {
  it('takes the role the server now gives the signed-in user', async () => {
    const { refreshRole, useSession, initIdentity } = await load();
    const server = stubServer({
      'GET /auth/config': config,
      'GET /users/me': () => json(200, createUser({ email: 'dana+field@example.test', role: 'user' })),
      'GET /users/role/dana%2Bfield%40example.test': () => json(200, { role: 'charity' }),
    });
    storeSession({ idToken: TOKEN });
    await initIdentity();

    await refreshRole();
    expect(useSession.getState().role).toBe('charity');
    expect(localStorage.getItem(ROLE_KEY)).toBe('charity');
    expect(server.requests.at(-1)?.token).toBe(TOKEN);
  });

  it('asks nothing while signed out', async () => {
    const server = stubServer({});
    const { refreshRole, useSession } = await load();

    await refreshRole();
    expect(useSession.getState().role).toBe('user');
    expect(server.requests).toEqual([]);
  });
});
