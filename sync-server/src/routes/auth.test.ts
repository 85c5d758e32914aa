import { importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginInput, createRegisterInput } from '@foodbridge/shared/testing/factories';
import { createTestApp, createUser, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('built-in identity provider', () => {
  it('registers an account and returns tokens and the user', async () => {
    const res = await t.post('/auth/register', createRegisterInput({ name: 'Ada', email: 'Ada@Example.test' }));
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ name: 'Ada', email: 'ada@example.test', role: 'user' });
    expect(res.body.idToken.split('.')).toHaveLength(3);
    const me = await t.get('/users/me', res.body.idToken);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('ada@example.test');
  });

  it('refuses a second account for one e-mail with the identity service code', async () => {
    const res = await t.post('/auth/register', createRegisterInput({ name: 'Ada 2', email: 'ada@example.test' }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('auth/email-already-in-use');
  });

  it('refuses to register again an e-mail whose account an admin removed (403), and does not create it', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const gone = await createUser(t);
    expect((await t.del(`/users/${gone.id}`, admin.token)).status).toBe(200);
    const res = await t.post('/auth/register', createRegisterInput({ email: gone.email.toUpperCase() }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This account has been removed.');
    const [row] = await t.sql`SELECT count(*)::int AS n FROM users WHERE email = ${gone.email} AND NOT deleted`;
    expect(row!.n).toBe(0);
    const login = await t.post('/auth/login', createLoginInput({ email: gone.email }));
    expect(login.status).toBe(401);
  });

  it('rejects a bad registration body with a readable message', async () => {
    const short = await t.post('/auth/register', createRegisterInput({ password: '12345' }));
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters');
    const mail = await t.post('/auth/register', createRegisterInput({ email: 'not-an-email' }));
    expect(mail.status).toBe(400);
    expect(mail.body.message).toBe('Please enter a valid email address');
    const junk = await t.request('POST', '/auth/register', { body: '{nope', headers: { 'content-type': 'application/json' } });
    expect(junk.status).toBe(400);
  });

  it('logs in, and answers a wrong password with auth/invalid-credential', async () => {
    const ok = await t.post('/auth/login', createLoginInput({ email: 'ada@example.test' }));
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe('ada@example.test');
    // Signing in moves last_login past the registration's.
    expect(Date.parse(ok.body.user.last_login)).toBeGreaterThan(Date.parse(ok.body.user.createdAt));
    const bad = await t.post('/auth/login', createLoginInput({ email: 'ada@example.test', password: 'wrong-pass' }));
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('auth/invalid-credential');
    const unknown = await t.post('/auth/login', createLoginInput({ email: 'nobody@example.test', password: 'wrong-pass' }));
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('auth/invalid-credential');
  });

  it('locks an e-mail after repeated failures with auth/too-many-requests', async () => {
    await createUser(t, { email: 'locked@example.test', password: 'right-pass' });
    for (let i = 0; i < 5; i++) await t.post('/auth/login', createLoginInput({ email: 'locked@example.test', password: 'wrong-pass' }));
    const res = await t.post('/auth/login', createLoginInput({ email: 'locked@example.test', password: 'right-pass' }));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('auth/too-many-requests');
  });

  /** A sign-in from `address`, as @hono/node-server hands the socket to the app. */
  async function loginFrom(address: string, email: string, password: string) {
    const res = await t.app.request(
      '/auth/login',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) },
      { incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: 'IPv4' } } },
    );
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { code?: string } };
  }

  it('counts a burst of parallel wrong passwords: only the first five are tried, the rest get 429 with Retry-After', async () => {
    const email = 'burst@example.test';
    await createUser(t, { email, password: 'right-pass' });
    const answers = await Promise.all(Array.from({ length: 40 }, () => loginFrom('203.0.113.7', email, 'wrong-pass')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    for (const a of answers.filter((a) => a.status === 429)) {
      expect(a.body.code).toBe('auth/too-many-requests');
      expect(Number(a.retryAfter)).toBeGreaterThan(800);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(900);
    }
  });

  it("does not let failures from one address lock the owner out from another, and caps an e-mail's tries across addresses", async () => {
    const email = 'owner@example.test';
    await createUser(t, { email, password: 'right-pass' });
    for (let i = 0; i < 5; i++) expect((await loginFrom('198.51.100.1', email, 'wrong-pass')).status).toBe(401);
    expect((await loginFrom('198.51.100.1', email, 'right-pass')).status).toBe(429);
    expect((await loginFrom('192.0.2.50', email, 'right-pass')).status).toBe(200);

    // A guess spread over many addresses still stops at the per-e-mail cap of 50 (the five above included; the
    // owner's successful sign-in is not counted), and then the right password waits too.
    const spread = [];
    for (let i = 0; i < 60; i++) spread.push((await loginFrom(`10.0.${i}.1`, email, 'wrong-pass')).status);
    expect(spread.slice(0, 45)).toEqual(Array(45).fill(401));
    expect(spread.slice(45)).toEqual(Array(15).fill(429));
    const owner = await loginFrom('192.0.2.51', email, 'right-pass');
    expect(owner.status).toBe(429);
    expect(Number(owner.retryAfter)).toBeGreaterThan(0);
  });

  it('rotates refresh tokens: a used one is refused', async () => {
    const u = await createUser(t);
    const first = await t.post('/auth/refresh', { refreshToken: u.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.idToken.split('.')).toHaveLength(3);
    expect(first.body.user).toMatchObject({ _id: u.id, email: u.email });
    expect(first.body.refreshToken).not.toBe(u.refreshToken);
    const again = await t.post('/auth/refresh', { refreshToken: u.refreshToken });
    expect(again.status).toBe(401);
  });

  it('revokes the whole family when a rotated refresh token is used again: the newer token is refused too', async () => {
    const u = await createUser(t);
    const second = await t.post('/auth/refresh', { refreshToken: u.refreshToken });
    const third = await t.post('/auth/refresh', { refreshToken: second.body.refreshToken });
    expect(third.status).toBe(200);
    // Someone replays the first token (stolen, or a copy left behind): neither holder can go on.
    expect((await t.post('/auth/refresh', { refreshToken: u.refreshToken })).status).toBe(401);
    const newest = await t.post('/auth/refresh', { refreshToken: third.body.refreshToken });
    expect(newest.status).toBe(401);
    expect(newest.body.code).toBe('auth/invalid-refresh-token');
    // Another sign-in of the same account is another family, and keeps working.
    const other = await t.post('/auth/login', createLoginInput({ email: u.email }));
    expect((await t.post('/auth/refresh', { refreshToken: other.body.refreshToken })).status).toBe(200);
  });

  it('logs out: the refresh token and the tokens rotated from it are refused afterwards, and a repeat is fine', async () => {
    const u = await createUser(t);
    const rotated = await t.post('/auth/refresh', { refreshToken: u.refreshToken });
    const kept = await t.post('/auth/login', createLoginInput({ email: u.email }));
    const out = await t.post('/auth/logout', { refreshToken: rotated.body.refreshToken });
    expect(out.status).toBe(204);
    const after = await t.post('/auth/refresh', { refreshToken: rotated.body.refreshToken });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('auth/invalid-refresh-token');
    expect((await t.post('/auth/logout', { refreshToken: rotated.body.refreshToken })).status).toBe(204);
    expect((await t.post('/auth/logout', { refreshToken: 'never-issued' })).status).toBe(204);
    // The same account signed in on another device stays signed in there.
    expect((await t.post('/auth/refresh', { refreshToken: kept.body.refreshToken })).status).toBe(200);
  });

  it('refuses a log-out without a refresh token with a readable message', async () => {
    const res = await t.post('/auth/logout', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('refreshToken is required');
  });

  it('refuses a token signed with the server key but without an expiry or issue time', async () => {
    const u = await createUser(t);
    const [row] = await t.sql<{ kid: string; private_jwk: JWK }[]>`SELECT kid, private_jwk FROM signing_keys`;
    const key = await importJWK(row!.private_jwk, 'ES256');
    const sign = (o: { exp?: boolean; iat?: boolean }) => {
      const jwt = new SignJWT({ email: u.email, name: u.name })
        .setProtectedHeader({ alg: 'ES256', kid: row!.kid, typ: 'JWT' })
        .setIssuer('foodbridge')
        .setAudience('foodbridge')
        .setSubject(u.id);
      if (o.exp) jwt.setExpirationTime('1h');
      if (o.iat) jwt.setIssuedAt();
      return jwt.sign(key);
    };
    // The same claims with both times are accepted, so only the missing claim is refused.
    expect((await t.get('/users/me', await sign({ exp: true, iat: true }))).status).toBe(200);
    for (const [name, token] of [
      ['no exp', await sign({ iat: true })],
      ['no iat', await sign({ exp: true })],
    ] as const) {
      const res = await t.get('/users/me', token);
      expect(res.status, name).toBe(401);
      expect(res.body.message, name).toBe('Invalid sign-in token. Please sign in again.');
    }
  });

  it('publishes the signing key and rejects forged or missing tokens', async () => {
    const jwks = await t.get('/.well-known/jwks.json');
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256' });
    expect(jwks.body.keys[0].d).toBeUndefined();
    const u = await createUser(t);
    const [h, p] = u.token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(86)}`;
    expect((await t.get('/users/me', forged)).status).toBe(401);
    expect((await t.get('/users/me')).status).toBe(401);
  });

  it('does not make an ADMIN_EMAILS address admin at registration: its owner has not shown they own it', async () => {
    const res = await t.post('/auth/register', createRegisterInput({ email: 'admin@foodbridge.test' }));
    expect(res.body.user).toMatchObject({ role: 'user', emailVerified: false });
    expect((await t.get('/users', res.body.idToken)).status).toBe(403);
  });

  it("finds the account by the token's subject, not by the e-mail written in it", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    // A token of ours naming A's account but B's e-mail (as after an e-mail change): A is the caller.
    const mixed = (await t.deps.tokens.issue({ id: a.id, email: b.email, name: 'x' })).idToken;
    expect((await t.get('/users/me', mixed)).body.email).toBe(a.email);
  });

  it('trims the e-mail of a look-up as the permission check does', async () => {
    const u = await createUser(t);
    const res = await t.get(`/users/search?email=${encodeURIComponent(`  ${u.email.toUpperCase()} `)}`, u.token);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(u.email);
  });
});
