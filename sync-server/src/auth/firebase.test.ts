import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSigningKey,
  signFirebaseToken,
  startJwksServer,
  type JwksServer,
  type TestSigningKey,
} from '../testing/firebase-keys.ts';
import { insertUser } from '../db/users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const projectId = 'demo-proj';

describe('Firebase identity mode', () => {
  let key: TestSigningKey;
  let jwks: JwksServer;
  let t: TestApp;
  const token = (email: string, o: Partial<Parameters<typeof signFirebaseToken>[1]> = {}) =>
    signFirebaseToken(key, { projectId, email, name: 'Fire Base', ...o });

  beforeAll(async () => {
    key = await createSigningKey();
    jwks = await startJwksServer([key]);
    t = await createTestApp({ FIREBASE_PROJECT_ID: projectId, FIREBASE_JWKS_URL: jwks.url, ADMIN_EMAILS: 'admin@foodbridge.test,first-admin@example.test' });
  });
  afterAll(async () => {
    await t?.close();
    await jwks?.close();
  });

  it("accepts a valid token and registers the account as a user on its first call, without another site's picture", async () => {
    const idToken = await token('New.Person@Example.test', { picture: 'https://img.example/p.png' });
    const me = await t.get('/users/me', idToken);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'new.person@example.test', name: 'Fire Base', role: 'user' });
    expect(me.body.photoURL).toBeUndefined();
    // A second call finds the same account rather than making another.
    expect((await t.get('/users/me', idToken)).body._id).toBe(me.body._id);
    const [count] = await t.sql`SELECT count(*)::int AS n FROM users WHERE email = 'new.person@example.test'`;
    expect(count!.n).toBe(1);
  });

  it('knows an account by its Firebase uid: a new uid with an unverified e-mail of an existing account is not let in', async () => {
    const uid = 'uid-of-the-owner';
    const owner = await t.get('/users/me', await token('owner@example.test', { uid, emailVerified: false }));
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ email: 'owner@example.test', role: 'user', emailVerified: false });
    // Someone else signs up in Firebase with the same address and cannot prove it: refused, not given the account.
    const claimant = await t.get('/users/me', await token('owner@example.test', { uid: 'uid-of-a-claimant', emailVerified: false }));
    expect(claimant.status).toBe(403);
    expect(claimant.body.code).toBe('auth/email-not-verified');
    // The owner verifies in Firebase; the same uid now says verified.
    const verified = await t.get('/users/me', await token('owner@example.test', { uid }));
    expect(verified.body).toMatchObject({ _id: owner.body._id, emailVerified: true });
  });

  it('an unverified Firebase account for an ADMIN_EMAILS address or a seeded admin is not admin', async () => {
    // The seeded admin exists with that e-mail; an unverified Firebase account for it is refused outright.
    await insertUser(t.sql, { email: 'seeded-admin@example.test', name: 'Seeded', role: 'admin', emailVerified: true });
    const squatter = await t.get('/users/me', await token('seeded-admin@example.test', { emailVerified: false }));
    expect(squatter.status).toBe(403);
    // An ADMIN_EMAILS address nobody registered yet: a user until the e-mail is verified, then admin.
    const uid = 'uid-of-admin-list-address';
    const first = await t.get('/users/me', await token('admin@foodbridge.test', { uid, emailVerified: false }));
    expect(first.body).toMatchObject({ role: 'user', emailVerified: false });
    expect((await t.get('/users', await token('admin@foodbridge.test', { uid, emailVerified: false }))).status).toBe(403);
    const later = await t.get('/users/me', await token('admin@foodbridge.test', { uid }));
    expect(later.body).toMatchObject({ _id: first.body._id, emailVerified: true, role: 'admin' });
  });

  it('a verified e-mail links a new Firebase uid to the account made before it (the seeded admin)', async () => {
    const me = await t.get('/users/me', await token('seeded-admin@example.test', { uid: 'uid-of-the-real-admin' }));
    expect(me.body).toMatchObject({ email: 'seeded-admin@example.test', role: 'admin' });
    expect((await t.get('/users', await token('seeded-admin@example.test', { uid: 'uid-of-the-real-admin' }))).status).toBe(200);
  });

  it('makes a verified ADMIN_EMAILS account admin when it is first registered', async () => {
    const me = await t.get('/users/me', await token('first-admin@example.test'));
    expect(me.body.role).toBe('admin');
    expect((await t.get('/users', await token('first-admin@example.test'))).status).toBe(200);
  });

  it('registers a token without a name as No Name, and POST /users fills the name in later', async () => {
    const idToken = await signFirebaseToken(key, { projectId, email: 'nameless@example.test' });
    const first = await t.post('/users', {}, idToken);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'No Name', role: 'user' });
    const named = await t.post('/users', { name: 'Named Later' }, idToken);
    expect(named.body.name).toBe('Named Later');
  });

  it('refuses tokens with the wrong issuer, audience, expiry or key, and built-in tokens', async () => {
    const email = 'victim@example.test';
    // A built-in token for an account that does exist here: still refused, only Firebase signs in.
    const local = await insertUser(t.sql, { email: 'local@example.test', name: 'Local', role: 'user' });
    const cases = {
      wrongIssuer: await token(email, { issuer: 'https://securetoken.google.com/other-proj' }),
      wrongAudience: await token(email, { audience: 'other-proj' }),
      expired: await token(email, { expiresIn: -60 }),
      otherKey: await signFirebaseToken(await createSigningKey(), { projectId, email }),
      // Another key claiming the published key's kid: the signature does not verify.
      forgedKid: await signFirebaseToken(await createSigningKey(), { projectId, email, kid: key.kid }),
      local: (await t.deps.tokens.issue({ id: local.id, email: 'local@example.test', name: 'Local' })).idToken,
      garbage: 'not.a.token',
    };
    for (const [name, idToken] of Object.entries(cases)) {
      const res = await t.get('/users/me', idToken);
      expect(res.status, name).toBe(401);
      expect(res.body.message, name).toBe(
        name === 'expired' ? 'Your session has expired. Please sign in again.' : 'Invalid sign-in token. Please sign in again.',
      );
    }
    expect((await t.get('/users/me', cases.expired)).body.code).toBe('auth/id-token-expired');
    // None of them registered the account.
    const [count] = await t.sql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`;
    expect(count!.n).toBe(0);
  });

  it('refuses a token signed by a published key but without an expiry or issue time', async () => {
    const sign = (o: { exp?: boolean; iat?: boolean }) => {
      const jwt = new SignJWT({ email: 'timeless@example.test', email_verified: true })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
        .setIssuer(`https://securetoken.google.com/${projectId}`)
        .setAudience(projectId)
        .setSubject('timeless-uid');
      if (o.exp) jwt.setExpirationTime('1h');
      if (o.iat) jwt.setIssuedAt();
      return jwt.sign(key.privateKey);
    };
    for (const [name, idToken] of [
      ['no exp', await sign({ iat: true })],
      ['no iat', await sign({ exp: true })],
    ] as const) {
      const res = await t.get('/users/me', idToken);
      expect(res.status, name).toBe(401);
      expect(res.body.message, name).toBe('Invalid sign-in token. Please sign in again.');
    }
    const [count] = await t.sql`SELECT count(*)::int AS n FROM users WHERE email = 'timeless@example.test'`;
    expect(count!.n).toBe(0);
  });

  it('turns the built-in sign-in routes off', async () => {
    for (const path of ['/auth/login', '/auth/register', '/auth/refresh', '/auth/logout']) {
      const res = await t.post(path, { email: 'a@example.test', password: 'secret123', name: 'A', refreshToken: 'x' });
      expect(res.status, path).toBe(400);
      expect(res.body.code, path).toBe('auth/operation-not-allowed');
    }
    expect((await t.get('/auth/config')).body).toMatchObject({ provider: 'firebase', firebase: { projectId } });
  });

  it('does not bring a removed account back', async () => {
    const admin = await token('admin@foodbridge.test');
    const idToken = await token('leaving@example.test');
    const me = await t.get('/users/me', idToken);
    expect((await t.del(`/users/${me.body._id}`, admin)).body).toEqual({ deletedCount: 1 });
    expect((await t.get('/users/me', idToken)).status).toBe(403);
  });
});
