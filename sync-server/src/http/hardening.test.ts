import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDonationInput,
  createDonationRequestInput,
  createProfileInput,
  createRegisterInput,
  createReviewInput,
} from '@foodbridge/shared/testing/factories';
import { createUsers, postDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createTestApp, type TestApp, type TestResponse, type TestUser } from '../testing/test-app.ts';
import { errorResponse } from './errors.ts';

// What an attacker or a careless client finds at the edge of the app: text with a NUL byte (which Postgres cannot
// store) and the headers that keep a browser from sniffing, framing or caching what it should not.
let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let charity: TestUser;
let user: TestUser;
let verifiedId: string;
let pendingId: string;
let imageId: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { appFiles: { 'index.html': '<!doctype html><title>FoodBridge</title>', 'assets/app-1234.js': 'console.log(1)', 'sw.js': 'self.x = 1' } },
  );
  [admin, restaurant, charity, user] = await createUsers(t, ['admin', 'restaurant', 'charity', 'user']);
  verifiedId = await postDonation(t, restaurant);
  await verifyDonation(t, admin, verifiedId);
  pendingId = await postDonation(t, restaurant);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
  const uploaded = await t.request('POST', '/images', { body: form, token: user.token });
  expect(uploaded.status).toBe(201);
  imageId = uploaded.body.data.id;
});
afterAll(async () => {
  await t?.deps.changes?.close?.();
  await t?.close();
});

const NUL = '\u0000';

function expectNulRefused(res: TestResponse, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.headers.get('content-type'), what).toContain('application/json');
  expect(res.body.message, what).toBe('Text must not contain the NUL character (U+0000)');
}

describe('a NUL character in the input', () => {
  // Each body is valid for its route but for one NUL, so before the edge refused it, it reached the database.
  const bodies: Array<[string, string, () => TestUser | undefined, () => object]> = [
    ['POST', '/donations', () => restaurant, () => createDonationInput({ title: `Bread${NUL}` })],
    ['PATCH', '/donations/:pending', () => restaurant, () => ({ location: `1 Main${NUL} Street` })],
    ['POST', '/users', () => user, () => ({ name: `Nul${NUL}` })],
    ['PATCH', '/users/me', () => user, () => createProfileInput({ address: `${NUL}` })],
    ['POST', '/reviews', () => user, () => createReviewInput({ donationId: verifiedId, description: `Tasty${NUL}` })],
    [
      'POST',
      '/donation-requests',
      () => charity,
      () => createDonationRequestInput({ donationId: verifiedId, requestDescription: `For the shelter${NUL}` }),
    ],
    ['POST', '/auth/register', () => undefined, () => createRegisterInput({ name: `New${NUL} user` })],
    // A field name too: nothing with a NUL in it gets past the parse step, whether or not a schema keeps it.
    ['POST', '/users', () => user, () => ({ [`na${NUL}me`]: 'Someone' })],
  ];

  it.each(bodies)('in the JSON body of %s %s is a 400 with a message', async (method, path, caller, body) => {
    const res = await t.request(method, path.replace(':pending', pendingId), { token: caller()?.token, body: body() });
    expectNulRefused(res, `${method} ${path}`);
  });

  const urls = [
    '/favorites/%00',
    '/favorites/a%00b@example.test',
    '/users/role/%00',
    '/my-pickups?email=%00',
    '/my-reviews/%00',
    '/users/search?email=%00',
    '/donation-requests?charityEmail=%00',
    '/donation-requests?restaurantEmail=%00',
    '/charity-requests?email=%00',
    '/donations?status=Verified%00',
    '/sync/donations/pull?id=%00&seq=1',
  ];

  it.each(urls)('in the path or query %s is a 400 with a message, for an admin or anybody', async (url) => {
    expectNulRefused(await t.get(url, admin.token), `${url} as admin`);
    expectNulRefused(await t.get(url), `${url} signed out`);
  });

  it('that reaches the database anyway is a 400, not a server error', async () => {
    // The safety net behind the parse step: the real database's refusal (SQLSTATE 22021) through errorResponse.
    const app = new Hono()
      .onError(errorResponse)
      .get('/', async (c) => c.json(await t.sql`SELECT ${`a${NUL}b`}::text AS v`));
    const res = await app.request('/');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Text must not contain the NUL character (U+0000)', code: 'request/nul-in-text' });
  });
});

