// @ts-check
// Issue 50: the pickup point without a geocoder. On Add Donation (390 px) the location starts as the restaurant's
// address, and under the coordinate boxes a map's pin is dragged, or placed with a tap, to the pickup point: the boxes
// follow it. With the tiles out of reach the map is not offered (a pin on a blank map would be a guess).
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { ACCOUNTS, BASE_URL, PHONE, apiAs, eventually, openHarness, signIn } from '../lib/browser.mjs';
import { makePng } from '../lib/images.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */

const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const TILE = makePng(256, 256, [220, 232, 220], [200, 215, 230]);
const h = await openHarness();
/** @type {{ page: Page, tiles: string, address: string }} */
const state = /** @type {any} */ ({});

const box = (/** @type {string} */ name) => state.page.getByLabel(name, { exact: true });
const coordinates = async () => [Number(await box('Latitude').inputValue()), Number(await box('Longitude').inputValue())];

describe('the pickup point: the address to start from, a pin to drag', () => {
  after(() => h.close());
  const step = stepsOf(h, 'pickup-pin');

  step('1. a new donation starts at the restaurant’s address; a tap on the map places the pin and fills the boxes', async () => {
    const restaurant = await apiAs(ACCOUNTS.restaurant);
    state.address = (await restaurant.get('/organisations/mine')).address;
    assert.ok(state.address, 'the demo restaurant has an address');
    const config = await (await fetch(`${BASE_URL}/map/config`)).json();
    state.tiles = `${new URL(String(config.tilesUrl).replace(/\{[a-z]+\}/g, '0')).origin}/**`;
    const page = (state.page = await h.context('restaurant', PHONE_390));
    await page.context().route(state.tiles, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE }));
    await signIn(page, ACCOUNTS.restaurant);
    await page.goto('/dashBoard/addDonation');
    await eventually(async () => (await page.getByLabel('Pickup location', { exact: true }).inputValue()) === state.address, { what: 'the location to start as the profile’s address' });

    await page.getByText('Pickup point', { exact: false }).first().click();
    const map = page.getByRole('region', { name: 'Map of the pickup point' });
    await map.waitFor({ timeout: 30_000 });
    await map.scrollIntoViewIfNeeded();
    const at = await map.boundingBox();
    assert.ok(at);
    await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
    await eventually(async () => (await box('Latitude').inputValue()) !== '', { what: 'the boxes to take the tapped point' });
    const pin = map.getByRole('button', { name: 'Pickup point: drag to move' });
    await pin.waitFor();
  });

  step('2. dragging the pin moves the point the boxes hold', async () => {
    const { page } = state;
    const before = await coordinates();
    const pin = page.getByRole('region', { name: 'Map of the pickup point' }).getByRole('button', { name: 'Pickup point: drag to move' });
    const from = await pin.boundingBox();
    assert.ok(from);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height - 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 60, from.y + from.height - 2 + 40, { steps: 8 });
    await page.mouse.up();
    await eventually(async () => (await coordinates()).join() !== before.join(), { what: 'the boxes to follow the dragged pin' });
    const [lat, lng] = await coordinates();
    assert.ok((lat ?? 0) < (before[0] ?? 0), 'dragged down: further south');
    assert.ok((lng ?? 0) > (before[1] ?? 0), 'dragged right: further east');
  });

  step('3. with the tiles out of reach the map is not offered; the boxes and Use my current location stay', async () => {
    const page = await h.context('restaurant offline tiles', PHONE_390);
    await page.context().route(state.tiles, (route) => route.abort('connectionfailed'));
    await signIn(page, ACCOUNTS.restaurant);
    await page.goto('/dashBoard/addDonation');
    await page.getByText('Pickup point', { exact: false }).first().click();
    await page.getByRole('button', { name: 'Use my current location' }).waitFor();
    await eventually(async () => (await page.getByRole('region', { name: 'Map of the pickup point' }).count()) === 0, {
      timeout: 15_000,
      what: 'the map to leave once no tile loads',
    });
  });
});
