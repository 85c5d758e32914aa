#!/usr/bin/env node
// @ts-check
// Issue 49's figures of a charity driver's installed app on a weak signal, in headless Chromium with the DevTools
// protocol's network and CPU emulation (400 kbit/s down, 150 kbit/s up, 600 ms round trip, CPU 4x slower), each
// beside the same figure on the unthrottled link in the same run. The real sync-server runs on a data folder of its
// own holding the demo accounts and 10,000 more Verified donations; 20 more are accepted for the demo charity, whose
// installed app (service worker on) has its local store warm.
// - open: a new window of the app on My Pickups, from the navigation until its first Confirm Pickup button shows
//   (medians of 3); the API calls still open at that moment are named (none should be needed for it);
// - offline queue: 10 pickups confirmed offline, then the link returns (throttled): until the server holds all 10,
//   and how many times the server applied each.
//
//   node pwa/e2e/bench-field.mjs            prints the figures
//   node pwa/e2e/bench-field.mjs --json     also prints them as one JSON line on stdout (npm run bench reads it)
//
// Environment: BENCH_LIST_SIZE (default 10000), BENCH_ROUNDS (default 3), E2E_PWA_DIST, CHROMIUM_PATH, and
// BENCH_FIELD_PROFILE=<folder> to write a CPU profile of each throttled open there.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { ACCOUNTS, PHONE, apiAs, launchChromium, openFromMenu, signIn } from './lib/browser.mjs';
import { median, msOf, openBench, say, secs } from './lib/bench.mjs';
import { sleep } from './lib/server.mjs';

register();
const { createAcceptedDonations, pickupCard, serverDonation, syncStatus, waitForServiceWorker } = await import('./lib/pwa.mjs');

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').BrowserContext} BrowserContext */
/** @typedef {import('./lib/bench.mjs').Row} Row */

const SIZE = Number(process.env.BENCH_LIST_SIZE ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PICKUPS = 21;
/** The app's chunk of a photo's upload (lib/db/photo-outbox). */
const CHUNK_BYTES = 256 * 1024;
const QUEUED = 10;
/** The weak signal: DevTools takes throughputs in bytes per second. */
const WEAK = { offline: false, latency: 600, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (150 * 1000) / 8 };
const CPU_SLOWDOWN = 4;
const PROFILE_DIR = process.env.BENCH_FIELD_PROFILE;
const OPEN_TARGET_MS = 1500;
const QUEUE_TARGET_MS = 60_000;

/**
 * Applies the weak link and the slow CPU to a page (or lifts them), through its own DevTools session.
 * @param {import('playwright-core').CDPSession} cdp @param {boolean} weak
 */
async function emulate(cdp, weak) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', weak ? WEAK : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: weak ? CPU_SLOWDOWN : 1 });
}

/**
 * A new window of the installed app on My Pickups: the time from the navigation until its first Confirm Pickup
 * button shows, and the API calls still waiting for an answer at that moment.
 * @param {BrowserContext} ctx @param {boolean} weak
 */
