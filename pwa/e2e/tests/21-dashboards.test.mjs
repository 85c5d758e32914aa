// @ts-check
// Issue 12, dashboards: each role's dashboard home shows its own figures from the data, as charts with the same numbers
// in a table, readable on a phone; with no data it says so. A new restaurant and a new charity start at nothing; the
// charity confirms a pickup of 12.5 kg with no connection, and once back online both dashboards show 12.5 kg, exactly
// once (not 25 after the outbox's retries and replays). Chart.js is fetched on the dashboard only, never by the home
// page. One test per step; a failed step skips the rest.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { createDonationInput, createDonationRequestInput, createRegisterInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, BASE_URL, DESKTOP, PHONE, apiAs, dismissToasts, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { WITH_SW, pickupCard, pickupLog, serverDonation, sleep, syncStatus, uploadPicture, waitForServiceWorker } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('../lib/browser.mjs').Api} Api */
/** @typedef {Api & { email: string, name: string, password: string }} Account */

const h = await openHarness();
const REPORT_KG = 12.5;
const LISTED_KG = 15;
const NO_PICKUPS = 'No pickups recorded yet.';
/** This month as the dashboard names it: the server buckets months in UTC. */
const THIS_MONTH = new Date().toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * Filled in as the steps go: a step runs only after every step before it passed.
 * @typedef {{
 *   restaurant: Account, charity: Account, restaurantPage: Page, charityPage: Page,
 *   log: import('../lib/pwa.mjs').PickupLog, donation: { id: string, title: string }, chartScripts: Set<string>,
 * }} State
 */
const state = /** @type {State} */ (/** @type {unknown} */ ({ chartScripts: new Set() }));

/**
 * A new account given `role` by the admin, as an API handle with its e-mail, name and password.
 * @param {'restaurant' | 'charity'} role
 * @returns {Promise<Account>}
 */
async function registerAs(role) {
  const account = createRegisterInput({ name: `E2E dashboard ${role} ${Date.now().toString(36)}` });
  const res = await fetch(`${BASE_URL}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /auth/register -> ${res.status}: ${text}`);
  const admin = await apiAs(ACCOUNTS.admin);
  await admin.patch(`/users/role/${JSON.parse(text).user._id}`, { role });
  return { ...(await apiAs(account.email, account.password)), email: account.email, name: account.name, password: account.password };
}

/**
 * The figure of a stat card ('Food given' -> '12.5 kg').
 * @param {Page} page
 * @param {string} label
 */
const stat = (page, label) => page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd').first();

/**
 * The value in a chart's table for one row ('Kilograms given per month', 'Nov 2026' -> '12.5 kg'). The table is in
 * the page for screen readers whether or not it is shown.
 * @param {Page} page
 * @param {string} table
 * @param {string} row
 */
const cell = (page, table, row) => page.getByRole('table', { name: table }).getByRole('row', { name: row, exact: false }).getByRole('cell').first();

/** @param {Page} page @param {string} name */
async function openDashboard(page, name) {
  await page.goto('/dashBoard');
  await page.getByRole('heading', { name: `Welcome, ${name}`, level: 1 }).waitFor();
}

/**
 * No sideways scroll: the document is no wider than the viewport from a 320 px phone to a 1440 px desktop (as 13c).
 * @param {Page} page
 */
async function fitsPhones(page) {
  const before = page.viewportSize();
  for (const width of [320, 360, 390, 414, 600, 768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const wide = await page.evaluate(() => {
      const root = document.documentElement;
      if (root.scrollWidth <= root.clientWidth) return null;
      // The outermost elements that stick out, to say what to fix.
      const out = [...document.body.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > root.clientWidth + 0.5))
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').split(/\s+/).slice(0, 4).join('.')} (${Math.round(el.getBoundingClientRect().right)})`);
      return `${root.scrollWidth} > ${root.clientWidth}: ${out.slice(0, 4).join(', ')}`;
    });
    assert.equal(wide, null, `${page.url()} scrolls sideways at ${width} px`);
  }
  if (before) await page.setViewportSize(before);
}

/** @param {Page} page */
async function noBlockingAxe(page) {
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(blocking.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], 'axe on the dashboard');
}

/** Records the scripts a page fetches that hold Chart.js (its own chunk, named after chart-setup.ts). @param {Page} page */
function watchChartScripts(page) {
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && /chart-setup/i.test(res.url())) state.chartScripts.add(new URL(res.url()).pathname);
  });
}

