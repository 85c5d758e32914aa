#!/usr/bin/env node
// @ts-check
// Issue 9's figures of a charity's open app in headless Chromium, each beside a reference measured in the same run
// where there is one (not a test: no figure here fails anything). The real sync-server runs on a data folder of its
// own holding the demo accounts and 10,000 more Verified donations (sync-server/src/bench/many-donations.ts); the
// charity signs in on a fresh profile and opens All Donations, which lists them all.
// - live change: the admin verifies a Pending donation through the API; timed from the request until the open
//   All Donations page shows its card (the frame after), beside a bare EventSource client on the same charity's pull
//   stream in another page of the same browser, receiving the same change;
// - repeat visit: the same page reloaded with its local store full and nothing changed: the bytes of the API's
//   answers (headers and bodies as they came over the wire; the app's files and pictures left out);
// - offline pickups: 200 donations accepted for the charity, each confirmed on My Pickups while offline, then online
//   again: the time until the outbox is empty, and the confirmations the server applied (its
//   foodbridge_pickup_confirmations_total counter and each donation's status);
// - messages (issue 48): the charity writes in a pickup's conversation on the donation's page; timed from its tap on
//   Send until the restaurant's open conversation (another browser context) shows the message (the frame after),
//   beside a bare EventSource client on the restaurant's messages stream receiving the same message.
//
//   node pwa/e2e/bench-live.mjs            prints the figures
//   node pwa/e2e/bench-live.mjs --json     also prints them as one JSON line on stdout (npm run bench reads it)
//
// Environment: BENCH_LIST_SIZE (default 10000), BENCH_LIVE_CHANGES (default 50), BENCH_PICKUPS (default 200),
// BENCH_MESSAGES (default 50),
// E2E_PWA_DIST (a build to use; otherwise the PWA is built into a temporary folder), CHROMIUM_PATH.
import { register } from 'tsx/esm/api';
import { ACCOUNTS, DESKTOP, apiAs, launchChromium, openFromMenu, signIn } from './lib/browser.mjs';
import { kB, median, msOf, openBench, pct, say, secs } from './lib/bench.mjs';
import { sleep } from './lib/server.mjs';

// The test data's factories are TypeScript (run.mjs gives the tests tsx's loader; run alone, this does).
register();
const { createDonationInput } = await import('@foodbridge/shared/testing/factories');
const { createAcceptedDonations, outboxEntries, serverDonation, syncStatus, uploadPicture } = await import('./lib/pwa.mjs');

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('./lib/bench.mjs').Row} Row */

const SIZE = Number(process.env.BENCH_LIST_SIZE ?? 10_000);
const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 50);
const PICKUPS = Number(process.env.BENCH_PICKUPS ?? 200);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50);


/**
 * Answers of the server's API: what the app's code fetched (fetch, XMLHttpRequest, EventSource), pictures left out;
 * not navigations, scripts, styles or the app's other files.
 * @param {string} type CDP's resource type
 * @param {string} url
 */
const isApiCall = (type, url) => ['Fetch', 'XHR', 'EventSource'].includes(type) && !new URL(url).pathname.startsWith('/images/');