async function openPickups(ctx, weak) {
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    const watch = new MutationObserver(() => {
      for (const b of document.querySelectorAll('button')) {
        if (b.textContent?.trim() !== 'Confirm Pickup') continue;
        watch.disconnect();
        requestAnimationFrame(() => (w.benchShown = performance.now()));
        return;
      }
    });
    const start = () => watch.observe(document.documentElement, { childList: true, subtree: true });
    if (document.documentElement) start();
    else document.addEventListener('readystatechange', start, { once: true });
  });
  const cdp = await ctx.newCDPSession(page);
  await emulate(cdp, weak);
  /** @type {Map<string, { url: string, at: number, end?: number }>} */
  const calls = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (['Fetch', 'XHR', 'EventSource'].includes(e.type ?? '')) calls.set(e.requestId, { url: e.request.url, at: performance.now() });
  });
  const ended = (/** @type {{ requestId: string }} */ e) => {
    const c = calls.get(e.requestId);
    if (c) c.end = performance.now();
  };
  cdp.on('Network.loadingFinished', ended);
  cdp.on('Network.loadingFailed', ended);
  const profiling = weak && PROFILE_DIR;
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  const started = performance.now();
  await page.goto('/dashBoard/myPickups', { waitUntil: 'commit' });
  // Read in the page, from the navigation's start to the frame after the button appeared: Playwright's own role
  // queries would run in the throttled page and cost it CPU.
  await page.waitForFunction(() => /** @type {any} */ (window).benchShown > 0, null, { timeout: 60_000, polling: 200 });
  const ms = await page.evaluate(() => /** @type {number} */ (/** @type {any} */ (window).benchShown));
  if (profiling) {
    const { profile } = await cdp.send('Profiler.stop');
    const file = join(PROFILE_DIR, `my-pickups-weak-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    say(`    CPU profile: ${file} (open it in Chromium's DevTools, Performance panel)`);
  }
  const open = [...calls.values()].filter((c) => c.end === undefined || c.end > started + ms + 100).map((c) => new URL(c.url).pathname);
  const done = [...calls.values()].filter((c) => c.end !== undefined && c.end <= started + ms + 100).map((c) => `${new URL(c.url).pathname} ${msOf((c.end ?? 0) - started)}`);
  await cdp.detach().catch(() => {});
  await page.close();
  return { ms, open, done };
}

/**
 * `count` photo-like JPEGs of about 1 MB (3,200 x 2,400, blurred noise: resized on the device they stay ~250 kB,
 * where a flat colour would shrink to nothing), written to a temporary folder. More `sigma` and less `blur`: more
 * detail, a bigger file.
 * @param {number} count @param {{ sigma?: number, blur?: number }} [detail]
 */
async function photoFiles(count, { sigma = 36, blur = 1.65 } = {}) {
  const { default: sharp } = await import('sharp');
  const dir = mkdtempSync(join(tmpdir(), 'fb-field-photos-'));
  /** @type {string[]} */
  const files = [];
  for (let i = 0; i < count; i++) {
    const bytes = await sharp({ create: { width: 3200, height: 2400, channels: 3, background: '#787878', noise: { type: 'gaussian', mean: 120 + 10 * i, sigma } } })
      .blur(blur)
      .jpeg({ quality: 85 })
      .toBuffer();
    const file = join(dir, `pickup-${Date.now().toString(36)}-${i}.jpg`);
    writeFileSync(file, bytes);
    files.push(file);
  }
  return files;
}

/**
 * Confirm Pickup on a card, in the report dialog, with these photos added first (waiting until each is resized).
 * @param {Page} page @param {string} title @param {string[]} files
 */
async function confirmWith(page, title, files) {
  const card = pickupCard(page, title);
  await card.getByRole('button', { name: 'Confirm Pickup', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  if (files.length) {
    await dialog.locator('input[type="file"]').setInputFiles(files);
    await dialog.getByRole('img', { name: new RegExp(`^Photo ${files.length}$`) }).waitFor({ timeout: 60_000 });
  }
  await dialog.getByRole('button', { name: /confirm/i }).click();
  return card;
}

/** @param {Page} page @param {string} title @param {string[]} files */
async function confirmOffline(page, title, files) {
  const card = await confirmWith(page, title, files);
  await card.getByText(/waiting to sync/i).first().waitFor();
}

/** @param {Page} page @param {string} title @param {string[]} files */
async function confirmOnline(page, title, files) {
  await confirmWith(page, title, files);
}

/**
 * The photo chunks a page sends (PATCH .../photos/{photoId}), read through its DevTools session: where each began,
 * and what became of it (the server's status, or 0 when the link broke under it).
 * @param {import('playwright-core').CDPSession} cdp
 */
function photoUploads(cdp) {
  /** @type {Map<string, { offset: number, length: number, status: number }>} */
  let chunks = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.method !== 'PATCH' || !/\/photos\/[^/]+$/.test(new URL(e.request.url).pathname)) return;
    const header = (/** @type {string} */ name) => Number(Object.entries(e.request.headers).find(([k]) => k.toLowerCase() === name)?.[1] ?? -1);
    chunks.set(e.requestId, { offset: header('upload-offset'), length: header('upload-length'), status: -1 });
  });
  cdp.on('Network.responseReceived', (e) => {
    const c = chunks.get(e.requestId);
    if (c) c.status = e.response.status;
  });
  cdp.on('Network.loadingFailed', (e) => {
    const c = chunks.get(e.requestId);
    if (c && c.status === -1) c.status = 0;
  });
  const list = () => [...chunks.values()];
  const sizeOf = (/** @type {{ offset: number, length: number }} */ c) => Math.min(CHUNK_BYTES, c.length - c.offset);
  return {
    reset: () => void (chunks = new Map()),
    /** Until `n` chunks were answered 204 (taken, more to come). @param {number} n */
    past: (n) => eventuallyTrue(async () => list().filter((c) => c.status === 204).length >= n, 180_000),
    /** Uploads begun at byte 0. */
    starts: () => list().filter((c) => c.offset === 0).length,
    sentBytes: () => list().reduce((n, c) => n + sizeOf(c), 0),
    length: () => list()[0]?.length ?? 0,
    /** Where the first chunk after a broken one began (-1: none broke). */
    resumedAt: () => {
      const all = list();
      const broken = all.findIndex((c) => c.status === 0);
      return broken >= 0 ? (all[broken + 1]?.offset ?? -1) : -1;
    },
    /** Whether a chunk broke (the link went under it, or before it). */
    broke: () => list().some((c) => c.status === 0),
    describe: () => list().map((c) => `${c.offset}:${c.status}`).join(' '),
  };
}

