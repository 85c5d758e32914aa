// The real limits (RATE_LIMIT_SCALE 1), with each request given the socket address a real connection would have.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@foodbridge/shared';
import { createLoginInput, createRegisterInput, createReviewInput } from '@foodbridge/shared/testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { waitInWords } from './rate-limit.ts';

let t: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  // Registrations: 10 an hour by REGISTRATIONS_PER_ADDRESS_PER_HOUR, fewer to send than the default 30.
  [t, proxied] = await Promise.all([
    createTestApp({ RATE_LIMIT_SCALE: '1', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '10' }),
    createTestApp({ RATE_LIMIT_SCALE: '1', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '10', TRUST_PROXY: '1' }),
  ]);
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

interface Call {
  /** The socket's remote address, as @hono/node-server hands it to the app. */
  from: string;
  token?: string;
  body?: unknown;
  forwardedFor?: string;
}

async function call(app: TestApp, method: string, path: string, { from, token, body, forwardedFor }: Call) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.app.request(
    path,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: from, remotePort: 50000, remoteFamily: from.includes(':') ? 'IPv6' : 'IPv4' } } },
  );
  return { status: res.status, body: (await res.json()) as any, retryAfter: res.headers.get('retry-after') };
}

const register = (app: TestApp, c: Omit<Call, 'body'>, input = createRegisterInput()) =>
  call(app, 'POST', '/auth/register', { ...c, body: input });

/** An account registered from an address of its own (so no test's registrations use up another's). */
async function account(app: TestApp = t) {
  const input = createRegisterInput();
  const res = await register(app, { from: `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` }, input);
  expect(res.status).toBe(201);
  return { ...input, id: res.body.user._id as string, token: res.body.idToken as string, refreshToken: res.body.refreshToken as string };
}

function expectRefused(res: { status: number; body: any; retryAfter: string | null }, what: string, windowSeconds: number) {
  expect(res.status).toBe(429);
  const wait = Number(res.retryAfter);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(windowSeconds);
  expect(res.body.message).toBe(`Too many ${what}. Please try again in ${waitInWords(wait)}.`);
}

describe('registration, per address', () => {
  it('lets a group of 30 sign up from one address within the hour by default', async () => {
    expect(RATE_LIMITS.registerPerAddress).toEqual({ limit: 30, windowSeconds: 3600 });
    const plain = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const results = await Promise.all(Array.from({ length: 32 }, () => register(plain, { from: '203.0.113.40' })));
      expect(results.filter((r) => r.status === 201)).toHaveLength(30);
      expect(results.filter((r) => r.status === 429)).toHaveLength(2);
    } finally {
      await plain.close();
    }
  });

  it('lets REGISTRATIONS_PER_ADDRESS_PER_HOUR (10 here) of 30 registrations sent at once from one address through, and refuses the rest with 429 and Retry-After', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => register(t, { from: '203.0.113.10' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(20);
    for (const res of refused) expectRefused(res, 'new accounts from your network', 3600);
    expect(refused[0]!.body.code).toBe('auth/too-many-requests');
    // Another address is not affected, and one address written as IPv6 is the same address.
    expect((await register(t, { from: '203.0.113.11' })).status).toBe(201);
    expect((await register(t, { from: '::ffff:203.0.113.10' })).status).toBe(429);
  });

  it('counts an IPv6 caller by its /64, where it could otherwise take a new address for every request', async () => {
    for (let i = 1; i <= 10; i++) expect((await register(t, { from: `2001:db8:1:2::${i.toString(16)}` })).status).toBe(201);
    expect((await register(t, { from: '2001:db8:1:2:ffff::1' })).status).toBe(429);
    expect((await register(t, { from: '2001:db8:1:3::1' })).status).toBe(201);
  });

  it('starts a new window once the old one has ended', async () => {
    for (let i = 0; i < 10; i++) await register(t, { from: '203.0.113.12' });
    expect((await register(t, { from: '203.0.113.12' })).status).toBe(429);
    await t.sql`UPDATE rate_limits SET resets_at = now() - interval '1 second' WHERE key = 'register:address:203.0.113.12'`;
    expect((await register(t, { from: '203.0.113.12' })).status).toBe(201);
  });
});