/** The server's count of pickup confirmations by outcome (applied, repeated, refused). */
async function confirmationsOf(/** @type {string} */ base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const of = (/** @type {string} */ outcome) => Number(new RegExp(`foodbridge_pickup_confirmations_total\\{outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { applied: of('applied'), repeated: of('repeated'), refused: of('refused') };
}

/**
 * The reference of a live figure: a bare EventSource on an account's pull stream of `collection`, in a page of its own
 * (its own renderer), keeping each message with the time it came.
 * @param {Browser} b @param {string} base @param {import('./lib/browser.mjs').Api} account @param {string} collection
 */
async function bareStream(b, base, account, collection) {
  const ctx = await b.newContext({ baseURL: base, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  await page.route(`${base}/__bench/bare`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bare</title>' }));
  await page.goto('/__bench/bare');
  const { ticket } = await account.post('/sync/stream-ticket', {});
  await page.evaluate(
    ([t, c]) =>
      new Promise((resolve, reject) => {
        const w = /** @type {any} */ (window);
        w.benchMessages = [];
        const source = new EventSource(`/sync/${c}/pull/stream?ticket=${encodeURIComponent(t)}`);
        source.onmessage = (e) => {
          w.benchMessages.push({ at: Date.now(), data: e.data });
          resolve(true);
        };
        source.onerror = () => reject(new Error('the bare EventSource failed'));
      }),
    [ticket, collection],
  );
  return {
    close: () => ctx.close(),
    /** When (Date.now) a message holding `want` came. @param {string} want */
    async receivedAt(want) {
      const got = await page.waitForFunction(
        (w) => /** @type {any} */ (window).benchMessages.find((/** @type {{ at: number, data: string }} */ m) => m.data.includes(w))?.at ?? false,
        want,
        { timeout: 30_000, polling: 20 },
      );
      return /** @type {number} */ (await got.jsonValue());
    },
  };
}

/**
 * Watches a page for the text it is told to want, in elements matching `selector` (the whole text, or within it): the
 * time (Date.now) of the frame after it appeared.
 * @param {Page} page @param {string} selector @param {boolean} whole
 */
async function watchShown(page, selector, whole) {
  await page.evaluate(
    ([sel, exact]) => {
      const w = /** @type {any} */ (window);
      w.benchSeen = {};
      new MutationObserver(() => {
        const want = w.benchWant;
        if (!want || w.benchSeen[want]) return;
        for (const el of document.querySelectorAll(/** @type {string} */ (sel))) {
          if (exact ? el.textContent === want : el.textContent?.includes(want)) {
            w.benchSeen[want] = -1;
            requestAnimationFrame(() => (w.benchSeen[want] = Date.now()));
            return;
          }
        }
      }).observe(document.body, { childList: true, characterData: true, subtree: true });
    },
    /** @type {[string, boolean]} */ ([selector, whole]),
  );
  return {
    /** @param {string} text */
    want: (text) => page.evaluate((t) => (/** @type {any} */ (window).benchWant = t), text),
    /** @param {string} text */
    async shownAt(text) {
      await page.waitForFunction((t) => /** @type {any} */ (window).benchSeen[t] > 0, text, { timeout: 30_000, polling: 20 });
      return page.evaluate((t) => /** @type {number} */ (/** @type {any} */ (window).benchSeen[t]), text);
    },
  };
}

// --- Data and server ---------------------------------------------------------------------------------------------------
/** @type {Browser | null} */
let browser = null;
const { server, finish, fail } = await openBench({ name: 'live', size: SIZE, browser: () => browser, env: { RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn' } });

try {
  const base = server.url;

  const [restaurant, admin, charity] = await Promise.all([
    apiAs(ACCOUNTS.restaurant, undefined, { base }),
    apiAs(ACCOUNTS.admin, undefined, { base }),
    apiAs(ACCOUNTS.charity, undefined, { base }),
  ]);
  // Made before the charity signs in, so that its first pull brings them and nothing is left to change later.
  const tag = Date.now().toString(36);
  const t1 = performance.now();
  const pickups = await createAcceptedDonations(PICKUPS, { tag, base, titlePrefix: 'Bench pickup' });
  say(`· ${PICKUPS} donations accepted for the charity (${secs(performance.now() - t1)})`);
  const image = await uploadPicture(restaurant, { base });
  /** @type {{ id: string, title: string }[]} */
  const pending = [];
  for (let i = 0; i < CHANGES; i++) {
    const title = `Bench live ${String(i + 1).padStart(2, '0')} ${tag}`;
    const { insertedId } = await restaurant.post('/donations', createDonationInput({ title, image }));
    pending.push({ id: insertedId, title });
  }

  browser = await launchChromium();
  const b = browser;
  const ctx = await b.newContext({ ...DESKTOP, baseURL: base, serviceWorkers: 'block', timezoneId: 'UTC', locale: 'en-US' });
  ctx.setDefaultTimeout(120_000);
  const page = await ctx.newPage();

  // The charity's All Donations, every donation listed, every document in the local store.
  await signIn(page, ACCOUNTS.charity);
  await page.getByRole('navigation').getByRole('link', { name: 'All Donations', exact: true }).first().click();
  await page.locator('li[aria-setsize]').first().waitFor({ timeout: 120_000 });
  /** Waits until the line counting the list says at least SIZE. */
  const listedAll = () =>
    page
      .waitForFunction(
        (min) => [...document.querySelectorAll('p[aria-live="polite"]')].some((p) => Number((/^([\d,]+) donations available$/.exec(p.textContent ?? '')?.[1] ?? '0').replace(/,/g, '')) >= min),
        SIZE,
        { timeout: 120_000, polling: 50 },
      )
      .catch(async (err) => {
        const lines = await page.evaluate(() => [...document.querySelectorAll('p[aria-live="polite"]')].map((p) => p.textContent));
        throw new Error(`All Donations did not count ${SIZE} donations (its lines: ${JSON.stringify(lines)} at ${page.url()}): ${err}`);
      });
  await listedAll();
  const listedBefore = (await page.getByText(/^[\d,]+ donations available$/).first().textContent()) ?? '';
  say(`· All Donations open: ${listedBefore}`);
  await sleep(2000);

  // --- 1. Live change --------------------------------------------------------------------------------------------------
  // Watches the list for a card's heading.
  const cards = await watchShown(page, 'li[aria-setsize] h3', true);

  // The reference: a bare EventSource on the charity's own pull stream.
  const bare = await bareStream(b, base, charity, 'donations');

  /** @type {number[]} */
  const shown = [];
  /** @type {number[]} */
  const received = [];
  /** @type {number[]} */
  const answered = [];
  for (const { id, title } of pending) {
    await cards.want(title);
    const started = Date.now();
    await admin.patch(`/donations/verify/${id}`);
    answered.push(Date.now() - started);
    const at = await cards.shownAt(title);
    shown.push(at - started);
    received.push((await bare.receivedAt(id)) - started);
    await sleep(200);
  }
  await bare.close();
  say(`  live change: shown p50 ${msOf(median(shown))} (max ${msOf(Math.max(...shown))}); bare EventSource p50 ${msOf(median(received))}; verify answered p50 ${msOf(median(answered))}`);

  // --- 2. Repeat visit with nothing changed ------------------------------------------------------------------------------
  await sleep(3000);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  /** @type {Map<string, { url: string, bytes: number, done: boolean }>} */
  const responses = new Map();
  let counting = false;
  cdp.on('Network.responseReceived', (e) => {
    if (!counting || !isApiCall(e.type ?? '', e.response.url)) return;
    responses.set(e.requestId, { url: e.response.url, bytes: e.response.encodedDataLength ?? 0, done: false });
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = responses.get(e.requestId);
    if (r && !r.done) r.bytes += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = responses.get(e.requestId);
    // The whole response as it came over the wire, headers included.
    if (r) Object.assign(r, { bytes: Math.max(r.bytes, e.encodedDataLength), done: true });
  });
  counting = true;
  const reloaded = performance.now();
  await page.reload();
  await page.locator('li[aria-setsize]').first().waitFor({ timeout: 60_000 });
  await listedAll();
  const listedIn = performance.now() - reloaded;
  // Whatever the app does once the list is up (its stream opening, a catch-up pull) counts too.
  await sleep(5000);
  counting = false;
  const api = [...responses.values()];
  const apiBytes = api.reduce((n, r) => n + r.bytes, 0);
  /** @type {Map<string, number>} */
  const byPath = new Map();
  for (const r of api) {
    const path = new URL(r.url).pathname.replace(/[0-9a-f-]{36}/g, '{id}');
    byPath.set(path, (byPath.get(path) ?? 0) + r.bytes);
  }
  const paths = [...byPath].sort((x, y) => y[1] - x[1]).map(([path, bytes]) => `${path} ${kB(bytes)}`);
  say(`  repeat visit: ${api.length} API answers, ${apiBytes} bytes (${paths.join(', ')}); list back in ${msOf(listedIn)}`);
  await cdp.detach();

  // --- 3. 200 pickups confirmed offline, then online ------------------------------------------------------------------------
  await openFromMenu(page, 'My Pickups');
  await syncStatus(page).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Confirm Pickup', exact: true }).first().waitFor({ timeout: 60_000 });
  await ctx.setOffline(true);
  await syncStatus(page).getByText('Offline').waitFor();
  const tq = performance.now();
  for (let i = 0; i < PICKUPS; i++) {
    const button = page.getByRole('button', { name: 'Confirm Pickup', exact: true }).filter({ visible: true }).first();
    // The list draws only what is on screen: further down for the next one when none is drawn.
    for (let tries = 0; !(await button.count()); tries++) {
      if (tries > 50) throw new Error(`no Confirm Pickup button left after ${i} confirmations`);
      await page.mouse.wheel(0, 600);
      await sleep(100);
    }
    await button.scrollIntoViewIfNeeded();
    await button.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /confirm/i }).last().click();
    await syncStatus(page).getByText(`${i + 1} ${i ? 'pickups' : 'pickup'} waiting to sync`).waitFor();
  }
  const queuedIn = performance.now() - tq;
  const queued = (await outboxEntries(page)).length;
  say(`  ${queued} confirmations in the outbox (${secs(queuedIn)} to confirm them offline)`);
  const before = await confirmationsOf(base);
  const online = performance.now();
  await ctx.setOffline(false);
  let emptyAfter = NaN;
  for (const end = Date.now() + 300_000; Date.now() < end; ) {
    if ((await outboxEntries(page)).length === 0) {
      emptyAfter = performance.now() - online;
      break;
    }
    await sleep(50);
  }
  if (Number.isNaN(emptyAfter)) throw new Error(`the outbox still holds ${(await outboxEntries(page)).length} confirmations after 5 minutes online`);
  await sleep(2000);
  const after = await confirmationsOf(base);
  const applied = after.applied - before.applied;
  const repeated = after.repeated - before.repeated;
  const refused = after.refused - before.refused;
  let picked = 0;
  for (const { id } of pickups) if ((await serverDonation(charity, id))?.status === 'Picked') picked += 1;
  say(`  online: outbox empty after ${secs(emptyAfter)}; applied ${applied}, repeated ${repeated}, refused ${refused}; ${picked} Picked`);

  // --- 4. Messages to the other side's open conversation ------------------------------------------------------------------
  const [talk] = await createAcceptedDonations(1, { tag: `${tag}m`, base, titlePrefix: 'Bench talk' });
  if (!talk) throw new Error('no donation to talk about');
  /** @type {{ _id: string, donationId: string }[]} */
  const requests = await restaurant.get('/donation-requests');
  const talkRequest = requests.find((r) => r.donationId === talk.id);
  if (!talkRequest) throw new Error(`the restaurant has no request for ${talk.id}`);
  // The charity (sender) on the donation's page, its conversation shown there.
  await page.goto(`/donations/${talk.id}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.waitFor({ timeout: 60_000 });
  // The restaurant (reader) in a context of its own, the conversation open in its dialog.
  const rCtx = await b.newContext({ ...DESKTOP, baseURL: base, serviceWorkers: 'block', timezoneId: 'UTC', locale: 'en-US' });
  rCtx.setDefaultTimeout(120_000);
  const reader = await rCtx.newPage();
  await signIn(reader, ACCOUNTS.restaurant);
  await reader.goto(`/donations/${talk.id}`);
  await reader.getByRole('region', { name: 'Messages' }).getByRole('button', { name: /^Messages with / }).click();
  await reader.getByRole('log', { name: 'Conversation' }).waitFor();
  await sleep(2000);
  const thread = await watchShown(reader, '[role="log"]', false);
  // The reference: a bare EventSource on the restaurant's messages stream.
  const bareMessages = await bareStream(b, base, restaurant, 'messages');
  /** @type {number[]} */
  const messageShown = [];
  /** @type {number[]} */
  const messageReceived = [];
  const send = page.getByRole('button', { name: 'Send', exact: true });
  for (let i = 0; i < MESSAGES; i++) {
    const text = `Bench message ${String(i + 1).padStart(2, '0')} ${tag}`;
    await thread.want(text);
    await composer.fill(text);
    // The tap, timed in the page: the click's own time, not the test's round trip to the browser.
    const started = await send.evaluate((button) => {
      const at = Date.now();
      /** @type {HTMLButtonElement} */ (button).click();
      return at;
    });
    messageShown.push((await thread.shownAt(text)) - started);
    messageReceived.push((await bareMessages.receivedAt(text)) - started);
    await sleep(200);
  }
  const stored = /** @type {unknown[]} */ (await restaurant.get(`/donation-requests/${talkRequest._id}/messages`)).length;
  await Promise.all([rCtx.close(), bareMessages.close()]);
  say(
    `  messages: shown p50 ${msOf(median(messageShown))}, p95 ${msOf(pct(messageShown, 0.95))}; bare EventSource p50 ${msOf(median(messageReceived))}, p95 ${msOf(pct(messageReceived, 0.95))}; ${stored} stored`,
  );

  // --- Figures ---------------------------------------------------------------------------------------------------------
  const p50 = median(shown);
  const ref = median(received);
  const n = Number(/^[\d,]+/.exec(listedBefore)?.[0].replace(/,/g, '') ?? SIZE).toLocaleString('en');
  const allOnce = applied === PICKUPS && picked === PICKUPS && refused === 0;
  /** @type {Row[]} */
  const rows = [
    {
      figure: `live change to an open All Donations of ${n}: the admin's verify to the frame showing its card, p50 of ${shown.length} (max)`,
      result: `${msOf(p50)} (${(p50 / ref).toFixed(1)}x; max ${msOf(Math.max(...shown))})`,
      reference: `a bare EventSource client on the same charity's stream receiving it: p50 ${msOf(ref)} (the verify's answer: p50 ${msOf(median(answered))})`,
      target: 'p50 <= 100 ms, <= 3x the reference',
      verdict: p50 <= 100 && p50 <= 3 * ref ? 'ok' : 'MISSED',
    },
    {
      figure: `repeat visit with nothing changed: All Donations (${n}) reloaded with the local store full, API bytes on the wire until 5 s after it lists them`,
      result: `${kB(apiBytes)} in ${api.length} answers (${paths.join(', ')})`,
      reference: '-',
      target: '< 10 kB',
      verdict: apiBytes < 10_000 ? 'ok' : 'MISSED',
    },
    {
      figure: `${PICKUPS} pickups confirmed on My Pickups offline, then online: time until the outbox is empty, confirmations applied on the server`,
      result: `${secs(emptyAfter)}; ${applied} applied (${repeated} repeats answered from the record, ${refused} refused), ${picked} donations Picked`,
      reference: '-',
      target: `all ${PICKUPS}, once each`,
      verdict: allOnce ? 'ok' : 'MISSED',
    },
  ];
  const m50 = median(messageShown);
  const mRef = median(messageReceived);
  rows.push({
    figure: `a message to the other side's open conversation: the sender's tap on Send to the frame showing it there, p50 and p95 of ${messageShown.length}`,
    result: `${msOf(m50)} (${(m50 / mRef).toFixed(1)}x); p95 ${msOf(pct(messageShown, 0.95))}; ${stored} stored`,
    reference: `a bare EventSource client on the reader's messages stream receiving it: p50 ${msOf(mRef)}, p95 ${msOf(pct(messageReceived, 0.95))}`,
    target: 'p50 <= 200 ms, <= 3x the reference; each stored once',
    verdict: m50 <= 200 && m50 <= 3 * mRef && stored === messageShown.length ? 'ok' : 'MISSED',
  });
  await finish(rows, { size: SIZE, changes: CHANGES, pickups: PICKUPS, messages: MESSAGES });
} catch (err) {
  await fail(err);
}
