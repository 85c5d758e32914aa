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

  it('makes ADMIN_EMAILS accounts admin on first registration', async () => {
    const res = await t.post('/auth/register', createRegisterInput({ email: 'admin@foodbridge.test' }));
    expect(res.body.user.role).toBe('admin');
  });
});
