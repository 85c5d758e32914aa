// Helpers for the offline-first browser tests (issue 5): service worker readiness, donations prepared through the
// API, and a record of the pickup confirmations that reach the server.
import { ACCOUNTS, BASE_URL, DEMO_PASSWORD, apiAs } from './browser.mjs';
import { makePng } from './images.mjs';

/** Contexts where the app's real service worker runs (the harness blocks it by default). */
export const WITH_SW = { serviceWorkers: 'allow' };

/**
 * Waits until a service worker controls the page: only then do reloads open from the precache and pictures go
 * through its cache, so only then may a test go offline.
 */
export async function waitForServiceWorker(page, timeout = 30_000) {
  try {
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout, polling: 100 });
  } catch (err) {
    const reg = await page
      .evaluate(async () => {
        const r = await navigator.serviceWorker?.getRegistration();
        const w = r?.active ?? r?.waiting ?? r?.installing;
        return r ? `registered (${w?.state ?? 'no worker'}, ${w?.scriptURL ?? '?'})` : 'none registered';
      })
      .catch(() => 'unknown');
    throw new Error(`No service worker controls ${page.url()} after ${timeout / 1000}s (registration: ${reg}): ${err.message}`);
  }
}

/** Uploads a generated PNG as `api`'s account and returns its URL (/images/{id}). */
export async function uploadPicture(api, { base = BASE_URL, colors = [[22, 101, 52], [245, 158, 11]] } = {}) {
  const form = new FormData();
  form.append('image', new Blob([makePng(96, 64, ...colors)], { type: 'image/png' }), 'e2e.png');
  const res = await fetch(`${base}/images`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST /images -> ${res.status}: ${text}`);
  const url = JSON.parse(text)?.data?.url;
  if (!url) throw new Error(`POST /images answered no URL: ${text}`);
  return url;
}

/** Runs `fn` over `items`, `width` at a time (the embedded database has one writer; no point in 20 at once). */
async function inBatches(items, width, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}

/**
 * Donations given to the seeded charity, made the way the app makes them: the restaurant posts each one, the admin
 * verifies it, the charity requests it and the restaurant accepts the request. `rivals` (apiAs handles of other
 * charities) request each donation too before the acceptance, so theirs end Rejected. Returns
 * [{ id, title, requestId, rivalRequestIds }].
 */
export async function createAcceptedDonations(
  count,
  { tag = Date.now().toString(36), base = BASE_URL, titlePrefix = 'E2E pickup', rivals = [] } = {},
) {
  const [restaurant, admin, charity] = await Promise.all(
    [ACCOUNTS.restaurant, ACCOUNTS.admin, ACCOUNTS.charity].map((email) => apiAs(email, undefined, { base })),
  );
  const image = await uploadPicture(restaurant, { base });
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  return inBatches(numbers, 5, async (n) => {
    const title = `${titlePrefix} ${String(n).padStart(2, '0')} ${tag}`;
    const { insertedId: id } = await restaurant.post('/donations', {
      title,
      foodType: 'Cooked Meal',
      quantity: 10 + n,
      unit: 'portions',
      pickupTime: 'Today 18:00-19:00',
      location: '12 Market Street, Springfield',
      image,
    });
    await admin.patch(`/donations/verify/${id}`);
    const { insertedId: requestId } = await charity.post('/donation-requests', {
      donationId: id,
      requestDescription: `Dinner at the shelter (${tag}).`,
      pickupTime: '18:30',
    });
    const rivalRequestIds = [];
    for (const rival of rivals) {
      const { insertedId } = await rival.post('/donation-requests', { donationId: id, requestDescription: `Our pantry too (${tag}).`, pickupTime: '19:00' });
      rivalRequestIds.push(insertedId);
    }
    await restaurant.patch(`/donation-requests/accept/${requestId}`);
    return { id, title, requestId, rivalRequestIds };
  });
}

/**
 * A new charity account, registered through the API and given the charity role by the admin: an apiAs handle with
 * its `email` and `name` added. The seed has a single charity; a reassignment needs a second one.
 */
export async function registerCharity({ tag = Date.now().toString(36), base = BASE_URL, name = `E2E Pantry ${tag}` } = {}) {
  const email = `e2e-charity-${tag}@foodbridge.test`;
  const res = await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: DEMO_PASSWORD }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /auth/register -> ${res.status}: ${text}`);
  const admin = await apiAs(ACCOUNTS.admin, undefined, { base });
  await admin.patch(`/users/role/${JSON.parse(text).user._id}`, { role: 'charity' });
  return { ...(await apiAs(email, undefined, { base })), email, name };
}

