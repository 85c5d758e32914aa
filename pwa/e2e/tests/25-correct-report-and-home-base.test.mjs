// @ts-check
// Issue 12, a charity corrects its own pickup report (online, within 7 days), and issues 10/11, its home base and
// alerts on its profile: set from the browser's position on a click, saved, and used as the origin of 'Nearest first'
// when the browser's position is not shared. One test per step; a failed step skips the rest.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, PHONE, apiAs, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { createAcceptedDonation, pickupCard, uploadPicture } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */
const h = await openHarness();
const tag = `home${Date.now().toString(36)}`;
const HOME = { latitude: 52.5219, longitude: 13.4132 };
const state = /** @type {{ page: Page, charity: import('../lib/browser.mjs').Api, donation: { id: string, title: string } }} */ (
  /** @type {unknown} */ ({})
);

describe('a charity corrects its pickup report, and sets its home base and alerts', () => {
  after(async () => {
    // The seeded charity goes back to no home base, for the tests that run after this one.
    const charity = await apiAs(ACCOUNTS.charity);
    await charity.raw('PUT', '/me/charity-preferences', { body: {} }).catch(() => {});
    await h.close();
  });
  const step = stepsOf(h, 'correct-report-home-base');

  step('1. a picked-up donation offers Correct report, pre-filled with the stored report; the correction is saved', async () => {
    state.donation = await createAcceptedDonation({ titlePrefix: 'E2E correct' });
    state.charity = await apiAs(ACCOUNTS.charity);
    await state.charity.patch(`/donations/pickup/${state.donation.id}`, { weightKg: 4, outcome: 'all' });
    const page = (state.page = await h.context('charity', PHONE));
    await signIn(page, ACCOUNTS.charity);
    await openFromMenu(page, 'My Pickups');
    const card = pickupCard(page, state.donation.title);
    await card.getByRole('button', { name: 'Correct report' }).click();

    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Correct your pickup report' }).waitFor();
    assert.equal(await dialog.getByLabel('Weight received (kg)').inputValue(), '4', 'starts from the stored weight');
    await dialog.getByText('Part of it', { exact: true }).click();
    await dialog.getByLabel('Weight received (kg)').fill('2,5');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Report corrected.').waitFor();
    const stored = await state.charity.get(`/donations/${state.donation.id}/pickup-report`);
    assert.deepEqual(stored.report, { weightKg: 2.5, outcome: 'part' });
  });

  step('2. offline, Correct report says it needs a connection and opens nothing', async () => {
    const { page } = state;
    await page.context().setOffline(true);
    await pickupCard(page, state.donation.title).getByRole('button', { name: 'Correct report' }).click();
    await page.getByText('Correcting a report needs a connection. Try again when you are online.').waitFor();
    assert.equal(await page.getByRole('alertdialog').count(), 0);
    await page.context().setOffline(false);
  });

  step('3. the profile sets the home base from the browser on a click, a distance and a food type, and saves them', async () => {
    const page = await h.context('profile', PHONE, { geolocation: HOME, permissions: ['geolocation'] });
    await signIn(page, ACCOUNTS.charity);
    await page.goto('/dashBoard/charityProfile');
    await page.getByRole('heading', { name: 'Home base and alerts' }).waitFor();
    await page.getByLabel('Home base address').fill('Alexanderplatz 1, Berlin');
    await page.getByRole('button', { name: 'Use my current location' }).click();
    await page.getByText('Location set: 52.52190, 13.41320').waitFor();
    await page.getByLabel('Tell me of new donations within').selectOption('5');
    await page.getByLabel('Bakery').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('You are told of new Bakery donations within 5 km of your home base.').first().waitFor();
    assert.deepEqual(await state.charity.get('/me/charity-preferences'), {
      homeAddress: 'Alexanderplatz 1, Berlin',
      homeLatitude: HOME.latitude,
      homeLongitude: HOME.longitude,
      notifyRadiusKm: 5,
      notifyFoodTypes: ['Bakery'],
    });
  });

  step("4. without the browser's position, Nearest first measures from the home base", async () => {
    const [restaurant, admin] = await Promise.all([apiAs(ACCOUNTS.restaurant), apiAs(ACCOUNTS.admin)]);
    const image = await uploadPicture(restaurant);
    const title = `E2E near home ${tag}`;
    const { insertedId } = await restaurant.post('/donations', createDonationInput({ title, image, latitude: 52.524, longitude: 13.4132 }));
    await admin.patch(`/donations/verify/${insertedId}`);
    // No permission granted: the browser refuses without a prompt.
    const page = await h.context('no-position', PHONE);
    await signIn(page, ACCOUNTS.charity);
    await page.goto(`/allDonations?q=${tag}&sort=newest`);
    await eventually(async () => (await page.locator('article').count()) === 1, { what: 'the donation near the home base' });
    await page.getByLabel('Sort by').selectOption('distance');
    await page.getByText('Distances from your home base (your location is not shared).').waitFor();
    assert.equal(await page.getByLabel('Sort by').inputValue(), 'distance', 'Nearest first stays');
    await eventually(async () => /230 m away/.test((await page.locator('article').first().textContent()) ?? ''), { what: 'the distance from the home base on the card' });
  });
});
