// @ts-check
// Issue 10, near me: a charity whose browser shares a position picks 'Nearest first' and sees the nearest donation
// first with its distance on every card; food-type chips narrow the list; the choice survives a reload (and the
// position is asked again, never put in the URL, never sent to the server by a signed-in viewer). A visitor's list
// is sorted by the server (near= in the call); a refused position is said politely and the previous order stays. A
// restaurant sets its pickup point from the browser's position, and its next donation takes it. One test per step.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { distanceKm, formatDistance } from '@foodbridge/shared/geo';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, PHONE, apiAs, eventually, openHarness, signIn } from '../lib/browser.mjs';
import { pngFile } from '../lib/images.mjs';
import { uploadPicture } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */

const h = await openHarness();
const tag = `near${Date.now().toString(36)}`;
// Alexanderplatz, Berlin: where the charity's browser says it is.
const HERE = { latitude: 52.5219, longitude: 13.4132 };
const WHERE = { geolocation: HERE, permissions: ['geolocation'] };
/** Three places at known distances, and one donation without a place (it goes last, with no distance). */
const OFFERS = [
  { key: 'far', foodType: /** @type {const} */ ('Bakery'), place: { latitude: 52.5219, longitude: 13.56 } },
  { key: 'near', foodType: /** @type {const} */ ('Bakery'), place: { latitude: 52.524, longitude: 13.4132 } },
  { key: 'nowhere', foodType: /** @type {const} */ ('Cooked Meal'), place: undefined },
  { key: 'mid', foodType: /** @type {const} */ ('Produce'), place: { latitude: 52.54, longitude: 13.42 } },
].map((o) => ({ ...o, title: `E2E ${o.key} ${tag}` }));
const titleOf = (/** @type {string} */ key) => `E2E ${key} ${tag}`;
const distanceOf = (/** @type {string} */ key) => {
  const place = OFFERS.find((o) => o.key === key)?.place;
  return place ? formatDistance(distanceKm({ lat: HERE.latitude, lng: HERE.longitude }, { lat: place.latitude, lng: place.longitude })) : undefined;
};
/** @type {{ charity: Page, restaurant: Page, nearSent: string[] }} */
const state = /** @type {any} */ ({ nearSent: [] });

const cards = (/** @type {Page} */ page) => page.locator('article');
const order = (/** @type {Page} */ page) => page.locator('article h3').allTextContents();
const cardOf = (/** @type {Page} */ page, /** @type {string} */ title) =>
  page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Waits for the list to read `keys` in this order, each card with its distance (and none without a place). */
async function expectNearestFirst(/** @type {Page} */ page, /** @type {string[]} */ keys) {
  const titles = keys.map(titleOf);
  await eventually(async () => JSON.stringify(await order(page)) === JSON.stringify(titles), {
    what: `nearest first: ${keys.join(', ')} (shown: ${JSON.stringify(await order(page))})`,
  });
  for (const key of keys) {
    const text = (await cardOf(page, titleOf(key)).textContent()) ?? '';
    const expected = distanceOf(key);
    if (expected) assert.ok(text.includes(`${expected} away`), `the ${key} card says ${expected} away: ${text}`);
    else assert.doesNotMatch(text, /\d (m|km) away/, `the ${key} card, without a place, shows no distance`);
  }
}

