// @ts-check
// Issue 10, best before, on the app: a restaurant sets it on the Add Donation form (phone), a charity reads it on the
// card in words ("Best before 19:30 today · in 3 h"), and a donation whose time passes while a charity's All
// Donations page is open leaves that list by the device's clock, with no reload and no sync. One test per step.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, PHONE, apiAs, eventually, openFromMenu, openHarness, signIn, waitForText } from '../lib/browser.mjs';
import { pngFile } from '../lib/images.mjs';
import { uploadPicture } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('@foodbridge/shared/schemas/donation').Donation} Donation */

const h = await openHarness();
const tag = Date.now().toString(36);
const HOUR = 3_600_000;
/** @type {{ id: string, title: string, bestBefore: string, charity: Page, restaurant: Page }} */
const state = /** @type {any} */ ({ title: `E2E best before ${tag}` });

/**
 * A time as a datetime-local value in UTC, the browser contexts' time zone (openHarness sets timezoneId: 'UTC').
 * @param {number} ms
 */
const localInput = (ms) => new Date(ms).toISOString().slice(0, 16);

/** The card on All Donations whose heading is `title`. */
const cardOf = (/** @type {Page} */ page, /** @type {string} */ title) =>
  page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

describe('best before: set on the form, read on the card, gone from the list when it passes', () => {
  after(() => h.close());
  const step = stepsOf(h, 'best-before');

  step('1. the restaurant adds a donation with a best-before time through the form (phone)', async () => {
    const page = (state.restaurant = await h.context('restaurant', PHONE));
    await signIn(page, ACCOUNTS.restaurant);
    await openFromMenu(page, 'Add Donation');
    await page.getByRole('heading', { name: 'Add Surplus Food Donation' }).waitFor();

    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/images' && r.request().method() === 'POST');
    await page.getByLabel(/picture|image|photo/i).first().setInputFiles(pngFile('stew.png'));
    assert.ok((await uploaded).ok(), 'the picture uploaded');

    const bestBefore = page.getByLabel('Best before');
    assert.equal(await bestBefore.inputValue(), '', 'the field starts empty');
    // A cooked meal proposes four hours from now.
    const picked = Date.now();
    await page.getByLabel(/food type/i).selectOption('Cooked Meal');
    const proposed = Date.parse(`${await bestBefore.inputValue()}Z`);
    assert.ok(Math.abs(proposed - (picked + 4 * HOUR)) < 2 * 60_000, `Cooked Meal proposed ${await bestBefore.inputValue()}, not about now + 4 h`);

    await page.getByLabel(/title/i).fill(state.title);
    await page.getByLabel(/^quantity$/i).fill('6');
    await page.getByLabel('Quantity unit').selectOption('kg');
    await page.getByLabel(/pickup time/i).fill('Today 17-19');
    await page.getByLabel(/location/i).fill('1 Harbour Road');

    // A time already past is refused beside the field, in words, and the field is marked for screen readers.
    await bestBefore.fill(localInput(Date.now() - HOUR));
    const submit = page.getByRole('button', { name: 'Add Donation' });
    await eventually(() => submit.isEnabled(), { what: 'the Add Donation button to be enabled after the upload' });
    await submit.click();
    await page.getByText('Best before must be in the future').waitFor();
    assert.equal(await bestBefore.getAttribute('aria-invalid'), 'true');
    assert.equal(await bestBefore.getAttribute('aria-describedby'), 'donation-bestBefore-error');
    assert.ok(await bestBefore.evaluate((el) => el === document.activeElement), 'the refused field has the focus');

    // Three hours from now, to the minute: what the input can hold.
    const chosen = localInput(Date.now() + 3 * HOUR);
    await bestBefore.fill(chosen);
    assert.equal(await page.getByText('Best before must be in the future').count(), 0, 'editing the field clears its message');
    const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/donations' && r.request().method() === 'POST');
    await submit.click();
    assert.equal((await posted).status(), 201);
    await waitForText(page, 'Donation added successfully!');

    const restaurant = await apiAs(ACCOUNTS.restaurant);
    /** @type {Donation[]} */
    const mine = await restaurant.get('/donations');
    const added = mine.find((d) => d.title === state.title);
    assert.ok(added, 'the donation is in GET /donations');
    assert.equal(added.bestBefore && new Date(added.bestBefore).toISOString(), new Date(`${chosen}Z`).toISOString(), 'the server keeps the chosen time');
    state.id = added._id;
    state.bestBefore = /** @type {string} */ (added.bestBefore);
  });

  step('2. once verified, a charity reads "Best before ..." on its card and on the details page', async () => {
    const admin = await apiAs(ACCOUNTS.admin);
    await admin.patch(`/donations/verify/${state.id}`);

    const page = (state.charity = await h.context('charity', PHONE));
    await signIn(page, ACCOUNTS.charity);
    await page.goto(`/allDonations?q=${encodeURIComponent(tag)}`);
    const card = cardOf(page, state.title);
    await card.waitFor();
    const label = card.getByTitle(/^Best before /);
    // 3 h ahead (to the minute): today, or tomorrow when that crosses midnight; the hint counts the hours left, rounded.
    assert.match((await label.textContent()) ?? '', /Best before (\d\d:\d\d today|tomorrow \d\d:\d\d)/);
    assert.match((await label.textContent()) ?? '', /in 3 h/);
    assert.match((await label.getAttribute('title')) ?? '', /^Best before \w+,? \d+ \w+ \d{4}/, 'the full date and time on hover');

    await card.getByRole('link', { name: /View Details/ }).click();
    await page.getByRole('heading', { level: 1, name: state.title }).waitFor();
    assert.match((await page.getByTitle(/^Best before /).textContent()) ?? '', /Best before (\d\d:\d\d today|tomorrow \d\d:\d\d)/);
  });

  step('3. a donation whose best-before passes leaves the open All Donations page without a reload', async () => {
    const page = state.charity;
    const title = `E2E expiring ${tag}`;
    await page.goto(`/allDonations?q=${encodeURIComponent(tag)}`);
    await cardOf(page, state.title).waitFor();
    await page.evaluate(() => {
      /** @type {Window & { __e2eSameDocument?: boolean }} */ (window).__e2eSameDocument = true;
    });

    const [restaurant, admin] = await Promise.all([apiAs(ACCOUNTS.restaurant), apiAs(ACCOUNTS.admin)]);
    const image = await uploadPicture(restaurant);
    const expiresAt = Date.now() + 20_000;
    const { insertedId } = await restaurant.post('/donations', createDonationInput({ title, image, bestBefore: new Date(expiresAt).toISOString() }));
    await admin.patch(`/donations/verify/${insertedId}`);

    // It arrives by live replication, counting down, and leaves by the clock alone.
    const card = cardOf(page, title);
    await card.waitFor({ timeout: 15_000 });
    assert.ok(Date.now() < expiresAt, 'the card showed before its time');
    assert.match((await card.getByTitle(/^Best before /).textContent()) ?? '', /in 1 min/);
    await card.waitFor({ state: 'detached', timeout: expiresAt - Date.now() + 5_000 });
    const late = Date.now() - expiresAt;
    assert.ok(late >= -1_000, `the card left ${-late} ms before its best-before time`);
    console.log(`# the expired card left the list ${late} ms after its best-before time`);

    assert.ok(await cardOf(page, state.title).isVisible(), 'the donation still good stays listed');
    assert.equal(new URL(page.url()).pathname, '/allDonations', 'the charity is still on All Donations');
    assert.equal(
      await page.evaluate(() => /** @type {Window & { __e2eSameDocument?: boolean }} */ (window).__e2eSameDocument === true),
      true,
      'the page was not reloaded',
    );
  });

  step('4. the charity sorts by best before (its default) or newest, the choice in the URL across a reload', async () => {
    const page = state.charity;
    const later = `E2E keeps longer ${tag}`;
    const [restaurant, admin] = await Promise.all([apiAs(ACCOUNTS.restaurant), apiAs(ACCOUNTS.admin)]);
    const image = await uploadPicture(restaurant);
    // Newer than the first donation, but good for longer: the two orders disagree.
    const { insertedId } = await restaurant.post('/donations', createDonationInput({ title: later, image, bestBefore: new Date(Date.now() + 10 * HOUR).toISOString() }));
    await admin.patch(`/donations/verify/${insertedId}`);

    await page.goto(`/allDonations?q=${encodeURIComponent(tag)}`);
    await cardOf(page, later).waitFor();
    const order = () => page.locator('article h3').allTextContents();
    const sortBy = page.getByLabel('Sort by');
    assert.equal(await sortBy.inputValue(), 'bestBefore', 'a charity starts with best before soonest');
    assert.deepEqual(await order(), [state.title, later]);

    await sortBy.selectOption('newest');
    await eventually(async () => JSON.stringify(await order()) === JSON.stringify([later, state.title]), { what: 'newest first' });
    assert.equal(new URL(page.url()).searchParams.get('sort'), 'newest', 'the order is in the URL');
    await page.reload();
    await cardOf(page, later).waitFor();
    assert.equal(await page.getByLabel('Sort by').inputValue(), 'newest', 'the order survives a reload');
    assert.deepEqual(await order(), [later, state.title]);
  });

  step('5. the restaurant finds the time on the edit form and extends it', async () => {
    const page = state.restaurant;
    await page.goto(`/edit-donation/${state.id}`);
    const field = page.getByLabel('Best before');
    await eventually(async () => (await field.inputValue()) === localInput(Date.parse(state.bestBefore)), { what: 'the saved time in the edit form' });
    const extended = localInput(Date.now() + 6 * HOUR);
    await field.fill(extended);
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === `/donations/${state.id}` && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    assert.equal((await saved).status(), 200);
    /** @type {Donation} */
    const updated = await (await apiAs(ACCOUNTS.restaurant)).get(`/donations/${state.id}`);
    assert.equal(updated.bestBefore && new Date(updated.bestBefore).toISOString(), new Date(`${extended}Z`).toISOString());
  });
});
