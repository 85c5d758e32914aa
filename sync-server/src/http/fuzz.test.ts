import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_COLLECTIONS } from '@foodbridge/shared';
import {
  TEST_PASSWORD,
  createCharityRequestInput,
  createDonationInput,
  createDonationRequestInput,
  createProfileInput,
  createRegisterInput,
  createReviewInput,
} from '@foodbridge/shared/testing/factories';
import { acceptRequest, createUsers, postDonation, requestDonation, verifyDonation } from '../testing/donation-flow.ts';
import { requestArbitrary, type BodyTemplate, type FuzzRequest, type FuzzRoute, type FuzzTargets } from '../testing/fuzz-arbitraries.ts';
import { changedTables, tableChecksums, writeMark } from '../testing/table-checksum.ts';
import { createTestApp, type TestUser } from '../testing/test-app.ts';

// Every route of the app, read from the app itself (a route added later is fuzzed too), fed requests a careless or
// hostile client could send, as every kind of caller. Whatever arrives: never a 5xx; every refusal is JSON with a
// message a person can read; and a refused call changed no row.
//
// Runs: FUZZ_RUNS per route (default 40, about 2,000 cases in all). Seed: FUZZ_SEED, else a new one each run, so
// each CI run tries other cases. A failure prints the seed and the shrunk counterexample; the whole file re-run with
// FUZZ_SEED=<seed> replays it (one seed for every route: each route's cases depend on the rows earlier ones left).
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** A long run's routes take longer than the suite's 30 s per test; a case takes about 10 ms (30 on Postgres). */
const ROUTE_TIMEOUT_MS = Math.max(30_000, RUNS * 200);
const SEED = Number(process.env.FUZZ_SEED ?? (Date.now() ^ (Math.random() * 0x100000000)) >>> 0);

const t = await createTestApp();
const routes: FuzzRoute[] = [
  ...new Map(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }])).values(),
];

let targets: FuzzTargets;
let templates: Record<string, BodyTemplate>;
let checksums: Map<string, string>;
/** The write mark taken just before `checksums` were read. */
let mark = '';
let cases = 0;
let streams = 0;
const statuses = new Map<number, number>();
/** Every distinct refusal message, printed with FUZZ_MESSAGES=1 for a person to read through. */
const messages = new Set<string>();
const started = Date.now();

beforeAll(async () => {
  const [admin, restaurant, charity, user, payer] = await createUsers(t, ['admin', 'restaurant', 'charity', 'user', 'user']);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
  const image = await t.request('POST', '/images', { body: form, token: user.token });
  expect(image.status).toBe(201);
  const imageUrl: string = image.body.data.url;

  const pending = await postDonation(t, restaurant, { image: imageUrl });
  const rejected = await postDonation(t, restaurant, { image: imageUrl });
  expect((await t.patch(`/donations/reject/${rejected}`, undefined, admin.token)).status).toBe(200);
  const verified = await postDonation(t, restaurant, { image: imageUrl });
  await verifyDonation(t, admin, verified);
  const openRequest = await requestDonation(t, charity, verified);
  const accepted = await postDonation(t, restaurant, { image: imageUrl });
  await verifyDonation(t, admin, accepted);
  const acceptedRequest = await requestDonation(t, charity, accepted);
  await acceptRequest(t, restaurant, acceptedRequest);
  const picked = await postDonation(t, restaurant, { image: imageUrl });
  await verifyDonation(t, admin, picked);
  await acceptRequest(t, restaurant, await requestDonation(t, charity, picked));
  expect((await t.patch(`/donations/pickup/${picked}`, undefined, charity.token)).status).toBe(200);
  const review = await t.post('/reviews', createReviewInput({ donationId: picked }), user.token);
  expect(review.status).toBe(201);
  const favorite = await t.post('/favorites', { donationId: verified }, user.token);
  expect(favorite.status).toBe(201);

  // A paid charity-role request (pending), and a payment nobody confirmed.
  const paid = await t.post('/create-payment-intent', {}, payer.token);
  expect(paid.status).toBe(200);
  expect((await t.post(`/test-payments/${paid.body.paymentIntentId}/confirm`, {}, payer.token)).status).toBe(200);
  const charityRequest = await t.post('/charity-requests', createCharityRequestInput({ paymentId: paid.body.paymentIntentId }), payer.token);
  expect(charityRequest.status).toBe(201);
  const unpaid = await t.post('/create-payment-intent', {}, user.token);
  expect(unpaid.status).toBe(200);

  const people: TestUser[] = [admin, restaurant, charity, user, payer];
  targets = {
    tokens: { admin: admin.token, restaurant: restaurant.token, charity: charity.token, user: user.token },
    emails: people.map((p) => p.email),
    // No account ids: an admin's fuzzed DELETE /users/:id would remove the callers the rest of the run needs.
    ids: [
      pending,
      rejected,
      verified,
      accepted,
      picked,
      openRequest,
      acceptedRequest,
      review.body.insertedId,
      favorite.body.insertedId,
      image.body.data.id,
      charityRequest.body.insertedId,
    ],
    paymentIds: [paid.body.paymentIntentId, unpaid.body.paymentIntentId],
    collections: SYNC_COLLECTIONS,
    picture: png,
  };
  const pushDoc = (text: string) => `[{"assumedMasterState":null,"newDocumentState":${text}}]`;
  templates = {
    'POST /auth/register': { fields: { ...createRegisterInput() } },
    'POST /auth/login': { fields: { email: user.email, password: TEST_PASSWORD } },
    'POST /auth/refresh': { fields: { refreshToken: payer.refreshToken } },
    'POST /auth/logout': { fields: { refreshToken: payer.refreshToken } },
    'POST /users': { fields: { name: 'Fuzzy Name', photoURL: imageUrl } },
    'PATCH /users/me': { fields: { ...createProfileInput({ photoURL: imageUrl }) } },
    'PATCH /users/role/:id': { fields: { role: 'charity' } },
    'POST /charity-requests': { fields: { ...createCharityRequestInput({ paymentId: unpaid.body.paymentIntentId }) } },
    'POST /reviews': { fields: { ...createReviewInput({ donationId: picked }) } },
    'POST /favorites': { fields: { donationId: accepted } },
    'POST /donations': { fields: { ...createDonationInput({ image: imageUrl }) } },
    'PATCH /donations/:id': { fields: { title: 'Fuzzed title', quantity: 3, image: imageUrl } },
    'PATCH /donations/review/:id': { fields: { review: 'Picked up, thank you' } },
    'POST /donation-requests': { fields: { ...createDonationRequestInput({ donationId: verified }) } },
    'POST /sync/:collection/push': {
      fields: { _id: favorite.body.insertedId, donationId: verified, email: user.email, updatedAt: new Date().toISOString(), _deleted: false },
      wrap: pushDoc,
    },
  };
  await checksumsNow();
});