describe('near me: nearest first with distances, food-type chips, across a reload', () => {
  after(async () => {
    // The demo restaurant's profile goes back to having no pickup point, for the tests that run after this one.
    await (await apiAs(ACCOUNTS.restaurant)).patch('/users/me', { latitude: null, longitude: null }).catch(() => {});
    await h.close();
  });
  const step = stepsOf(h, 'near-me');

  step('1. a charity picks Nearest first and sees the nearest first, each with its distance (phone)', async () => {
    const [restaurant, admin] = await Promise.all([apiAs(ACCOUNTS.restaurant), apiAs(ACCOUNTS.admin)]);
    // Donations without coordinates would take the profile's pickup point: make sure there is none.
    await restaurant.patch('/users/me', { latitude: null, longitude: null });
    const image = await uploadPicture(restaurant);
    for (const o of OFFERS) {
      const { insertedId } = await restaurant.post('/donations', createDonationInput({ title: o.title, foodType: o.foodType, image, ...o.place }));
      await admin.patch(`/donations/verify/${insertedId}`);
    }

    const page = (state.charity = await h.context('charity', PHONE, WHERE));
    page.on('request', (r) => {
      if (/[?&]near=/.test(r.url())) state.nearSent.push(r.url());
    });
    await signIn(page, ACCOUNTS.charity);
    await page.goto(`/allDonations?q=${tag}`);
    await cards(page).first().waitFor();
    await eventually(async () => (await cards(page).count()) === OFFERS.length, { what: 'the four donations' });
    // Before asking, no card says how far it is.
    assert.doesNotMatch((await cards(page).allTextContents()).join(' '), / away/);

    await page.getByLabel('Sort by').selectOption('distance');
    await expectNearestFirst(page, ['near', 'mid', 'far', 'nowhere']);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('sort'), 'distance', 'the order is in the URL');
    assert.doesNotMatch(url.search, /52\.5|13\.4/, 'the position is not in the URL');
  });

  step('2. the food-type chips narrow the list, pressed state and URL included', async () => {
    const page = state.charity;
    const bakery = page.getByRole('button', { name: /^Bakery/ });
    assert.equal(await bakery.getAttribute('aria-pressed'), 'false');
    await bakery.click();
    assert.equal(await bakery.getAttribute('aria-pressed'), 'true');
    await expectNearestFirst(page, ['near', 'far']);
    assert.equal(new URL(page.url()).searchParams.get('type'), 'Bakery');

    // The row of chips scrolls sideways on a phone instead of wrapping, and the page itself does not.
    const row = page.getByRole('group', { name: 'Food type' });
    assert.equal(await row.evaluate((el) => getComputedStyle(el).overflowX), 'auto');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll of the page');

    await page.getByRole('button', { name: /^All/ }).click();
    await expectNearestFirst(page, ['near', 'mid', 'far', 'nowhere']);
  });

  step('3. the choice survives a reload: the position is asked again, and it never went to the server', async () => {
    const page = state.charity;
    await page.getByRole('button', { name: /^Produce/ }).click();
    await expectNearestFirst(page, ['mid']);
    await page.reload();
    assert.equal(await page.getByLabel('Sort by').inputValue(), 'distance', 'Nearest first survives a reload');
    assert.equal(await page.getByRole('button', { name: /^Produce/ }).getAttribute('aria-pressed'), 'true');
    await expectNearestFirst(page, ['mid']);
    await page.getByRole('button', { name: /^All/ }).click();
    await expectNearestFirst(page, ['near', 'mid', 'far', 'nowhere']);
    assert.deepEqual(state.nearSent, [], 'a signed-in viewer sorts on the device: no call carried its position');
  });

  step('4. a visitor is sorted by the server (near= and foodType= in the call), with the same order', async () => {
    const page = await h.context('visitor', PHONE, WHERE);
    /** @type {string[]} */
    const calls = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/donations/verified') calls.push(r.url());
    });
    await page.goto(`/allDonations?q=${tag}&sort=distance`);
    await expectNearestFirst(page, ['near', 'mid', 'far', 'nowhere']);
    await eventually(async () => calls.some((u) => /sort=distance&near=52\.52[12]%2C13\.41[34]/.test(u)), { what: `a call with near= (${calls.join(' ')})` });
    await page.getByRole('button', { name: /^Bakery/ }).click();
    await expectNearestFirst(page, ['near', 'far']);
    assert.ok(calls.some((u) => /foodType=Bakery/.test(u)), `the food type went to the server: ${calls.join(' ')}`);
  });

  step('5. a refused position is said politely and the previous order stays', async () => {
    // No permission granted: the browser refuses without a prompt.
    const page = await h.context('no-position', PHONE);
    await signIn(page, ACCOUNTS.charity);
    await page.goto(`/allDonations?q=${tag}&sort=newest`);
    await eventually(async () => (await cards(page).count()) === OFFERS.length, { what: 'the four donations' });
    await page.getByLabel('Sort by').selectOption('distance');
    const said = page.getByRole('status').filter({ hasText: /location/ });
    await said.waitFor();
    assert.match((await said.textContent()) ?? '', /Nearest first needs your location|not available/);
    await eventually(async () => (await page.getByLabel('Sort by').inputValue()) === 'newest', { what: 'the previous order back in the select' });
    assert.equal(new URL(page.url()).searchParams.get('sort'), 'newest');
    assert.doesNotMatch((await cards(page).allTextContents()).join(' '), / away/, 'no distances without a position');
  });

  step("6. a restaurant sets its pickup point from the browser's position; its next donation takes it", async () => {
    const place = { latitude: 52.5163, longitude: 13.3777 };
    const page = await h.context('restaurant', PHONE, { geolocation: place, permissions: ['geolocation'] });
    await signIn(page, ACCOUNTS.restaurant);
    await page.goto('/dashBoard/restaurantProfile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Use my current location' }).click();
    await eventually(async () => (await dialog.getByLabel('Latitude').inputValue()) === '52.516300', { what: 'the latitude from the browser' });
    assert.equal(await dialog.getByLabel('Longitude').inputValue(), '13.377700');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/organisations/mine' && r.request().method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Save' }).click();
    assert.equal((await saved).status(), 200);
    await page.getByText('52.5163, 13.3777').waitFor();

    const restaurant = await apiAs(ACCOUNTS.restaurant);
    const image = await uploadPicture(restaurant);
    const { insertedId } = await restaurant.post('/donations', createDonationInput({ title: `E2E default place ${tag}`, image }));
    const made = await restaurant.get(`/donations/${insertedId}`);
    assert.deepEqual({ latitude: made.latitude, longitude: made.longitude }, place, 'the new donation took the pickup point');
    await restaurant.del(`/donations/${insertedId}`);
    state.restaurant = page;
  });

  step('7. Add Donation may set another pickup point in its Pickup point disclosure', async () => {
    const page = state.restaurant;
    await page.goto('/dashBoard/addDonation');
    await page.getByRole('heading', { name: 'Add Surplus Food Donation' }).waitFor();
    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/images' && r.request().method() === 'POST');
    await page.getByLabel(/picture|image|photo/i).first().setInputFiles(pngFile('crates.png'));
    assert.ok((await uploaded).ok(), 'the picture uploaded');
    const title = `E2E own place ${tag}`;
    await page.getByLabel(/title/i).fill(title);
    await page.getByLabel(/food type/i).selectOption('Produce');
    await page.getByLabel(/^quantity$/i).fill('3');
    await page.getByLabel('Quantity unit').selectOption('kg');
    await page.getByLabel(/pickup time/i).fill('Today 17-19');
    await page.getByLabel('Pickup location').fill('Market hall, stand 4');
    await page.getByLabel('Best before').fill(new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 16));

    // Closed at first: most donations are collected where the profile says.
    const latitude = page.getByLabel('Latitude');
    assert.equal(await latitude.isVisible(), false, 'the pickup point is folded away');
    await page.getByText('Pickup point', { exact: true }).click();
    // One box alone is refused beside the other, in words.
    await latitude.fill('52.5074');
    const submit = page.getByRole('button', { name: 'Add Donation' });
    await eventually(() => submit.isEnabled(), { what: 'the Add Donation button to be enabled after the upload' });
    await submit.click();
    await page.getByText('Give both latitude and longitude, or neither').waitFor();
    await page.getByLabel('Longitude').fill('13,4258');
    const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/donations' && r.request().method() === 'POST');
    await submit.click();
    assert.equal((await posted).status(), 201);

    const restaurant = await apiAs(ACCOUNTS.restaurant);
    /** @type {Array<{ _id: string, title: string, latitude?: number, longitude?: number }>} */
    const mine = await restaurant.get('/donations');
    const added = mine.find((d) => d.title === title);
    assert.deepEqual({ latitude: added?.latitude, longitude: added?.longitude }, { latitude: 52.5074, longitude: 13.4258 }, 'its own point, not the profile one');
    if (added) await restaurant.del(`/donations/${added._id}`);
  });
});
