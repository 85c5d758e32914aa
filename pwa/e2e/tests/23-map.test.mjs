// @ts-check
// Issue 10, the map: All Donations' List / Map toggle opens a Leaflet map (downloaded only then) drawn from a local
// tile stub that a server of its own names in MAP_TILES_URL; one marker per donation of the filtered list, clustered
// when close; a marker shows its donation (by mouse and by keyboard); the choice is remembered on the device and in
// the URL; the viewer's shared position is shown; tiles that fail and an offline device say the map needs a
// connection while the list keeps working; axe finds nothing serious on the open map. One test per step.
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, DEMO_PASSWORD, PHONE, apiAs, eventually, openHarness, signIn } from '../lib/browser.mjs';
import { uploadPicture } from '../lib/pwa.mjs';
import { ensureBuild, startServer } from '../lib/server.mjs';
import { stepsOf } from '../lib/steps.mjs';
import { startTileStub } from '../lib/tile-stub.mjs';

/** @typedef {import('playwright-core').Page} Page */

const h = await openHarness();
const tag = `map${Date.now().toString(36)}`;
/** Three pickups a street apart in Berlin (one cluster at a city's zoom), one in Hamburg, one without a place. */
const OFFERS = [
  { key: 'berlin-a', place: { latitude: 52.5219, longitude: 13.4132 } },
  { key: 'berlin-b', place: { latitude: 52.5225, longitude: 13.4142 } },
  { key: 'berlin-c', place: { latitude: 52.5212, longitude: 13.4152 } },
  { key: 'hamburg', place: { latitude: 53.5511, longitude: 9.9937 } },
  { key: 'nowhere', place: undefined },
].map((o) => ({ ...o, title: `E2E ${o.key} ${tag}` }));
const WHERE = { geolocation: { latitude: 52.52, longitude: 13.405 }, permissions: ['geolocation'] };

/** @type {Awaited<ReturnType<typeof startTileStub>>} */
let tiles;
/** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
let server;
/** @type {{ visitor: Page, ids: Record<string, string>, scripts: string[] }} */
const state = /** @type {any} */ ({ ids: {}, scripts: [] });

const pins = (/** @type {Page} */ page) => page.locator('.leaflet-marker-icon.donation-pin');
const clusters = (/** @type {Page} */ page) => page.locator('.leaflet-marker-icon.marker-cluster');
const toggle = (/** @type {Page} */ page, /** @type {'List' | 'Map'} */ name) => page.getByRole('group', { name: 'Show donations as' }).getByRole('button', { name });
const summary = (/** @type {Page} */ page, /** @type {string} */ key) => page.getByRole('article', { name: `E2E ${key} ${tag}` });
const needsConnection = (/** @type {Page} */ page) => page.getByRole('status').filter({ hasText: 'The map needs a connection.' });