describe('dashboards: each role its own figures, from the data', () => {
  after(() => h.close());
  const step = stepsOf(h, 'dashboards');

  step('1. a new restaurant and a new charity: their dashboards say there is nothing yet, and fit a phone', async () => {
    [state.restaurant, state.charity] = await Promise.all([registerAs('restaurant'), registerAs('charity')]);

    const restaurantPage = (state.restaurantPage = await h.context('restaurant', PHONE));
    watchChartScripts(restaurantPage);
    await signIn(restaurantPage, state.restaurant.email, state.restaurant.password);
    await openDashboard(restaurantPage, state.restaurant.name);
    await restaurantPage.getByText('No donations yet.').waitFor();
    assert.equal(await restaurantPage.getByText(NO_PICKUPS).count(), 2, 'kilograms per month and by food type: nothing yet');
    assert.equal(await stat(restaurantPage, 'Food given').textContent(), '0 kg');
    // The welcome and the quick links stay, below the figures.
    assert.ok((await restaurantPage.getByRole('navigation', { name: 'Quick links' }).getByRole('link').count()) > 0, 'quick links');
    assert.equal(await restaurantPage.locator('main canvas').count(), 0, 'no chart of zeros');
    await fitsPhones(restaurantPage);

    const charityPage = (state.charityPage = await h.context('charity', PHONE, WITH_SW));
    state.log = pickupLog(charityPage.context());
    await signIn(charityPage, state.charity.email, state.charity.password);
    await openDashboard(charityPage, state.charity.name);
    await charityPage.getByText(NO_PICKUPS).first().waitFor();
    assert.equal(await charityPage.getByText(NO_PICKUPS).count(), 2, 'kilograms per month and pickups on time: nothing yet');
    assert.equal(await stat(charityPage, 'Food collected').textContent(), '0 kg');
    await fitsPhones(charityPage);
  });

  step(`2. offline: the charity confirms a pickup of ${REPORT_KG} kg (listed ${LISTED_KG} kg); it waits to sync`, async () => {
    const { restaurant, charity, charityPage: page } = state;
    const admin = await apiAs(ACCOUNTS.admin);
    const image = await uploadPicture(restaurant);
    const title = `E2E dashboard bread ${Date.now().toString(36)}`;
    const { insertedId: id } = await restaurant.post('/donations', createDonationInput({ title, image, quantity: LISTED_KG, unit: 'kg', foodType: 'Bakery' }));
    await admin.patch(`/donations/verify/${id}`);
    const { insertedId: requestId } = await charity.post('/donation-requests', createDonationRequestInput({ donationId: id }));
    await restaurant.patch(`/donation-requests/accept/${requestId}`);
    // A second donation stays with the admin: the restaurant's outcomes and the admin's queue show it.
    await restaurant.post('/donations', createDonationInput({ title: `${title} (waiting)`, image }));
    state.donation = { id, title };

    await waitForServiceWorker(page);
    await openFromMenu(page, 'My Pickups');
    const card = pickupCard(page, title);
    await card.getByRole('button', { name: 'Confirm Pickup' }).waitFor();
    await syncStatus(page).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 30_000 });

    await page.context().setOffline(true);
    await syncStatus(page).getByText('Offline').waitFor();
    // The notice that the restaurant accepted the request may cover the button on a phone.
    await dismissToasts(page);
    await card.getByRole('button', { name: 'Confirm Pickup' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Confirm this pickup?' }).waitFor();
    await dialog.getByText('Part of it', { exact: true }).click();
    await dialog.getByLabel('Weight received (kg)').fill(String(REPORT_KG));
    await dialog.getByRole('button', { name: 'Yes, confirm pickup' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await syncStatus(page).getByText('1 pickup waiting to sync').waitFor();

    // The dashboard needs a connection and says so, rather than showing figures it cannot have.
    await page.goto('/dashBoard');
    await page.getByRole('heading', { name: `Welcome, ${charity.name}`, level: 1 }).waitFor();
    await page.getByText('You are offline - this screen needs a connection.').waitFor();
    assert.equal((await serverDonation(charity, id))?.status, 'Accepted', 'nothing reached the server while offline');
  });

  step(`3. back online: both dashboards show ${REPORT_KG} kg`, async () => {
    const { restaurant, charity, charityPage, restaurantPage, donation } = state;
    await charityPage.context().setOffline(false);
    // The dashboard reads again by itself once the network is back.
    await charityPage.getByText('You are offline - this screen needs a connection.').waitFor({ state: 'hidden' });
    await stat(charityPage, 'Food collected').waitFor();
    await eventually(async () => (await serverDonation(charity, donation.id))?.status === 'Picked', {
      timeout: 15_000,
      interval: 200,
      what: `GET /donations/${donation.id} to report Picked`,
    });

    await openDashboard(charityPage, charity.name);
    await stat(charityPage, 'Food collected').getByText(`${REPORT_KG} kg`, { exact: true }).waitFor();
    assert.equal(await cell(charityPage, 'Kilograms collected per month', THIS_MONTH).textContent(), `${REPORT_KG} kg`);
    assert.equal(await cell(charityPage, 'Pickups on time and after best-before', 'On time').textContent(), '1');
    assert.equal(await cell(charityPage, 'Pickups on time and after best-before', 'After best-before').textContent(), '0');

    await openDashboard(restaurantPage, restaurant.name);
    await stat(restaurantPage, 'Food given').getByText(`${REPORT_KG} kg`, { exact: true }).waitFor();
    assert.equal(await cell(restaurantPage, 'Kilograms given per month', THIS_MONTH).textContent(), `${REPORT_KG} kg`);
    assert.equal(await cell(restaurantPage, 'Kilograms given by food type', 'Bakery').textContent(), `${REPORT_KG} kg`);
    assert.equal(await cell(restaurantPage, 'Your donations by outcome', 'Picked up: part of it').textContent(), '1');
    assert.equal(await cell(restaurantPage, 'Your donations by outcome', 'Waiting for verification').textContent(), '1');
    assert.equal(state.log.applied(donation.id), 1, `the server applied the confirmation once (calls: ${state.log.describe(donation.id)})`);
  });

  step(`4. exactly once: replays after a reload and another offline/online change leave ${REPORT_KG} kg, not ${REPORT_KG * 2}`, async () => {
    const { restaurant, charity, charityPage, restaurantPage, donation, log } = state;
    await charityPage.reload();
    await charityPage.context().setOffline(true);
    await sleep(500);
    await charityPage.context().setOffline(false);
    await sleep(2000);
    for (const [page, who, label] of /** @type {const} */ ([
      [charityPage, charity, 'Food collected'],
      [restaurantPage, restaurant, 'Food given'],
    ])) {
      await openDashboard(page, who.name);
      await stat(page, label).getByText(`${REPORT_KG} kg`, { exact: true }).waitFor();
      assert.equal((await who.get('/dashboard')).totalKg, REPORT_KG, `${who.name}'s figures from the API`);
    }
    assert.equal(log.applied(donation.id), 1, `still applied once (calls: ${log.describe(donation.id)})`);
  });

  step('5. the charts are drawn, their numbers show as a table on request, and Chart.js came for the dashboard only', async () => {
    const page = state.restaurantPage;
    await page.locator('main canvas').first().waitFor();
    await eventually(async () => (await page.locator('main canvas').count()) === 3, { what: 'three charts on the restaurant dashboard' });
    const drawn = await page.locator('main canvas').evaluateAll((els) => els.map((c) => /** @type {HTMLCanvasElement} */ (c).width));
    assert.ok(drawn.every((w) => w > 0), `every chart has a size (${drawn})`);
    const months = page.getByRole('region', { name: 'Kilograms given per month' });
    await months.getByRole('button', { name: 'Show as table' }).click();
    const table = months.getByRole('table', { name: 'Kilograms given per month' });
    const box = await table.boundingBox();
    assert.ok(box && box.width > 200, `the table shows (${JSON.stringify(box)})`);
    assert.equal(await table.getByRole('row').count(), 13, 'a header and the last 12 months');
    assert.equal(await months.locator('canvas').isVisible(), false, 'the table in place of the chart');
    await months.getByRole('button', { name: 'Show as chart' }).click();
    await months.locator('canvas').waitFor();
    await fitsPhones(page);
    await noBlockingAxe(page);
    assert.ok(state.chartScripts.size > 0, 'the dashboard fetched the Chart.js chunk');

    // The signed-out home page fetches no Chart.js.
    const visitor = await h.context('visitor', DESKTOP);
    /** @type {string[]} */
    const scripts = [];
    visitor.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
    });
    await visitor.goto('/', { waitUntil: 'networkidle' });
    const chartChunks = [...state.chartScripts];
    assert.deepEqual(scripts.filter((s) => chartChunks.includes(s)), [], `the home page fetched none of ${chartChunks.join(', ')}`);
  });

  step('6. the admin: platform totals, busiest restaurants and charities, and the verification queue with its waits', async () => {
    const page = await h.context('admin', DESKTOP);
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/dashBoard');
    const rescued = stat(page, 'Food rescued');
    await rescued.waitFor();
    const impact = /** @type {import('@foodbridge/shared/schemas/impact').Impact} */ (await (await fetch(`${BASE_URL}/impact`)).json());
    assert.ok(impact.kgRescued >= REPORT_KG, `the platform has kilograms (${impact.kgRescued})`);
    assert.notEqual(await rescued.textContent(), '0 kg');
    assert.ok((await page.getByRole('table', { name: 'Busiest restaurants' }).getByRole('row').count()) >= 2, 'at least one restaurant ranked');
    assert.ok((await page.getByRole('table', { name: 'Busiest charities' }).getByRole('row').count()) >= 2, 'at least one charity ranked');
    const waiting = page.getByRole('region', { name: 'Waiting for verification' });
    await waiting.getByText('Oldest has waited').waitFor();
    await waiting.getByText('Median wait').waitFor();
    await noBlockingAxe(page);
    await fitsPhones(page);
    await waiting.getByRole('link', { name: 'Review donations' }).click();
    await page.waitForURL((url) => url.pathname === '/dashBoard/manageDonations');
  });

  step("7. the admin's dashboard on an empty platform (the server's own answer then) says there is nothing yet", async () => {
    // The answer of GET /dashboard on an empty database, as sync-server/src/routes/dashboard.test.ts proves it.
    const empty = {
      role: 'admin',
      totals: { kgRescued: 0, meals: 0, co2eKg: 0, restaurants: 0, charities: 0 },
      topRestaurants: [],
      topCharities: [],
      mostMissed: [],
      waitingVerification: { count: 0, oldestWaitSeconds: null, medianWaitSeconds: null },
    };
    const page = await h.context('admin, empty platform', PHONE);
    await signIn(page, ACCOUNTS.admin);
    await page.route(`${BASE_URL}/dashboard`, (route) =>
      route.request().resourceType() === 'document' ? route.continue() : route.fulfill({ json: empty }),
    );
    await page.goto('/dashBoard');
    await page.getByText('No donations are waiting for verification.').waitFor();
    assert.equal(await page.getByText(NO_PICKUPS).count(), 2, 'no busiest restaurants or charities yet');
    assert.equal(await stat(page, 'Food rescued').textContent(), '0 kg');
    assert.equal(await stat(page, 'Meals').textContent(), '0');
    await fitsPhones(page);
  });

  step('8. a failed read says so and retries; a plain user has the welcome and links, and no figures are asked for', async () => {
    const page = state.restaurantPage;
    let fail = true;
    await page.route(`${BASE_URL}/dashboard`, (route) =>
      fail && route.request().resourceType() !== 'document' ? route.fulfill({ status: 500, json: { message: 'Internal error' } }) : route.continue(),
    );
    await openDashboard(page, state.restaurant.name);
    await page.getByText('Your figures could not be loaded.').waitFor();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await stat(page, 'Food given').getByText(`${REPORT_KG} kg`, { exact: true }).waitFor();
    await page.unroute(`${BASE_URL}/dashboard`);

    const user = await h.context('user', PHONE);
    /** @type {string[]} */
    const asked = [];
    user.on('request', (req) => {
      if (new URL(req.url()).pathname === '/dashboard') asked.push(req.url());
    });
    await signIn(user, ACCOUNTS.user);
    await user.goto('/dashBoard');
    await user.getByRole('heading', { name: /^Welcome, /, level: 1 }).waitFor();
    assert.ok((await user.getByRole('navigation', { name: 'Quick links' }).getByRole('link').count()) > 0, 'quick links');
    await user.waitForLoadState('networkidle');
    assert.deepEqual(asked, [], 'a plain user has no figures to fetch');
    assert.equal(await user.locator('main canvas, main table').count(), 0, 'no charts or tables');
  });
});
