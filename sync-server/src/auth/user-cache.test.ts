import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/users.ts';
import { createTestApp, createUser, openSecondInstance, type TestApp, type TestUser } from '../testing/test-app.ts';
import { UserCache } from './user-cache.ts';

const row = (id: string) => ({ id, email: `${id}@example.test`, role: 'user' }) as UserRow;

describe('UserCache', () => {
  it('keeps an account until the token expires, at most a minute', () => {
    const cache = new UserCache();
    cache.set('t1', row('a'), 10_000, cache.begin(), 0);
    expect(cache.get('t1', 9_999)?.id).toBe('a');
    expect(cache.get('t1', 10_000)).toBeUndefined();
    cache.set('t2', row('b'), 3_600_000, cache.begin(), 0);
    expect(cache.get('t2', 59_999)?.id).toBe('b');
    expect(cache.get('t2', 60_000)).toBeUndefined();
  });

  it('does not store a look-up that began before a clear: the row may predate the change', () => {
    const cache = new UserCache();
    const generation = cache.begin();
    cache.clear();
    cache.set('t1', row('a'), Date.now() + 60_000, generation);
    expect(cache.get('t1')).toBeUndefined();
    cache.set('t1', row('a'), Date.now() + 60_000, cache.begin());
    expect(cache.get('t1')?.id).toBe('a');
    cache.clear();
    expect(cache.get('t1')).toBeUndefined();
  });

  it('never answers one token with the account of another that ends the same way', () => {
    const cache = new UserCache();
    const end = 'x'.repeat(40);
    cache.set(`alice.${end}`, row('alice'), Date.now() + 60_000, cache.begin());
    expect(cache.get(`bob.${end}`)).toBeUndefined();
    expect(cache.get(`alice.${end}`)?.id).toBe('alice');
    // The later one takes the place: each is then read again from its token, never mixed up.
    cache.set(`bob.${end}`, row('bob'), Date.now() + 60_000, cache.begin());
    expect(cache.get(`alice.${end}`)).toBeUndefined();
    expect(cache.get(`bob.${end}`)?.id).toBe('bob');
  });

  it('holds a bounded number of tokens, dropping the oldest', () => {
    const cache = new UserCache();
    for (let i = 0; i < 10_001; i++) cache.set(`t${i}`, row(`u${i}`), Date.now() + 60_000, cache.begin());
    expect(cache.size).toBe(10_000);
    expect(cache.get('t0')).toBeUndefined();
    expect(cache.get('t10000')?.id).toBe('u10000');
  });
});

describe('the signed-in user behind a token, cached', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    user = await createUser(t);
  });
  afterAll(() => t?.close());

  it('a role change, a profile change and a removal apply to the very next call of a cached token', async () => {
    expect((await t.get('/users/me', user.token)).body.role).toBe('user');
    expect((await t.get('/users', user.token)).status).toBe(403);

    expect((await t.patch(`/users/role/${user.id}`, { role: 'admin' }, admin.token)).status).toBe(200);
    expect((await t.get('/users', user.token)).status).toBe(200);

    expect((await t.patch('/users/me', { name: 'Renamed Now' }, user.token)).status).toBe(200);
    expect((await t.get('/users/me', user.token)).body.name).toBe('Renamed Now');

    expect((await t.del(`/users/${user.id}`, admin.token)).body).toEqual({ deletedCount: 1 });
    const gone = await t.get('/users/me', user.token);
    expect(gone.status).toBe(401);
    expect(gone.body.code).toBe('auth/user-not-found');
  });

  it('a change made outside the routes is seen once an account write goes through this process', async () => {
    const requester = await createUser(t);
    expect((await t.get('/users/me', requester.token)).body.role).toBe('user');
    await t.sql`UPDATE users SET role = 'charity' WHERE id = ${requester.id}`;
    // A change made outside this process's routes (here by hand) is seen after the next account write at the latest
    // on the embedded database; on Postgres the change feed says so at once. Either way, a write through the API:
    expect((await t.patch('/users/me', { phone: '+1 555 0101' }, requester.token)).status).toBe(200);
    expect((await t.get('/users/me', requester.token)).body.role).toBe('charity');
  });

  describe.skipIf(!process.env.DATABASE_URL)('two server processes on one Postgres', () => {
    it("instance B's cached user follows a role change made through instance A", async () => {
      const b = await openSecondInstance(t);
      try {
        const appB = b.app;
        const asB = (token: string) => appB.request('/users', { headers: { authorization: `Bearer ${token}` } });
        const someone = await createUser(t);
        expect((await asB(someone.token)).status).toBe(403);
        expect((await asB(someone.token)).status).toBe(403);
        expect((await t.patch(`/users/role/${someone.id}`, { role: 'admin' }, admin.token)).status).toBe(200);
        const started = Date.now();
        for (;;) {
          if ((await asB(someone.token)).status === 200) break;
          expect(Date.now() - started, 'the change reached instance B').toBeLessThan(2000);
          await new Promise((r) => setTimeout(r, 10));
        }
      } finally {
        await b.close();
      }
    });
  });
});