describe('X-Forwarded-For', () => {
  it('is ignored without TRUST_PROXY: a caller cannot choose the address it is counted by', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await register(t, { from: '192.0.2.50', forwardedFor: `10.1.1.${i}` })).status).toBe(201);
    }
    expect((await register(t, { from: '192.0.2.50', forwardedFor: '10.1.2.1' })).status).toBe(429);
  });

  it('is read from the right with TRUST_PROXY=1: entries the caller wrote to the left of the proxy change nothing', async () => {
    const proxy = '10.0.0.1';
    for (let i = 0; i < 10; i++) {
      expect((await register(proxied, { from: proxy, forwardedFor: `172.16.0.${i}, 203.0.113.77` })).status).toBe(201);
    }
    expect((await register(proxied, { from: proxy, forwardedFor: '172.16.9.9, 203.0.113.77' })).status).toBe(429);
    // Everyone else behind the same proxy is counted by their own address, not the proxy's.
    expect((await register(proxied, { from: proxy, forwardedFor: '203.0.113.78' })).status).toBe(201);
    expect((await register(proxied, { from: proxy })).status).toBe(201);
  });
});

describe('sign-in', () => {
  it('limits an attacker by their address, and the owner still signs in from another one', async () => {
    const victim = await account();
    const attacker = '203.0.113.66';
    // A password spray over many e-mails, then the victim's, from one address.
    const sprayed = await Promise.all(
      Array.from({ length: RATE_LIMITS.signInPerAddress.limit - 10 }, (_, i) =>
        call(t, 'POST', '/auth/login', { from: attacker, body: { email: `nobody-${i}@example.test`, password: 'guess-123' } }),
      ),
    );
    expect(sprayed.every((r) => r.status === 401)).toBe(true);
    for (let i = 0; i < 10; i++) {
      await call(t, 'POST', '/auth/login', { from: attacker, body: { email: victim.email, password: `guess-${i}` } });
    }
    const limited = await call(t, 'POST', '/auth/login', { from: attacker, body: createLoginInput({ email: `other-${randomUUID()}@example.test` }) });
    expectRefused(limited, 'sign-in attempts from your network', RATE_LIMITS.signInPerAddress.windowSeconds);

    const owner = await call(t, 'POST', '/auth/login', { from: '198.51.100.20', body: createLoginInput({ email: victim.email }) });
    expect(owner.status).toBe(200);
    const renewed = await call(t, 'POST', '/auth/refresh', { from: '198.51.100.20', body: { refreshToken: owner.body.refreshToken } });
    expect(renewed.status).toBe(200);
  });
});

describe('session renewal, per address', () => {
  it(`refuses refresh number ${RATE_LIMITS.refreshPerAddress.limit + 1} within the hour from one address`, async () => {
    const from = '203.0.113.30';
    for (let i = 0; i < RATE_LIMITS.refreshPerAddress.limit; i++) {
      const res = await call(t, 'POST', '/auth/refresh', { from, body: { refreshToken: `not-a-token-${i}` } });
      expect(res.status).toBe(401);
    }
    const limited = await call(t, 'POST', '/auth/refresh', { from, body: { refreshToken: 'not-a-token' } });
    expectRefused(limited, 'session renewals from your network', 3600);
    expect((await call(t, 'POST', '/auth/refresh', { from: '203.0.113.31', body: { refreshToken: 'x' } })).status).toBe(401);
  });
});

