// @ts-check
// Issue 50's food safety from end to end: the restaurant (390 px) says on the Add Donation form that a pie holds milk,
// is vegetarian and kept chilled, and must choose its unit; once verified, a charity (390 px) finds it on All Donations
// under Diet: Vegetarian, loses it under Free from: Milk (the choice in the address), and reads it on the card and the
// details page. axe on both pages.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { ACCOUNTS, PHONE, apiAs, eventually, openHarness, signIn } from '../lib/browser.mjs';
import { axeProblems } from '../lib/checks.mjs';
import { stepsOf } from '../lib/steps.mjs';
import { makePng } from '../lib/images.mjs';

/** @typedef {import('playwright-core').Page} Page */

const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const h = await openHarness();
const title = `E2E cheese pie ${Date.now().toString(36)}`;
/** @type {{ id: string }} */
const state = /** @type {any} */ ({});

describe('food safety: said on the form, filtered and read by a charity', () => {
  after(() => h.close());
  const step = stepsOf(h, 'food-safety');

  step('1. the restaurant (390 px) says allergens, diet and storage, and must choose the unit', async () => {
    const page = await h.context('restaurant', PHONE_390);
    await signIn(page, ACCOUNTS.restaurant);
    await page.goto('/dashBoard/addDonation');
    await page.getByRole('heading', { name: 'Add Surplus Food Donation' }).waitFor();
    await page.getByLabel('Food picture').setInputFiles({ name: 'pie.png', mimeType: 'image/png', buffer: makePng(96, 64) });
    await page.getByLabel('Donation title', { exact: true }).fill(title);
    await page.getByLabel('Food type', { exact: true }).selectOption('Bakery');
    await page.getByLabel('Quantity', { exact: true }).fill('6');
    await page.getByLabel('Pickup time window').fill('Today 17:00-19:00');
    await page.getByLabel('Pickup location').fill('12 Market Street');
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Best before', { exact: true }).fill(local);
    const safety = page.getByRole('group', { name: 'Food safety' });
    await safety.getByLabel('Storage').selectOption('chilled');
    await safety.getByRole('checkbox', { name: 'Vegetarian' }).check();
    await safety.getByRole('radio', { name: 'Contains…' }).check();
    await safety.getByRole('checkbox', { name: 'Milk' }).check();
    // No unit chosen: refused beside the field, nothing posted.
    await page.getByRole('button', { name: 'Add Donation', exact: true }).click();
    await page.getByText('Choose the unit: kg or portions.').waitFor();
    await page.getByLabel('Quantity unit').selectOption('portions');
    assert.deepEqual(await axeProblems(page), [], 'axe on Add Donation with food safety');
    const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/donations' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Add Donation', exact: true }).click();
    assert.equal((await posted).status(), 201);

    const restaurant = await apiAs(ACCOUNTS.restaurant);
    /** @type {import('@foodbridge/shared/schemas/donation').Donation} */
    const saved = await eventually(async () => (await restaurant.get('/donations')).find((/** @type {{ title: string }} */ d) => d.title === title) ?? false, {
      what: 'the new donation',
    });
    assert.deepEqual([saved.unit, saved.allergens, saved.dietary, saved.storage], ['portions', ['milk'], ['vegetarian'], 'chilled']);
    state.id = saved._id;
    await (await apiAs(ACCOUNTS.admin)).patch(`/donations/verify/${saved._id}`);
  });

  step('2. a charity (390 px) finds it under Diet: Vegetarian, loses it under Free from: Milk, and reads it on the card and the details', async () => {
    const page = await h.context('charity', PHONE_390);
    await signIn(page, ACCOUNTS.charity);
    await page.goto('/allDonations');
    const card = page.locator('li').filter({ has: page.getByRole('heading', { name: title, exact: true }) }).first();
    await page.getByRole('button', { name: /^Diet & allergens/ }).click();
    await page.getByRole('group', { name: 'Diet' }).getByRole('button', { name: 'Vegetarian' }).click();
    await card.waitFor({ timeout: 30_000 });
    await card.getByText('Contains: Milk').waitFor();
    await page.getByRole('group', { name: 'Free from' }).getByRole('button', { name: 'Milk' }).click();
    await eventually(async () => (await card.count()) === 0, { what: 'the pie to leave the list' });
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('freeFrom'), 'milk');
    assert.equal(url.searchParams.get('dietary'), 'vegetarian');
    assert.deepEqual(await axeProblems(page), [], 'axe on All Donations with the food-safety filters open');

    await page.goto(`/donations/${state.id}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('Contains: Milk').first().waitFor();
    await page.getByText('Chilled').first().waitFor();
    await page.getByText('Vegetarian').first().waitFor();
    assert.deepEqual(await axeProblems(page), [], 'axe on the details page with food safety');
  });
});
