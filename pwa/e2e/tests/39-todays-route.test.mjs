// @ts-check
// Issue 49, its fourth point: a charity's installed app (390 px, service worker on) opens My Pickups on a day with two
// accepted pickups whose windows come in the reverse order of acceptance. Today's route lists them in window order;
// the next stop is the earlier one, with its window, Directions to its pickup point and Call. The map draws the two
// numbered stops over its tiles; the location is used only after a tap, and the choice is remembered. With the tiles
// blocked the markers stay on a plain background with a note; reloaded with no signal, the whole section is still there.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import { TEST_PASSWORD, createDonationInput, createDonationRequestInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, ARTIFACTS, BASE_URL, PHONE, apiAs, dismissToasts, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { axeProblems, fitsWidth } from '../lib/checks.mjs';
import { makePng } from '../lib/images.mjs';
import { WITH_SW, registerCharity, syncStatus, uploadPicture, waitForServiceWorker } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Route} Route */

const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const MINUTE = 60_000;
const tag = Date.now().toString(36);
// Two pickup points in Springfield, IL; the driver stands nearer the later one.
const SOON = { title: `E2E route soon ${tag}`, latitude: 39.7817, longitude: -89.6501 };
const LATE = { title: `E2E route late ${tag}`, latitude: 39.8017, longitude: -89.6436 };
const DRIVER_AT = { latitude: 39.8, longitude: -89.644 };
const TILE = makePng(256, 256, [220, 232, 220], [200, 215, 230]);
const h = await openHarness();
/** @type {{ page: Page, tiles: string, soon: { start: number, end: number }, late: { start: number, end: number }, tileRequests: number }} */
const state = /** @type {any} */ ({ tileRequests: 0 });

/** The browser runs in UTC (openHarness): a time's UTC text is what the page says. */
const clock = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(11, 16);
const windowText = (/** @type {{ start: number, end: number }} */ w) => `${clock(w.start)}–${clock(w.end)}`;
const minuteOf = (/** @type {number} */ ms) => Math.floor(ms / MINUTE) * MINUTE;
const mapsLink = (/** @type {{ latitude: number, longitude: number }} */ p) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${p.latitude},${p.longitude}`)}`;

const section = (/** @type {Page} */ page) => page.getByRole('region', { name: "Today's route" });
const nextStop = (/** @type {Page} */ page) => section(page).getByRole('group', { name: 'Next stop' });
const map = (/** @type {Page} */ page) => section(page).getByRole('region', { name: "Map of today's stops" });
const markers = (/** @type {Page} */ page) => map(page).getByRole('button', { name: /^Stop \d+: / });
const tilesNote = (/** @type {Page} */ page) => section(page).getByText('Map tiles unavailable — stops are listed below');

/** The first line of each stop in the list, in order. @param {Page} page */
const stopTitles = (page) =>
  section(page)
    .getByRole('list', { name: 'Stops in order' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.querySelector('p')?.textContent ?? ''));

/** @param {Page} page @param {string} name */
async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `39-${name}.png`), fullPage: true });
}

/** Waits for the section, both stops in window order, and the next stop with its window. @param {Page} page */
async function routeInOrder(page) {
  await section(page).waitFor({ timeout: 30_000 });
  await eventually(async () => (await stopTitles(page)).join('|') === [SOON.title, LATE.title].join('|'), {
    what: 'the two stops in window order',
  });
  await nextStop(page).getByText(SOON.title, { exact: true }).waitFor();
  await nextStop(page).getByText(windowText(state.soon)).waitFor();
}

/** The tile server answers every tile with one generated picture, or (blocked) not at all. @param {'serve' | 'block'} how */
async function tilesAre(how) {
  const context = state.page.context();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.route(state.tiles, (/** @type {Route} */ route) => {
    state.tileRequests++;
    return how === 'serve' ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE }) : route.abort('connectionfailed');
  });
}

