// @ts-check
// Issue 49, its first and fifth points: the charity's installed app (390 px, service worker on) shows a pickup's
// whole card the same online and after an offline reload: the restaurant's name, address and Call link, the planned
// day and time, the window, best before, quantity, the restaurant's note and state (the text of the two cards is
// compared); Directions go to the pickup point's coordinates. After the connection returns, the status line says Online, not "Can't reach".
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { createDonationInput, createDonationRequestInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, PHONE, apiAs, dismissToasts, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { WITH_SW, pickupCard, syncStatus, uploadPicture, waitForServiceWorker } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */

const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const POINT = { latitude: 39.7817, longitude: -89.6501 };
const NOTE = 'Ring the bell at the back door and ask for Sam';
const h = await openHarness();
/** @type {{ page: Page, title: string, online: string }} */
const state = /** @type {any} */ ({});

/**
 * The card's text as a reader gets it, one line per line, without the coordinator's 'Give it to' control: giving a
 * pickup to a member is done on the server, so that control is there only online.
 */
const cardText = async () =>
  (
    await pickupCard(state.page, state.title).evaluate((card) => {
      const copy = /** @type {HTMLElement} */ (card.cloneNode(true));
      for (const select of copy.querySelectorAll('select')) (select.closest('div:has(> label)') ?? select).remove();
      document.body.append(copy);
      const text = copy.innerText;
      copy.remove();
      return text;
    })
  )
    .replace(/\s*\n\s*/g, '\n')
    .trim();

describe('a pickup’s card is the same with no signal', () => {
  after(() => h.close());
  const step = stepsOf(h, 'pickup-card-offline');

  step('1. online: My Pickups shows the card with the planned day, the Call link and Directions to the pickup point', async () => {
    const [restaurant, admin, charity] = await Promise.all([apiAs(ACCOUNTS.restaurant), apiAs(ACCOUNTS.admin), apiAs(ACCOUNTS.charity)]);
    state.title = `E2E card ${Date.now().toString(36)}`;
    const image = await uploadPicture(restaurant);
    const { insertedId: id } = await restaurant.post('/donations', createDonationInput({ title: state.title, image, ...POINT, restaurantNote: NOTE }));
    await admin.patch(`/donations/verify/${id}`);
    const pickupAt = new Date(Date.now() + 3 * 3600_000).toISOString();
    const { insertedId: requestId } = await charity.post('/donation-requests', createDonationRequestInput({ donationId: id, pickupAt }));
    await restaurant.patch(`/donation-requests/accept/${requestId}`);

    const page = (state.page = await h.context('charity', PHONE_390, WITH_SW));
    await signIn(page, ACCOUNTS.charity);
    await waitForServiceWorker(page);
    await openFromMenu(page, 'My Pickups');
    const card = pickupCard(page, state.title);
    await card.waitFor({ timeout: 30_000 });
    await card.getByText('Your pickup', { exact: true }).waitFor();
    await card.getByRole('link', { name: /^Call/ }).waitFor();
    await card.getByText(NOTE).waitFor();
    await syncStatus(page).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 30_000 });
    const directions = await card.getByRole('link', { name: /^Directions/ }).getAttribute('href');
    assert.equal(directions, `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${POINT.latitude},${POINT.longitude}`)}`);
    await dismissToasts(page);
    state.online = await cardText();
  });

  step('2. offline, reloaded: the same card, word for word, Call link included', async () => {
    const page = state.page;
    await page.context().setOffline(true);
    await syncStatus(page).getByText('Offline').waitFor();
    await page.reload();
    const card = pickupCard(page, state.title);
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('link', { name: /^Call/ }).waitFor();
    await dismissToasts(page);
    assert.equal(await cardText(), state.online);
  });

  step('3. back online: the status line says Online', async () => {
    const page = state.page;
    await page.context().setOffline(false);
    await syncStatus(page).getByText('Online').waitFor({ timeout: 30_000 });
    assert.equal(await syncStatus(page).getByText("Can't reach FoodBridge").count(), 0);
  });
});