describe('uploads, per account and per address', () => {
  const uploadFrom = (from: string, token: string) =>
    t.app.request(
      '/images',
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: 'not a picture' },
      { incoming: { socket: { remoteAddress: from } } },
    );

  it('refuses an account over 60 uploads in 10 minutes, and an address over 200, each with 429 and Retry-After', async () => {
    const from = '203.0.113.40';
    const [a, b, c, d, e] = await Promise.all([account(), account(), account(), account(), account()]);
    for (let i = 0; i < RATE_LIMITS.uploadsPerAccount.limit; i++) expect((await uploadFrom(from, a.token)).status).toBe(400);
    const overAccount = await uploadFrom(from, a.token);
    expect(overAccount.status).toBe(429);
    expect(overAccount.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await overAccount.json()) as { message: string }).message).toMatch(/^Too many uploads\. Please try again in \d+ minutes?\.$/);
    // Three more accounts bring the address to its 200 (the refused call above was not counted for the account,
    // but was for the address).
    for (const who of [b, c]) for (let i = 0; i < 60; i++) expect((await uploadFrom(from, who.token)).status).toBe(400);
    for (let i = 0; i < 200 - 181; i++) expect((await uploadFrom(from, d.token)).status).toBe(400);
    const overAddress = await uploadFrom(from, e.token);
    expect(overAddress.status).toBe(429);
    expect(((await overAddress.json()) as { message: string }).message).toMatch(/^Too many uploads from your network\./);
    // The same accounts elsewhere are only limited by their own counts.
    expect((await uploadFrom('203.0.113.41', e.token)).status).toBe(400);
  });
});

describe('creating requests and reviews, per account', () => {
  const limited = [
    ['/donation-requests', RATE_LIMITS.donationRequestsPerAccount, 'donation requests'],
    ['/charity-requests', RATE_LIMITS.charityRequestsPerAccount, 'charity role requests'],
    ['/reviews', RATE_LIMITS.reviewsPerAccount, 'reviews'],
  ] as const;

  for (const [path, use, what] of limited) {
    it(`POST ${path}: ${use.limit} an hour per account, counting only the account's own calls`, async () => {
      const [victim, attacker] = await Promise.all([account(), account()]);
      const from = '203.0.113.50';
      // Calls without the victim's token (none, or a forged one) use up nothing of the victim's.
      for (let i = 0; i < use.limit + 5; i++) {
        expect((await call(t, 'POST', path, { from, body: {} })).status).toBe(401);
      }
      expect((await call(t, 'POST', path, { from, body: {}, token: `${victim.token.slice(0, -4)}AAAA` })).status).toBe(401);
      // Refused by the route (a plain user may not request donations; an empty body), but counted.
      for (let i = 0; i < use.limit; i++) {
        expect([400, 403]).toContain((await call(t, 'POST', path, { from, body: {}, token: attacker.token })).status);
      }
      expectRefused(await call(t, 'POST', path, { from, body: {}, token: attacker.token }), what, use.windowSeconds);
      // The victim, from the same address, is not limited by any of it.
      expect([400, 403]).toContain((await call(t, 'POST', path, { from, body: {}, token: victim.token })).status);
    });
  }

  it('refuses review number 31 of an hour even when each is of another donation', async () => {
    const reviewer = await account();
    const from = '203.0.113.51';
    for (let i = 0; i < RATE_LIMITS.reviewsPerAccount.limit; i++) {
      // Unknown donations: each call reaches the route (404) and counts.
      const res = await call(t, 'POST', '/reviews', { from, token: reviewer.token, body: createReviewInput({ donationId: randomUUID() }) });
      expect(res.status).toBe(404);
    }
    const res = await call(t, 'POST', '/reviews', { from, token: reviewer.token, body: createReviewInput({ donationId: randomUUID() }) });
    expectRefused(res, 'reviews', 3600);
  });
});

describe('waitInWords', () => {
  it('rounds up, in the unit a person would use', () => {
    expect([1, 2, 89, 90, 3600, 5399, 5400, 86400].map(waitInWords)).toEqual([
      '1 second',
      '2 seconds',
      '89 seconds',
      '2 minutes',
      '60 minutes',
      '90 minutes',
      '2 hours',
      '24 hours',
    ]);
  });
});
