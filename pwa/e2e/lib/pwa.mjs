// @ts-check
// Helpers for the offline-first browser tests (issue 5): service worker readiness, donations prepared through the
// API, and a record of the pickup confirmations that reach the server.
import { createDonationInput, createDonationRequestInput, createRegisterInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, BASE_URL, apiAs } from './browser.mjs';
import { makePng } from './images.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */
/** @typedef {import('playwright-core').Request} Request */
/** @typedef {import('./browser.mjs').Api} Api */
/** @typedef {import('./images.mjs').Rgb} Rgb */
/** @typedef {import('@foodbridge/shared/schemas/donation').Donation} Donation */
/** @typedef {ReturnType<typeof pickupLog>} PickupLog */
/** @typedef {Awaited<ReturnType<typeof createAcceptedDonations>>[number]} AcceptedDonation */

/**
 * Contexts where the app's real service worker runs (the harness blocks it by default).
 * @type {import('playwright-core').BrowserContextOptions}
 */
export const WITH_SW = { serviceWorkers: 'allow' };

/**
 * Waits until a service worker controls the page: only then do reloads open from the precache and pictures go
 * through its cache, so only then may a test go offline.
 * @param {Page} page
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
    throw new Error(`No service worker controls ${page.url()} after ${timeout / 1000}s (registration: ${reg}): ${err instanceof Error ? err.message : err}`);
  }
}

/**
 * Uploads a generated PNG as `api`'s account and returns its URL (/images/{id}).
 * @param {Api} api
 * @param {{ base?: string, colors?: [Rgb, Rgb] }} [options]
 * @returns {Promise<string>}
 */
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

/**
 * Runs `fn` over `items`, `width` at a time (the embedded database has one writer; no point in 20 at once).
 * @template T, R
 * @param {T[]} items
 * @param {number} width
 * @param {(item: T) => Promise<R>} fn
 */
async function inBatches(items, width, fn) {
  /** @type {R[]} */
  const out = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}

/**
 * Donations given to the seeded charity, made the way the app makes them: the restaurant posts each one, the admin
 * verifies it, the charity requests it and the restaurant accepts the request. `rivals` (apiAs handles of other
 * charities) request each donation too before the acceptance, so theirs end Rejected. Returns
 * [{ id, title, requestId, rivalRequestIds }].
 * @param {number} count
 * @param {{ tag?: string, base?: string, titlePrefix?: string, rivals?: Api[] }} [options]
 * @returns {Promise<{ id: string, title: string, requestId: string, rivalRequestIds: string[] }[]>}
 */
export async function createAcceptedDonations(
  count,
  { tag = Date.now().toString(36), base = BASE_URL, titlePrefix = 'E2E pickup', rivals = [] } = {},
) {
  const [restaurant, admin, charity] = await Promise.all([
    apiAs(ACCOUNTS.restaurant, undefined, { base }),
    apiAs(ACCOUNTS.admin, undefined, { base }),
    apiAs(ACCOUNTS.charity, undefined, { base }),
  ]);
  const image = await uploadPicture(restaurant, { base });
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  return inBatches(numbers, 5, async (n) => {
    const title = `${titlePrefix} ${String(n).padStart(2, '0')} ${tag}`;
    const { insertedId: id } = await restaurant.post('/donations', createDonationInput({ title, image }));
    await admin.patch(`/donations/verify/${id}`);
    const { insertedId: requestId } = await charity.post('/donation-requests', createDonationRequestInput({ donationId: id }));
    /** @type {string[]} */
    const rivalRequestIds = [];
    for (const rival of rivals) {
      const { insertedId } = await rival.post('/donation-requests', createDonationRequestInput({ donationId: id, pickupTime: '19:00' }));
      rivalRequestIds.push(insertedId);
    }
    await restaurant.patch(`/donation-requests/accept/${requestId}`);
    return { id, title, requestId, rivalRequestIds };
  });
}

/**
 * One donation given to the seeded charity, made as `createAcceptedDonations` makes them.
 * @param {Parameters<typeof createAcceptedDonations>[1]} [options]
 */
export async function createAcceptedDonation(options) {
  const [donation] = await createAcceptedDonations(1, options);
  if (!donation) throw new Error('createAcceptedDonations(1) made no donation');
  return donation;
}

/**
 * A new charity account, registered through the API and given the charity role by the admin: an apiAs handle with
 * its `email` and `name` added. The seed has a single charity; a reassignment needs a second one.
 * @param {{ base?: string }} [options]
 */