describe("today's route: window order, the next stop, a map that keeps its stops without tiles", () => {
  after(() => h.close());
  const step = stepsOf(h, 'todays-route');

  step('1. two pickups accepted in the reverse order of their windows are listed in window order; the next stop has Directions and Call', async () => {
    const charity = await registerCharity();
    const [restaurant, admin] = await Promise.all([apiAs(ACCOUNTS.restaurant), apiAs(ACCOUNTS.admin)]);
    const image = await uploadPicture(restaurant);
    // The sooner window is open already, the later one opens in 5 minutes: both today (UTC) unless this runs in the
    // day's last 5 minutes.
    const now = minuteOf(Date.now());
    state.soon = { start: now - 20 * MINUTE, end: now + 60 * MINUTE };
    state.late = { start: now + 5 * MINUTE, end: now + 95 * MINUTE };
    // The later one first: posted, requested and accepted before the sooner one.
    for (const [{ title, latitude, longitude }, w] of /** @type {const} */ ([[LATE, state.late], [SOON, state.soon]])) {
      // The window alone: the server writes the spec's text from it.
      const { pickupTime: _text, ...input } = createDonationInput({ title, image, latitude, longitude });
      const window = { pickupStart: new Date(w.start).toISOString(), pickupEnd: new Date(w.end).toISOString() };
      const { insertedId: id } = await restaurant.post('/donations', { ...input, ...window });
      await admin.patch(`/donations/verify/${id}`);
      const { insertedId: requestId } = await charity.post('/donation-requests', createDonationRequestInput({ donationId: id }));
      await restaurant.patch(`/donation-requests/accept/${requestId}`);
    }

    const config = await (await fetch(`${BASE_URL}/map/config`)).json();
    state.tiles = `${new URL(String(config.tilesUrl).replace(/\{[a-z]+\}/g, '0')).origin}/**`;
    const page = (state.page = await h.context('charity', PHONE_390, { ...WITH_SW, geolocation: DRIVER_AT, permissions: ['geolocation'] }));
    await tilesAre('serve');
    await signIn(page, charity.email, TEST_PASSWORD);
    await waitForServiceWorker(page);
    await openFromMenu(page, 'My Pickups');
    await routeInOrder(page);
    await page.getByRole('heading', { level: 2, name: "Today's route" }).waitFor();

    const next = nextStop(page);
    await next.getByText('Open now').waitFor();
    assert.equal(await next.getByRole('link', { name: /^Directions/ }).getAttribute('href'), mapsLink(SOON));
    assert.match((await next.getByRole('link', { name: /^Call/ }).getAttribute('href')) ?? '', /^tel:\+?\d{3,}$/);
    assert.equal(await next.getByText(/ away$/).count(), 0, 'no distance before the driver shares the location');

    // The map: two numbered stops in route order over the tiles.
    await eventually(async () => (await markers(page).count()) === 2, { what: 'two markers on the map' });
    assert.deepEqual((await markers(page).evaluateAll((els) => els.map((el) => el.textContent))).sort(), ['1', '2'], 'the markers carry their numbers');
    await map(page).getByRole('button', { name: new RegExp(`^Stop 1: ${SOON.title}, `) }).waitFor();
    await map(page).getByRole('button', { name: new RegExp(`^Stop 2: ${LATE.title}, `) }).waitFor();
    await map(page).locator('.leaflet-tile-loaded').first().waitFor();
    assert.ok(state.tileRequests > 0, 'tiles asked for');
    assert.equal(await tilesNote(page).count(), 0, 'no note while the tiles come');

    await syncStatus(page).getByText('Online').waitFor({ timeout: 30_000 });
    await dismissToasts(page);
    assert.ok(await fitsWidth(page), 'My Pickups is no wider than the phone');
    assert.deepEqual(await axeProblems(page), [], "axe on My Pickups with today's route");
    await section(page).screenshot({ path: join(ARTIFACTS, '39-route-390.png') });
  });

  step('2. "Use my location": asked only on the tap, then the distances show; the next stop stays the open window', async () => {
    const page = state.page;
    await section(page).getByRole('button', { name: 'Use my location' }).click();
    await nextStop(page).getByText(/ away$/).waitFor();
    await section(page).getByText('Stops open now are in order of distance from where you are.').waitFor();
    // The later stop is nearer, but its window is not open yet: the open one stays first.
    assert.deepEqual(await stopTitles(page), [SOON.title, LATE.title]);
    assert.equal(await map(page).locator('.viewer-position').count(), 1, 'the driver on the map');
  });

  step('3. tiles blocked: the markers stay on a plain background with a note; the location choice is remembered', async () => {
    const page = state.page;
    await tilesAre('block');
    await page.reload();
    await routeInOrder(page);
    await tilesNote(page).waitFor({ timeout: 30_000 });
    await eventually(async () => (await markers(page).count()) === 2, { what: 'two markers without tiles' });
    assert.equal(await map(page).locator('.leaflet-tile-loaded').count(), 0, 'no tile drawn');
    // Remembered, and the browser allows it: no second tap needed.
    await nextStop(page).getByText(/ away$/).waitFor();
    await section(page).screenshot({ path: join(ARTIFACTS, '39-route-no-tiles-390.png') });
  });

  step('4. offline, reloaded: the section, its order, the next stop and the markers are all there', async () => {
    const page = state.page;
    await page.context().setOffline(true);
    await syncStatus(page).getByText('Offline').waitFor();
    await page.reload();
    await routeInOrder(page);
    const next = nextStop(page);
    assert.equal(await next.getByRole('link', { name: /^Directions/ }).getAttribute('href'), mapsLink(SOON));
    await next.getByRole('link', { name: /^Call/ }).waitFor();
    await eventually(async () => (await markers(page).count()) === 2, { what: 'two markers offline' });
    await tilesNote(page).waitFor();
    await shot(page, 'route-offline-390');
    await page.context().setOffline(false);
  });
});
