import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

// Every route, fed input a careless or hostile client could send: the answer is always a 4xx with a readable
// JSON message, never a 500, whoever asks.
let t: TestApp;
let users: TestUser[];
beforeAll(async () => {
  t = await createTestApp();
  users = await Promise.all([
    createUser(t, { role: 'admin' }),
    createUser(t, { role: 'restaurant' }),
    createUser(t, { role: 'charity' }),
    createUser(t),
  ]);
});
afterAll(async () => {
  await t?.deps.changes?.close?.();
  await t?.close();
});

const junkIds = ['not-a-uuid', '1', '%00', "'; DROP TABLE users; --", '00000000-0000-0000-0000-000000000000'];
const junkBodies: unknown[] = [
  'null',
  '[]',
  '"text"',
  '{"quantity":"abc","rating":"x","role":5,"donationId":[],"status":{"$ne":1}}',
  '{"title":"' + 'x'.repeat(5000) + '","quantity":1e309}',
  '{broken json',
];

const writes: Array<[string, string]> = [
  ['POST', '/donations'],
  ['PATCH', '/donations/:id'],
  ['PATCH', '/donations/verify/:id'],
  ['PATCH', '/donations/reject/:id'],
  ['PATCH', '/donations/pickup/:id'],
  ['PATCH', '/donations/review/:id'],
  ['DELETE', '/donations/:id'],
  ['POST', '/donation-requests'],
  ['PATCH', '/donation-requests/accept/:id'],
  ['PATCH', '/donation-requests/reject/:id'],
  ['DELETE', '/donation-requests/:id'],
  ['POST', '/charity-requests'],
  ['PATCH', '/charity-requests/approve/:id'],
  ['PATCH', '/charity-requests/reject/:id'],
  ['POST', '/create-payment-intent'],
  ['POST', '/test-payments/:id/confirm'],
  ['POST', '/users'],
  ['PATCH', '/users/me'],
  ['PATCH', '/users/role/:id'],
  ['DELETE', '/users/:id'],
  ['POST', '/reviews'],
  ['DELETE', '/reviews/:id'],
  ['POST', '/favorites'],
  ['DELETE', '/favorites/:id'],
  ['POST', '/images'],
  ['POST', '/auth/register'],
  ['POST', '/auth/login'],
  ['POST', '/auth/refresh'],
  ['POST', '/sync/favorites/push'],
];
const reads = [
  '/donations/:id',
  '/reviews/:id',
  '/images/:id',
  '/images/:id?w=abc',
  '/my-pickups?email=:id',
  '/users/role/:id',
  '/users/search?email=:id',
  '/my-reviews/:id',
  '/favorites/:id',
  '/charity-requests?email=:id&limit=:id',
  '/donation-requests?charityEmail=:id',
  '/donations?status=:id',
  '/sync/donations/pull?seq=:id&id=:id&limit=:id',
];

function expectReadable(res: { status: number; body: any }, what: string) {
  expect(res.status, what).toBeGreaterThanOrEqual(200);
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) expect(typeof res.body?.message, what).toBe('string');
}

describe('malformed input', () => {
  it('never gets a 500 on writes, for any role or none', async () => {
    for (const [method, path] of writes) {
      for (const id of junkIds.slice(0, 3)) {
        for (const body of junkBodies) {
          for (const token of [undefined, ...users.map((u) => u.token)]) {
            const url = path.replace(':id', encodeURIComponent(id));
            const res = await t.request(method, url, { token, body, headers: { 'content-type': 'application/json' } });
            expectReadable(res, `${method} ${url} ${String(body).slice(0, 40)}`);
          }
        }
      }
    }
  });

  it('never gets a 500 on reads with junk ids and queries', async () => {
    for (const path of reads) {
      for (const id of junkIds) {
        for (const token of [undefined, users[0]!.token, users[3]!.token]) {
          const url = path.replaceAll(':id', encodeURIComponent(id));
          const res = await t.request('GET', url, { token });
          expectReadable(res, `GET ${url}`);
        }
      }
    }
  });

  it('refuses an oversized JSON body with 413 and a message', async () => {
    const res = await t.request('POST', '/donations', {
      token: users[1]!.token,
      body: JSON.stringify({ title: 'x'.repeat(200_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/i);
  });
});