describe('map: markers from a local tile stub, a marker shows its donation, offline says it needs a connection', () => {
  before(async () => {
    tiles = await startTileStub();
    server = await startServer({ dist: process.env.E2E_SERVER_DIST ?? ensureBuild(), env: { MAP_TILES_URL: tiles.template }, log: (m) => console.log(`# ${m}`) });
  });
  after(async () => {
    await h.close();
    await server?.stop();
    await tiles?.stop();
  });
  const step = stepsOf(h, 'map');

  step('1. a visitor opens the map: the map code loads only then, tiles come from the stub, 3 close donations are one cluster', async () => {
    const base = server?.url ?? '';
    const [restaurant, admin] = await Promise.all([apiAs(ACCOUNTS.restaurant, DEMO_PASSWORD, { base }), apiAs(ACCOUNTS.admin, DEMO_PASSWORD, { base })]);
    const image = await uploadPicture(restaurant, { base });
    for (const o of OFFERS) {
      const { insertedId } = await restaurant.post('/donations', createDonationInput({ title: o.title, image, ...o.place }));
      await admin.patch(`/donations/verify/${insertedId}`);
      state.ids[o.key] = insertedId;
    }

    const page = (state.visitor = await h.context('visitor', PHONE, { baseURL: base }));
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') state.scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/allDonations?q=${tag}`);
    await eventually(async () => (await page.locator('article h3').count()) === OFFERS.length, { what: 'the five donations in the list' });
    assert.equal(await toggle(page, 'List').getAttribute('aria-pressed'), 'true', 'the list is the first view');
    assert.equal(state.scripts.filter((s) => /donations-map/.test(s)).length, 0, `no map code before the map is opened: ${state.scripts.join(' ')}`);
    assert.equal(tiles.requests.length, 0);

    await toggle(page, 'Map').click();
    assert.equal(await toggle(page, 'Map').getAttribute('aria-pressed'), 'true');
    assert.equal(new URL(page.url()).searchParams.get('view'), 'map', 'the view is in the URL');
    assert.equal(new URL(page.url()).searchParams.get('q'), tag, 'the search stays');
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    assert.ok(tiles.requests.length > 0, 'the stub served the tiles');
    assert.ok(state.scripts.some((s) => /donations-map/.test(s)), `the map code came with the map: ${state.scripts.join(' ')}`);
    await eventually(async () => (await clusters(page).count()) === 1 && (await pins(page).count()) === 1, {
      what: `one cluster and one marker (${await clusters(page).count()} clusters, ${await pins(page).count()} markers)`,
    });
    assert.match((await clusters(page).innerText()).trim(), /^3\b/, 'the cluster holds the three Berlin donations');
    await page.getByText('4 donations on the map; 1 without a pickup point is in the list only.').waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll with the map open');
    const attribution = await page.locator('.leaflet-control-attribution').innerText();
    assert.match(attribution, /OpenStreetMap contributors/);
  });

  step('2. a marker shows its donation with a Details link; a cluster zooms in; Enter on a focused marker works too', async () => {
    const page = state.visitor;
    await pins(page).first().click();
    const card = summary(page, 'hamburg');
    await card.waitFor();
    assert.equal(await card.getByRole('link', { name: 'Details' }).getAttribute('href'), `/donations/${state.ids.hamburg}`);
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'detached' });

    await clusters(page).first().click();
    await eventually(async () => (await pins(page).count()) >= 3, { what: 'the cluster opened into its markers' });
    const first = pins(page).first();
    assert.equal(await first.getAttribute('role'), 'button', 'markers are buttons');
    assert.equal(await first.getAttribute('tabindex'), '0', 'markers take the keyboard focus');
    await first.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('article', { name: /^E2E berlin-[abc] / }).waitFor();

    // The map with its markers, a cluster's count and the open summary: nothing serious or critical for axe.
    const { violations } = await new AxeBuilder({ page }).analyze();
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], 'no serious or critical axe violation');
  });

  step('3. the map is remembered on the device: All Donations opens on it, and the list is one press away', async () => {
    const page = state.visitor;
    await page.goto(`/allDonations?q=${tag}`);
    assert.equal(await toggle(page, 'Map').getAttribute('aria-pressed'), 'true', 'the map, as last picked');
    await eventually(async () => (await clusters(page).count()) + (await pins(page).count()) > 0, { what: 'markers' });
    await toggle(page, 'List').click();
    await eventually(async () => (await page.locator('article h3').count()) === OFFERS.length, { what: 'the list back' });
    assert.equal(new URL(page.url()).searchParams.get('view'), 'list');
    await page.goto(`/allDonations?q=${tag}`);
    assert.equal(await toggle(page, 'List').getAttribute('aria-pressed'), 'true', 'the list, as last picked');
  });

  step('4. tiles that cannot be had: the map says it needs a connection, and Show the list goes back', async () => {
    const page = state.visitor;
    tiles.failing = true;
    try {
      await page.goto(`/allDonations?q=${tag}&view=map`);
      await needsConnection(page).waitFor();
      await page.getByRole('button', { name: 'Show the list' }).click();
      await eventually(async () => (await page.locator('article h3').count()) === OFFERS.length, { what: 'the list' });
    } finally {
      tiles.failing = false;
    }
  });

  step("5. a charity's shared position is on the map; offline the map needs a connection while the list and search work", async () => {
    const page = await h.context('charity', PHONE, { baseURL: server?.url, ...WHERE });
    await signIn(page, ACCOUNTS.charity);
    await page.goto(`/allDonations?q=${tag}&sort=distance&view=map`);
    await page.locator('.viewer-position').waitFor();
    await eventually(async () => (await clusters(page).count()) + (await pins(page).count()) > 0, { what: 'markers' });

    await page.context().setOffline(true);
    await needsConnection(page).waitFor();
    await toggle(page, 'List').click();
    await eventually(async () => (await page.locator('article h3').count()) === OFFERS.length, { what: 'the list offline' });
    await page.getByLabel('Search donations').fill(`hamburg ${tag}`);
    await eventually(async () => JSON.stringify(await page.locator('article h3').allTextContents()) === JSON.stringify([`E2E hamburg ${tag}`]), {
      what: 'the search offline',
    });
    await toggle(page, 'Map').click();
    await needsConnection(page).waitFor();
    await page.context().setOffline(false);
    await eventually(async () => (await pins(page).count()) === 1, { what: 'the map back online with the one donation found' });
  });
});