/** The Content-Security-Policy as a map from directive to its sources. */
function csp(res: TestResponse): Map<string, string[]> {
  const header = res.headers.get('content-security-policy');
  expect(header, 'Content-Security-Policy').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectSecurityHeaders(res: TestResponse, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  const policy = csp(res);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('form-action'), what).toEqual(["'self'"]);
  expect(policy.get('img-src')?.slice(0, 3), what).toEqual(["'self'", 'data:', 'blob:']);
  expect(policy.get('worker-src'), what).toEqual(["'self'"]);
  expect(policy.get('manifest-src'), what).toEqual(["'self'"]);
  return policy;
}

/** A JSON answer: nothing may load or frame it, no sniffing, and none of the page-only headers (issue 9's bytes). */
function expectApiHeaders(res: TestResponse, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('content-security-policy'), what).toBe("default-src 'none'; frame-ancestors 'none'");
  for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection', 'x-dns-prefetch-control']) {
    expect(res.headers.get(name), `${what}: ${name}`).toBeNull();
  }
}

/** A page this server serves by itself, built app or not: the API reference, under the app's policy. */
const appPage = (app: TestApp) => app.request('GET', '/api/docs');

describe('security headers', () => {
  it('are on API answers: a policy that allows nothing, and no header only a page needs', async () => {
    const res = await t.get('/donations/verified');
    expect(res.status).toBe(200);
    expectApiHeaders(res, 'GET /donations/verified');
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it('are on the app, with no inline script and no outside origin when nothing outside is configured', async () => {
    const res = await appPage(t);
    expect(res.headers.get('content-type')).toContain('text/html');
    const policy = expectSecurityHeaders(res, 'the app');
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    // Sonner's toasts and Radix's scroll lock add <style> elements at run time.
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('are on errors: not found, refused and bad input', async () => {
    for (const [method, path] of [
      ['GET', '/no-such-route'],
      ['GET', '/users/me'],
      ['GET', '/donations/not-an-id'],
      ['POST', '/donations'],
    ] as const) {
      const res = await t.request(method, path);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expectApiHeaders(res, `${method} ${path}`);
    }
  });

  it('are on the app itself, which keeps its own caching', async () => {
    const page = await t.request('GET', '/my-pickups', { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('text/html');
    expectSecurityHeaders(page, 'index.html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await t.get('/assets/app-1234.js');
    expectSecurityHeaders(asset, 'asset');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const worker = await t.get('/sw.js');
    expectSecurityHeaders(worker, 'service worker');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('keep signed-in answers out of every cache, but leave public pictures cacheable', async () => {
    for (const [path, token] of [
      ['/users/me', user.token],
      ['/transactions', charity.token],
      ['/transactions', undefined],
      [`/my-pickups?email=${charity.email}`, charity.token],
      [`/my-reviews/${user.email}`, undefined],
      ['/donations/verified', user.token],
    ] as const) {
      const res = await t.get(path, token);
      expect(res.headers.get('cache-control'), `${path} ${token ? 'signed in' : 'signed out'}`).toBe('no-store');
    }
    const picture = await t.get(`/images/${imageId}`, user.token);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(picture, 'image');
  });
});

describe('security headers with outside services configured', () => {
  let stripe: TestApp;
  let firebase: TestApp;
  beforeAll(async () => {
    [stripe, firebase] = await Promise.all([
      createTestApp({ STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }),
      createTestApp({ FIREBASE_PROJECT_ID: 'demo-foodbridge', FIREBASE_AUTH_DOMAIN: 'login.foodbridge.example' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([stripe, firebase].map(async (app) => {
      await app?.deps.changes?.close?.();
      await app?.close();
    }));
  });

  it("allow Stripe's script, frames and API only when a publishable key is set", async () => {
    const policy = expectSecurityHeaders(await appPage(stripe), 'Stripe');
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(policy.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(policy.get('script-src')).not.toContain('https://apis.google.com');
  });

  it("allow Firebase's sign-in origins only in Firebase mode", async () => {
    const res = await appPage(firebase);
    const policy = expectSecurityHeaders(res, 'Firebase');
    expect(policy.get('script-src')).toEqual(["'self'", 'https://apis.google.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://*.googleapis.com']);
    expect(policy.get('frame-src')).toEqual(['https://*.firebaseapp.com', 'https://login.foodbridge.example']);
    // A Google account's picture, shown as the signed-in user's avatar.
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com', 'https://tile.openstreetmap.org']);
    // The sign-in popup talks back to the page that opened it.
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(res.headers.get('content-security-policy')).not.toContain('stripe');
  });
});