/**
 * Every table's checksum now, read again only when a transaction has written since the last reading (writeMark): most
 * refusals write nothing, and reading every table after each of the ~3,000 cases took most of this file's time.
 */
async function checksumsNow(): Promise<Map<string, string>> {
  const now = await writeMark(t.sql);
  if (now !== mark) {
    mark = now;
    checksums = await tableChecksums(t.sql);
  }
  return checksums;
}

afterAll(async () => {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
  if (process.env.FUZZ_MESSAGES) console.log([...messages].sort().join('\n'));
  console.log(`fuzz: ${cases} cases over ${routes.length} routes in ${seconds} s (seed ${SEED}, ${RUNS} runs per route); statuses ${byStatus}; ${streams} live streams opened and cancelled`);
  await t.deps.changes?.close?.();
  await t.close();
});

/** Sends the request through the whole app (middleware included), as the HTTP server would hand it over. */
async function send(req: FuzzRequest): Promise<{ status: number; type: string; text: string; stream: boolean }> {
  const init: RequestInit = { method: req.method, headers: req.headers };
  if (req.body !== undefined) init.body = typeof req.body === 'string' ? req.body : new Uint8Array(req.body);
  const res = await t.app.request(req.url, init);
  const type = res.headers.get('content-type') ?? '';
  // A live pull stream never ends: its status and headers are the answer; cancelling ends the handler's loop.
  if (type.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, type, text: '', stream: true };
  }
  // Only a refusal's text is checked (and a 5xx's shown): another answer is read to its end but not decoded, which
  // for the API reference's 5 MB bundle took 25 ms a case.
  if (res.status < 400) {
    await res.arrayBuffer();
    return { status: res.status, type, text: '', stream: false };
  }
  // A long refusal (every field of a large form wrong) comes compressed to a caller that accepts it.
  const raw = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  const text = (encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw).toString();
  return { status: res.status, type, text, stream: false };
}

/** A message a person can read: a sentence, not a stack trace, an object dump or a blank. */
function expectReadableMessage(text: string, type: string) {
  expect(type, 'a refusal is JSON').toContain('application/json');
  const body = JSON.parse(text) as { message?: unknown };
  expect(typeof body.message, `message in ${text.slice(0, 300)}`).toBe('string');
  const message = body.message as string;
  messages.add(message);
  expect(message.trim().length, 'message is not blank').toBeGreaterThan(0);
  expect(message.length, 'message is a sentence, not a dump').toBeLessThanOrEqual(300);
  // What the caller sent, quoted back ("Unknown status 'undefined'"), is theirs: only the server's own words count.
  expect(message.replace(/'[^']*'/g, "''")).not.toMatch(/\n\s+at |\[object Object\]|undefined|TypeError|SyntaxError|RangeError/);
}

describe.each(routes)('$method $path, fuzzed', (route) => {
  it('never answers 5xx; refuses with a readable JSON message; a refusal changes no row', async () => {
    const key = `${route.method} ${route.path}`;
    const arbitrary = requestArbitrary(route, targets, templates[key]);
    await fc.assert(
      fc.asyncProperty(arbitrary, async (req) => {
        cases += 1;
        const res = await send(req);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
        if (res.stream) {
          streams += 1;
          expect(res.status).toBe(200);
        }
        if (res.status >= 400) expectReadableMessage(res.text, res.type);
        const before = checksums;
        const changed = changedTables(before, await checksumsNow());
        if (res.status >= 400) expect(changed, `rows changed by a ${res.status}: ${res.text.slice(0, 200)}`).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, ROUTE_TIMEOUT_MS);
});

it('fuzzes every route the app has', () => {
  // The list comes from the app itself; this only guards against reading it wrongly (a Hono upgrade, a rename).
  expect(routes.length).toBeGreaterThanOrEqual(45);
  expect(routes).toContainEqual({ method: 'GET', path: '/sync/:collection/pull/stream' });
  expect(routes).toContainEqual({ method: 'POST', path: '/images' });
});
