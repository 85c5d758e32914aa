// @ts-check
// Issue 9: a visitor's All Donations paints its first cards' pictures from the page's HTML, before the app runs (the
// server's first screen, sync-server/src/http/all-donations-first-paint.ts); the app's first render puts its cards in
// the same places with the same pictures, with no skeleton between them; an account never sees that screen. A server
// of its own holds the demo data and more Verified donations than the app's first screen (a list that fits in it
// says its count at once, and gets no first screen from the server). The first screens' scripts also start the worker
// that loads ICU's data off the main thread (pwa/index.html says why).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ACCOUNTS, DESKTOP, PHONE, TIMEOUT, openHarness, signIn } from '../lib/browser.mjs';
import { ensureBuild, rootDir, sleep, startServer } from '../lib/server.mjs';

const MANY = 40;
const h = await openHarness();
/** @type {{ stop: () => Promise<void>, url: string } | null} */
let server = null;
const dataDir = mkdtempSync(join(tmpdir(), 'foodbridge-e2e-first-screen-'));
/** @typedef {import('playwright-core').Page} Page */
/** @typedef {{ src: string | null, x: number, y: number, width: number, height: number }} Picture */

/** From the first byte of every page: the first screen's pictures on show once the HTML is read, the app's first
 * cards' pictures as its first render drew them (the rest of the list, arriving later, may move them), and whether a
 * loading skeleton was ever drawn. */
async function watch(/** @type {Page} */ page) {
  await page.addInitScript(() => {
    const seen = { pictures: /** @type {Picture[]} */ ([]), app: /** @type {Picture[] | null} */ (null), skeleton: false };
    Object.assign(window, { firstScreenSeen: seen });
    const shown = (/** @type {string} */ selector) =>
      [...document.querySelectorAll(selector)]
        .map((img) => ({ img, box: img.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0)
        .map(({ img, box }) => ({ src: img.getAttribute('src'), x: box.x, y: box.y, width: box.width, height: box.height }));
    new MutationObserver(() => {
      if (document.querySelector('[aria-busy="true"]')) seen.skeleton = true;
      if (!seen.app && document.querySelector('article img')) seen.app = shown('article img');
    }).observe(document, { childList: true, subtree: true });
    // Before the module scripts' work ends (the app renders later, once its chunks and its first answer are in).
    document.addEventListener('DOMContentLoaded', () => (seen.pictures = shown('#first-paint-all-donations img')));
  });
}
/** `promise`, or a failure saying `what` once the suite's timeout has passed. @template T @param {Promise<T>} promise @param {string} what */
const within = (promise, what) => Promise.race([promise, sleep(TIMEOUT).then(() => assert.fail(what))]);
const seenOn = (/** @type {Page} */ page) => page.evaluate(() => /** @type {any} */ (window).firstScreenSeen);
const rounded = (/** @type {Picture} */ p) => ({ ...p, x: Math.round(p.x), y: Math.round(p.y), width: Math.round(p.width), height: Math.round(p.height) });

describe("All Donations' first screen from the server", () => {
  before(async () => {
    const tsx = join(rootDir, 'node_modules', '.bin', 'tsx');
    const made = spawnSync(tsx, ['sync-server/src/bench/many-donations.ts', dataDir, String(MANY)], { cwd: rootDir, encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`many-donations.ts failed (${made.status}): ${made.stderr.slice(-2000)}`);
    // The suite's build (run.mjs) or, against an outside server, one of our own.
    server = await startServer({ dist: process.env.E2E_SERVER_DIST ?? ensureBuild(), seed: 'never', env: { DATA_DIR: dataDir } });
  });
  after(async () => {
    await h.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [name, device, perRow] of /** @type {const} */ ([
    ['phone', PHONE, 1],
    ['desktop', DESKTOP, 3],
  ])) {
    it(
      `a visitor on a ${name} sees the first row's pictures before the app, and the app's cards take their places`,
      h.guard(`first screen ${name}`, async () => {
        const page = await h.context(`visitor ${name}`, device, { baseURL: server?.url });
        await watch(page);
        await page.goto('/allDonations');
        await page.locator('article img').first().waitFor();
        const seen = await seenOn(page);
        assert.equal(seen.pictures.length, perRow, `${perRow} picture(s) on show before the app ran: ${JSON.stringify(seen.pictures)}`);
        const drawn = /** @type {Picture[]} */ (seen.app).slice(0, perRow);
        assert.deepEqual(drawn.map(rounded), seen.pictures.map(rounded), 'the same pictures at the same places');
        assert.equal(seen.skeleton, false, 'no loading skeleton between the first screen and the list');
      }),
    );
  }

  it(
    "both first screens start the worker that loads ICU's data off the main thread, under the page's own policy",
    h.guard('first screen ICU worker', async () => {
      for (const path of ['/', '/allDonations']) {
        const page = await h.context(`visitor ${path}`, PHONE, { baseURL: server?.url });
        await page.addInitScript(() => {
          const blocked = /** @type {string[]} */ ([]);
          Object.assign(window, { blocked });
          document.addEventListener('securitypolicyviolation', (e) => blocked.push(`${e.violatedDirective} ${e.blockedURI}`));
        });
        // Its end is watched from its start: it may be over before anything here asks.
        /** @type {Promise<{ url: string, ended: Promise<unknown> }>} */
        const started = new Promise((resolve) => page.once('worker', (w) => resolve({ url: w.url(), ended: new Promise((r) => w.once('close', r)) })));
        await page.goto(path);
        const worker = await within(started, `${path}: no worker started`);
        assert.equal(new URL(worker.url).pathname, '/intl-warm.js', `${path}: the ICU worker started`);
        // It ends itself once its formats are made: it ran, and it holds no thread for the rest of the visit.
        await within(worker.ended, `${path}: the worker did not end`);
        await page.locator('h1').first().waitFor({ state: 'attached' });
        assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).blocked), [], `${path}: nothing refused by the Content-Security-Policy`);
      }
    }),
  );

  it(
    'an account opening All Donations does not see it (its list is its own)',
    h.guard('first screen signed in', async () => {
      const page = await h.context('charity', PHONE, { baseURL: server?.url });
      await signIn(page, ACCOUNTS.charity);
      await watch(page);
      await page.goto('/allDonations');
      await page.locator('article img').first().waitFor();
      assert.deepEqual((await seenOn(page)).pictures, [], 'no first screen on show');
    }),
  );
});