/** @param {() => Promise<boolean>} check @param {number} timeout */
async function eventuallyTrue(check, timeout) {
  const end = performance.now() + timeout;
  while (performance.now() < end) {
    if (await check().catch(() => false)) return true;
    await sleep(250);
  }
  return false;
}

/** @type {Browser | null} */
let browser = null;
const { server, finish, fail } = await openBench({ name: 'field', size: SIZE, browser: () => browser, env: { RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn' } });

try {
  const base = server.url;
  const [charity, restaurant] = await Promise.all([apiAs(ACCOUNTS.charity, undefined, { base }), apiAs(ACCOUNTS.restaurant, undefined, { base })]);
  const t1 = performance.now();
  const pickups = await createAcceptedDonations(PICKUPS, { base, titlePrefix: 'Field pickup' });
  say(`· ${PICKUPS} donations accepted for the charity (${secs(performance.now() - t1)})`);

  browser = await launchChromium();
  const ctx = await browser.newContext({ ...PHONE, baseURL: base, serviceWorkers: 'allow', timezoneId: 'UTC', locale: 'en-US' });
  ctx.setDefaultTimeout(120_000);
  // Installed and warm: signed in, the worker in control, the whole store pulled (All Donations counts them all).
  const first = await ctx.newPage();
  await signIn(first, ACCOUNTS.charity);
  await waitForServiceWorker(first);
  await first.goto('/allDonations');
  await first.waitForFunction(
    (min) => [...document.querySelectorAll('p[aria-live="polite"]')].some((p) => Number((/^([\d,]+) donations available$/.exec(p.textContent ?? '')?.[1] ?? '0').replace(/,/g, '')) >= min),
    SIZE,
    { timeout: 180_000, polling: 100 },
  );
  await openFromMenu(first, 'My Pickups');
  await first.getByRole('button', { name: 'Confirm Pickup', exact: true }).first().waitFor();
  await syncStatus(first).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 60_000 });
  // A driver's look at the list: the screen's snapshot for the next window is kept meanwhile.
  await sleep(2000);
  await first.close();
  say('· the charity’s app installed, its store warm');

  // --- 1. Opening My Pickups --------------------------------------------------------------------------------------------
  /** @type {Record<'weak' | 'fast', number[]>} */
  const opens = { weak: [], fast: [] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const weak of [false, true]) {
      const r = await openPickups(ctx, weak);
      opens[weak ? 'weak' : 'fast'].push(r.ms);
      say(`  open ${weak ? 'weak' : 'fast'} #${i + 1}: ${msOf(r.ms)}; waiting then: ${r.open.join(', ') || 'nothing'}; answered before: ${r.done.join(', ') || 'nothing'}`);
      await sleep(1000);
    }
  }
  const openWeak = median(opens.weak);
  const openFast = median(opens.fast);

  // --- 2. Ten confirmations and two photos queued offline, then the link returns ----------------------------------------
  const photos = await photoFiles(2);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  const uploads = photoUploads(cdp);
  await page.goto('/dashBoard/myPickups');
  await page.getByRole('button', { name: 'Confirm Pickup', exact: true }).first().waitFor();
  /**
   * Confirms `batch` offline (the first one with `files` as its photos), lets the link return (weak or not), and times
   * until the server holds every confirmation and photo.
   * @param {{ id: string, title: string }[]} batch @param {string[]} files @param {boolean} weak
   */
  async function queueAndReturn(batch, files, weak) {
    await ctx.setOffline(true);
    await syncStatus(page).getByText('Offline').waitFor();
    for (const [i, { title }] of batch.entries()) await confirmOffline(page, title, i === 0 ? files : []);
    const back = performance.now();
    await ctx.setOffline(false);
    await emulate(cdp, weak);
    const withPhotos = batch[0]?.id ?? '';
    /** @type {string[]} */
    let missing = batch.map((d) => d.id);
    let photosIn = 0;
    while ((missing.length || photosIn < files.length) && performance.now() - back < 180_000) {
      const states = await Promise.all(missing.map(async (id) => ((await serverDonation(charity, id))?.status === 'Picked' ? null : id)));
      missing = states.filter((id) => id !== null);
      photosIn = (await restaurant.get(`/donations/${withPhotos}/pickup-photos`)).length;
      if (missing.length || photosIn < files.length) await sleep(250);
    }
    const ms = performance.now() - back;
    await emulate(cdp, false);
    const applied = await Promise.all(batch.map(async ({ id }) => (await restaurant.get(`/donations/${id}/history`)).filter((/** @type {{ kind: string }} */ e) => e.kind === 'pickup.confirmed').length));
    return { ms, missing: missing.length, photosIn, once: applied.every((n) => n === 1) };
  }
  const fastQueue = await queueAndReturn(pickups.slice(QUEUED, 2 * QUEUED), photos, false);
  say(`  queued, unthrottled: ${secs(fastQueue.ms)} (${fastQueue.missing} missing, ${fastQueue.photosIn} photos, each once: ${fastQueue.once})`);
  const weakQueue = await queueAndReturn(pickups.slice(0, QUEUED), photos, true);
  say(`  queued, weak: ${secs(weakQueue.ms)} (${weakQueue.missing} missing, ${weakQueue.photosIn} photos, each once: ${weakQueue.once})`);

  // --- 3. The link drops in the middle of a photo's upload ---------------------------------------------------------------
  const dropped = pickups[2 * QUEUED];
  if (!dropped) throw new Error('no pickup left for the dropped upload');
  // A detailed photo: still ~600 kB once the device has resized it, three chunks, so that the link can break in the
  // middle.
  const [photo] = await photoFiles(1, { sigma: 60, blur: 0.6 });
  uploads.reset();
  await emulate(cdp, true);
  await confirmOnline(page, dropped.title, [photo ?? '']);
  // Once a chunk has gone through, the link goes; a chunk under way when it went still arrives (the emulation holds
  // back new requests only), so the link stays down until a chunk broke, then 5 s more.
  await uploads.past(1);
  // Offline through this page's own session too: its weak-link emulation would otherwise stand over Playwright's.
  await cdp.send('Network.emulateNetworkConditions', { ...WEAK, offline: true });
  await ctx.setOffline(true);
  await eventuallyTrue(async () => uploads.broke(), 120_000);
  await sleep(5000);
  await ctx.setOffline(false);
  await emulate(cdp, true);
  const resumed = await eventuallyTrue(async () => (await restaurant.get(`/donations/${dropped.id}/pickup-photos`)).length === 1, 120_000);
  await emulate(cdp, false);
  const stored = (await restaurant.get(`/donations/${dropped.id}/pickup-photos`)).length;
  say(`  dropped upload: ${uploads.describe()}; stored ${stored}`);
  const resumedOnce = resumed && stored === 1 && uploads.starts() === 1 && uploads.resumedAt() > 0 && uploads.sentBytes() <= uploads.length() + CHUNK_BYTES;

  /** @type {Row[]} */
  const rows = [
    {
      figure: `Field: opening My Pickups on a weak signal (400/150 kbit/s, 600 ms, CPU 4x; installed, ${SIZE.toLocaleString('en')} donations and ${PICKUPS} pickups stored), median of ${ROUNDS}`,
      result: msOf(openWeak),
      reference: `unthrottled ${msOf(openFast)}`,
      target: `<= ${msOf(OPEN_TARGET_MS)}`,
      verdict: openWeak <= OPEN_TARGET_MS ? 'ok' : 'MISSED',
    },
    {
      figure: `Field: ${QUEUED} confirmations and 2 photos (1 MB each before the device resizes them) queued offline, on the server after the weak link returns, each once`,
      result: weakQueue.missing || weakQueue.photosIn < 2 ? `${weakQueue.missing} confirmations and ${2 - weakQueue.photosIn} photos missing after ${secs(weakQueue.ms)}` : `${secs(weakQueue.ms)}${weakQueue.once ? ', each once' : ', SOME TWICE'}`,
      reference: `unthrottled ${secs(fastQueue.ms)}`,
      target: `all within ${QUEUE_TARGET_MS / 1000} s, once`,
      verdict: !weakQueue.missing && weakQueue.photosIn === 2 && weakQueue.once && weakQueue.ms <= QUEUE_TARGET_MS ? 'ok' : 'MISSED',
    },
    {
      figure: 'Field: the weak link drops in the middle of a photo’s upload (a chunk breaks; back 5 s later)',
      result: resumedOnce ? `resumed from byte ${uploads.resumedAt()} of ${uploads.length()}, stored once` : `not resumed: ${uploads.describe()}, stored ${stored}`,
      reference: '-',
      target: 'resumes, completes, nothing duplicated',
      verdict: resumedOnce ? 'ok' : 'MISSED',
    },
  ];
  await finish(rows, {});
} catch (err) {
  await fail(err);
}
