// @ts-check
// Issue 9: long lists draw only what is on screen. A server of its own holds the demo data and 2,000 more Verified
// donations (written to its database before it starts); a charity's All Donations lists them all, yet the page
// holds a screenful of cards. Scrolling to the end shows the last donation, Tab walks the cards in order and brings
// the next one into view, and a live change to one donation updates its card. One test per step.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import { ACCOUNTS, DESKTOP, apiAs, openHarness, signIn } from '../lib/browser.mjs';
import { syncStatus } from '../lib/pwa.mjs';
import { ensureBuild, rootDir, startServer } from '../lib/server.mjs';
import { stepsOf } from '../lib/steps.mjs';

const MANY = 2000;
/** Far fewer than the list has: a screenful and the overscan rows around it. */
const MAX_DRAWN = 100;

const h = await openHarness();
/** @typedef {import('playwright-core').Page} Page */
/** @type {{ stop: () => Promise<void>, url: string } | null} */
let server = null;
const dataDir = mkdtempSync(join(tmpdir(), 'foodbridge-e2e-long-'));
/** @type {{ page: Page, total: number, first: string, last: string }} */
const state = /** @type {any} */ ({});

/** The cards of the list on screen: every item says its place in the whole list. */
const cards = (/** @type {Page} */ page) => page.locator('li[aria-setsize]');
/** The card whose heading is `title`. */
const cardOf = (/** @type {Page} */ page, /** @type {string} */ title) =>
  cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

describe('long lists: 2,000 donations on All Donations, a screenful in the page', () => {
  before(async () => {
    const tsx = join(rootDir, 'node_modules', '.bin', 'tsx');
    const made = spawnSync(tsx, ['sync-server/src/bench/many-donations.ts', dataDir, String(MANY)], { cwd: rootDir, encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`many-donations.ts failed (${made.status}): ${made.stderr.slice(-2000)}`);
    const prepared = JSON.parse(made.stdout.trim().split('\n').pop() ?? '{}');
    state.first = prepared.first;
    state.last = prepared.last;
    // The suite's build (run.mjs) or, against an outside server, one of our own.
    server = await startServer({ dist: process.env.E2E_SERVER_DIST ?? ensureBuild(), seed: 'never', env: { DATA_DIR: dataDir } });
  });
  after(async () => {
    await h.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const step = stepsOf(h, 'long-lists');

  step('1. the charity signs in and All Donations lists every donation with a screenful of cards in the page', async () => {
    const page = (state.page = await h.context('charity', DESKTOP, { baseURL: server?.url }));
    await signIn(page, ACCOUNTS.charity);
    await page.goto('/allDonations');
    // The first pull brings the donations in batches; the count follows them.
    const count = page.getByText(/^\d+ donations available$/);
    await page.waitForFunction(
      (least) => [...document.querySelectorAll('p')].some((p) => /^(\d+) donations available$/.test(p.textContent ?? '') && parseInt(p.textContent ?? '', 10) >= least),
      MANY,
      { timeout: 60_000, polling: 250 },
    );
    await syncStatus(page).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 60_000 });
    state.total = Number((await count.innerText()).replace(/\D/g, ''));
    assert.ok(state.total >= MANY, `All Donations says ${state.total} donations available (at least the ${MANY} made)`);
    await cardOf(page, state.first).waitFor();
    const drawn = await cards(page).count();
    assert.ok(drawn > 0 && drawn < MAX_DRAWN, `${drawn} cards are in the page for a list of ${state.total} (fewer than ${MAX_DRAWN})`);
    assert.equal(await cards(page).first().getAttribute('aria-setsize'), String(state.total), 'each card says the size of the whole list');
    assert.equal(await page.locator('li[aria-setsize] h3').count(), drawn, 'one card per list item');
  });

  step('2. scrolling to the end shows the last donation, still with a screenful of cards', async () => {
    const { page } = state;
    // The list grows its measured rows as it goes: scroll until the page's end stops moving.
    for (let i = 0; i < 20; i++) {
      const end = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.documentElement.scrollHeight;
      });
      await page.waitForTimeout(150);
      if ((await cardOf(page, state.last).count()) && end === (await page.evaluate(() => document.documentElement.scrollHeight))) break;
    }
    const last = cardOf(page, state.last);
    await last.waitFor();
    assert.equal(await last.getAttribute('aria-posinset'), String(state.total), `${state.last} is item ${state.total} of ${state.total}`);
    assert.ok(await last.isVisible(), 'the last card is on screen');
    const drawn = await cards(page).count();
    assert.ok(drawn < MAX_DRAWN, `${drawn} cards in the page at the end of the list (fewer than ${MAX_DRAWN})`);
    assert.equal(await cardOf(page, state.first).count(), 0, 'the first cards are no longer in the page');
  });

  step('3. Tab walks the cards in order and brings each next card into view', async () => {
    const { page } = state;
    await page.evaluate(() => window.scrollTo(0, 0));
    const firstLink = cards(page).first().getByRole('link');
    await firstLink.focus();
    // Past the first screen: at 1280 px two rows of three are on screen.
    const presses = 14;
    for (let i = 0; i < presses; i++) await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      const item = el?.closest('li[aria-setsize]');
      const box = el?.getBoundingClientRect();
      return { place: item?.getAttribute('aria-posinset') ?? null, top: box?.top ?? -1, bottom: box?.bottom ?? -1, height: window.innerHeight };
    });
    assert.equal(focused.place, String(presses + 1), `after ${presses} Tabs from the first card, focus is on card ${presses + 1}`);
    assert.ok(focused.top >= 0 && focused.bottom <= focused.height, `the focused card's link is on screen (top ${focused.top}, bottom ${focused.bottom})`);
  });

  step('4. a live change to one donation updates its card, and only its card', async () => {
    const { page } = state;
    const title = state.first;
    await page.evaluate(() => window.scrollTo(0, 0));
    const card = cardOf(page, title);
    await card.waitFor();
    const restaurant = await apiAs(ACCOUNTS.restaurant, undefined, { base: server?.url });
    /** @type {{ _id: string, title: string }[]} */
    const found = await restaurant.get(`/donations/verified?q=${encodeURIComponent(title)}`);
    const donation = found.find((d) => d.title === title);
    assert.ok(donation, `${title} is found through the API`);
    // Quantity is not one of the fields that send a donation back to the admin's check: it stays listed.
    const before = await cards(page).count();
    await restaurant.patch(`/donations/${donation._id}`, { quantity: 77, unit: 'kg' });
    await card.getByText('77 kg').waitFor({ timeout: 10_000 });
    assert.equal(await page.getByText(/^\d+ donations available$/).innerText(), `${state.total} donations available`, 'the donation is still listed');
    assert.equal(await cards(page).count(), before, 'the same cards are in the page');
  });
});