export async function registerCharity({ base = BASE_URL } = {}) {
  const account = createRegisterInput();
  const res = await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /auth/register -> ${res.status}: ${text}`);
  const admin = await apiAs(ACCOUNTS.admin, undefined, { base });
  await admin.patch(`/users/role/${JSON.parse(text).user._id}`, { role: 'charity' });
  return { ...(await apiAs(account.email, account.password, { base })), email: account.email, name: account.name };
}

/**
 * The live documents of one of the app's local collections, read from IndexedDB itself rather than from the screen:
 * RxDB's Dexie storage keeps one database per collection (`rxdb-dexie-{database}--{schema version}--{collection}`) and
 * keeps removed documents, marked `_deleted` ('1' where indexed). Every account's database on the page's origin is
 * included.
 * @param {Page} page
 * @param {'donations' | 'outbox' | 'favorites' | 'donationrequests' | 'notifications'} collection
 * @returns {Promise<Record<string, any>[]>}
 */
export function localDocs(page, collection) {
  return page.evaluate(async (collection) => {
    /** @type {<T>(req: IDBRequest<T>) => Promise<T>} */
    const ask = (req) => new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const names = (await indexedDB.databases())
      .map((d) => d.name ?? '')
      .filter((n) => new RegExp(`^rxdb-dexie-foodbridge_[a-z0-9]+--\\d+--${collection}$`).test(n));
    /** @type {Record<string, any>[]} */
    const docs = [];
    for (const name of names) {
      const db = await ask(indexedDB.open(name));
      try {
        if (!db.objectStoreNames.contains('docs')) continue;
        for (const d of await ask(db.transaction('docs', 'readonly').objectStore('docs').getAll())) {
          if (d._deleted !== true && d._deleted !== '1') docs.push(d);
        }
      } finally {
        db.close();
      }
    }
    return docs;
  }, collection);
}

/**
 * The live entries of the app's pickup outbox (see localDocs).
 * @param {Page} page
 * @returns {Promise<{ id: string, donationId: string, state: string, refusal: unknown }[]>}
 */
export async function outboxEntries(page) {
  return (await localDocs(page, 'outbox')).map((d) => ({ id: d.id, donationId: d.donationId, state: d.state, refusal: d.refusal ?? null }));
}

/**
 * Records every pickup confirmation that reaches the network (PATCH /donations/pickup/{id}), from the page or from
 * its service worker (which also replays through Background Sync), and what the server answered. Give it the browser context: Playwright
 * reports the service worker's own requests there. `applied(id)` counts the answers that applied the confirmation
 * (200 without Idempotent-Replayed); a repeat of the same Idempotency-Key is answered from the server's record and
 * does not count. Answers a test's route threw away after the server sent them are added with `note()`.
 * @param {import('playwright-core').BrowserContext} context
 */
export function pickupLog(context) {
  /** @type {{ id: string, key: string | null, status: number, replayed: boolean, from: string }[]} */
  const calls = [];
  const idOf = (/** @type {string} */ url) => new URL(url).pathname.match(/^\/donations\/pickup\/([^/]+)$/)?.[1];
  /** @param {Request} request @param {number} status @param {Record<string, string>} headers */
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
    applied: (/** @type {string} */ id) => calls.filter((c) => c.id === id && c.status === 200 && !c.replayed).length,
    keysOf: (/** @type {string} */ id) => [...new Set(calls.filter((c) => c.id === id).map((c) => c.key))],
    describe: (/** @type {string} */ id) => calls.filter((c) => c.id === id).map((c) => `${c.from} ${c.status}${c.replayed ? ' (replayed)' : ''} key ${c.key}`).join('; '),
  };
}

/**
 * The donation as its charity sees it on the server, or null once it is gone (404).
 * @param {Api} api
 * @param {string} id
 * @returns {Promise<Donation | null>}
 */
export async function serverDonation(api, id) {
  const r = await api.raw('GET', `/donations/${id}`);
  if (r.status === 404) return null;
  if (r.status !== 200) throw new Error(`GET /donations/${id} -> ${r.status}: ${JSON.stringify(r.data)}`);
  return r.data;
}

/** The field screens' sync status line (components/sync-status.tsx). */
export const syncStatus = (/** @type {Page} */ page) => page.getByTestId('sync-status').filter({ visible: true }).first();

/**
 * Takes the page offline and back online, each change seen on its sync status line: what makes the app try whatever
 * waits in its outbox again.
 * @param {Page} page
 */
export async function offlineAndBack(page) {
  await page.context().setOffline(true);
  await syncStatus(page).getByText('Offline').waitFor();
  await page.context().setOffline(false);
  await syncStatus(page).getByText('Online').waitFor();
}

/** The card of a pickup on My Pickups, found by its title (toasts, list items too, are left out). */
export const pickupCard = (/** @type {Page} */ page, /** @type {string} */ title) =>
  page
    .locator('li:not([data-sonner-toast])')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .first();

/**
 * Waits until a picture has loaded (naturalWidth > 0), scrolling it into view first (pictures load lazily).
 * @param {Locator} img
 */
export async function pictureShows(img, what = 'the picture', timeout = 15_000) {
  await img.scrollIntoViewIfNeeded();
  try {
    await img.evaluate(
      (/** @type {HTMLImageElement} */ el, /** @type {number} */ ms) =>
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
    throw new Error(`${what} did not load: ${String(err instanceof Error ? err.message : err).split('\n')[0]}`);
  }
}

export const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