/**
 * The live entries of the app's pickup outbox, read from IndexedDB itself rather than from the screen: RxDB's Dexie
 * storage keeps one database per collection (`rxdb-dexie-{database}--{schema version}--outbox`) and keeps removed
 * documents, marked `_deleted` ('1' where indexed). Every account's outbox on the page's origin is included.
 */
export function outboxEntries(page) {
  return page.evaluate(async () => {
    const ask = (req) => new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const names = (await indexedDB.databases())
      .map((d) => d.name ?? '')
      .filter((n) => /^rxdb-dexie-foodbridge_[a-z0-9]+--\d+--outbox$/.test(n));
    const entries = [];
    for (const name of names) {
      const db = await ask(indexedDB.open(name));
      try {
        if (!db.objectStoreNames.contains('docs')) continue;
        const docs = await ask(db.transaction('docs', 'readonly').objectStore('docs').getAll());
        for (const d of docs) {
          if (d._deleted === true || d._deleted === '1') continue;
          entries.push({ id: d.id, donationId: d.donationId, state: d.state, refusal: d.refusal ?? null });
        }
      } finally {
        db.close();
      }
    }
    return entries;
  });
}

/**
 * Records every pickup confirmation that reaches the network (PATCH /donations/pickup/{id}), from the page or from
 * its service worker (which also replays through Background Sync), and what the server answered. Give it the browser context: Playwright
 * reports the service worker's own requests there. `applied(id)` counts the answers that applied the confirmation
 * (200 without Idempotent-Replayed); a repeat of the same Idempotency-Key is answered from the server's record and
 * does not count. Answers a test's route threw away after the server sent them are added with `note()`.
 */
export function pickupLog(context) {
  const calls = []; // { id, key, status, replayed, from }
  const idOf = (url) => new URL(url).pathname.match(/^\/donations\/pickup\/([^/]+)$/)?.[1];
  const note = (request, status, headers) => {
    const id = idOf(request.url());
    if (!id || request.method() !== 'PATCH') return;
    calls.push({
      id,
      key: request.headers()['idempotency-key'] ?? null,
      status,
      replayed: headers['idempotent-replayed'] === 'true',
      from: request.serviceWorker() ? 'service worker' : 'page',
    });
  };
  context.on('response', (res) => {
    // The page's request that its service worker answered: the worker's own request is reported separately.
    if (res.fromServiceWorker()) return;
    note(res.request(), res.status(), res.headers());
  });
  return {
    calls,
    note,
    applied: (id) => calls.filter((c) => c.id === id && c.status === 200 && !c.replayed).length,
    keysOf: (id) => [...new Set(calls.filter((c) => c.id === id).map((c) => c.key))],
    describe: (id) => calls.filter((c) => c.id === id).map((c) => `${c.from} ${c.status}${c.replayed ? ' (replayed)' : ''} key ${c.key}`).join('; '),
  };
}

/** The donation as its charity sees it on the server, or null once it is gone (404). */
export async function serverDonation(api, id) {
  const r = await api.raw('GET', `/donations/${id}`);
  if (r.status === 404) return null;
  if (r.status !== 200) throw new Error(`GET /donations/${id} -> ${r.status}: ${JSON.stringify(r.data)}`);
  return r.data;
}

/** The field screens' sync status line (components/sync-status.tsx). */
export const syncStatus = (page) => page.getByTestId('sync-status').filter({ visible: true }).first();

/** The card of a pickup on My Pickups, found by its title (toasts, list items too, are left out). */
export const pickupCard = (page, title) =>
  page
    .locator('li:not([data-sonner-toast])')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .first();

/** Waits until a picture has loaded (naturalWidth > 0), scrolling it into view first (pictures load lazily). */
export async function pictureShows(img, what = 'the picture', timeout = 15_000) {
  await img.scrollIntoViewIfNeeded();
  try {
    await img.evaluate(
      (el, ms) =>
        new Promise((resolve, reject) => {
          const t0 = Date.now();
          const check = () => {
            if (el.complete && el.naturalWidth > 0) return resolve(true);
            if (Date.now() - t0 > ms) return reject(new Error(`src ${el.currentSrc || el.src}: complete=${el.complete}, naturalWidth=${el.naturalWidth}`));
            setTimeout(check, 100);
          };
          check();
        }),
      timeout,
    );
  } catch (err) {
    throw new Error(`${what} did not load: ${err.message.split('\n')[0]}`);
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
