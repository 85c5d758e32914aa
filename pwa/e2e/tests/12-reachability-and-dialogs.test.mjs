// @ts-check
// Issue 16, "Say what is true" and "The small things": with the device online but FoodBridge not answering (every
// API call aborted by the browser's routing, navigator.onLine still true), the status line says
// "Can't reach FoodBridge - 1 pickup waiting, will retry" (never 'Online'), fitting a 360 px phone, and a screen that
// needs the server says "Can't reach FoodBridge" with Try again rather than 'You are offline'; when the server
// answers again the pickup goes through and the line says Online. Then every dialog of the charity, restaurant and
// user screens, opened by keyboard, gives focus back to the control that opened it (Escape and its dismiss button).
// One test per step; a failed step skips the rest.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import { createDonationInput, createDonationRequestInput, createReviewInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, ARTIFACTS, DESKTOP, PHONE, apiAs, dismissToasts, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { checkFocusReturn } from '../lib/dialogs.mjs';
import { createAcceptedDonations, pickupCard, serverDonation, syncStatus, uploadPicture } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Request} Request */
/** @typedef {import('playwright-core').BrowserContext} BrowserContext */

const SHOTS = process.env.E2E_SHOTS_DIR || ARTIFACTS;
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const CANT_REACH = "Can't reach FoodBridge";
const tag = Date.now().toString(36);
const h = await openHarness();
/**
 * @type {{
 *   page: Page, pickups: [{ id: string, title: string }, { id: string, title: string }], verified: { id: string, title: string },
 *   requested: { id: string, title: string }, unrouted: () => Promise<void>,
 * }}
 */
const state = /** @type {any} */ ({});

/** What the screen shows (not the whole page: the status line and the notice are at the top). @param {Page} page @param {string} name */
async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/**
 * The server's API, not the app's own files or pictures: what a café's wifi or a restarting server leaves unanswered.
 * @param {Request} request
 */
function isApiCall(request) {
  if (request.isNavigationRequest()) return false;
  const { pathname } = new URL(request.url());
  return !/^\/(assets|icons|home|images)\/|\.(js|css|png|svg|webmanifest|ico|woff2?)$|^\/(sw\.js)?$/.test(pathname);
}

/** Every API call fails as a dropped connection would, while the browser itself stays online. @param {BrowserContext} context */
async function cutOffServer(context) {
  /** @param {import('playwright-core').Route} route */
  const handler = (route) => (isApiCall(route.request()) ? route.abort('connectionrefused') : route.continue());
  await context.route('**/*', handler);
  return () => context.unroute('**/*', handler);
}

/** Nothing on the page reaches past the viewport's right edge. @param {Page} page */
const noSidewaysScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the server unreachable while the device is online: said as it is, and cleared when it answers", () => {
  after(() => h.closeContexts());
  const step = stepsOf(h, 'unreachable');

  step('1. online: the charity (360 px phone) has two accepted donations in My Pickups', async () => {
    const [first, second] = await createAcceptedDonations(2, { tag, titlePrefix: 'E2E reach' });
    if (!first || !second) throw new Error('two accepted donations were asked for');
    state.pickups = [first, second];
    const page = (state.page = await h.context('charity', PHONE));
    await signIn(page, ACCOUNTS.charity);
    // Every screen used below is opened once with the server there, so its code is in the page already.
    await openFromMenu(page, 'Charity Profile');
    await page.getByRole('heading', { name: 'Charity Profile' }).waitFor();
    await openFromMenu(page, 'My Pickups');
    await pickupCard(page, state.pickups[0].title).getByRole('button', { name: 'Confirm Pickup' }).waitFor();
    await syncStatus(page).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 30_000 });
    await syncStatus(page).getByText('Online').waitFor();
  });

  step("2. the server stops answering; Confirm Pickup: \"Can't reach FoodBridge - 1 pickup waiting, will retry\", never Online", async () => {
    const { page } = state;
    state.unrouted = await cutOffServer(page.context());
    const card = pickupCard(page, state.pickups[0].title);
    await card.getByRole('button', { name: 'Confirm Pickup' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, confirm pickup' }).click();
    await card.getByText(/waiting to sync/i).first().waitFor();

    const status = syncStatus(page);
    await status.getByText(`${CANT_REACH} - 1 pickup waiting, will retry`).waitFor({ timeout: 30_000 });
    const text = (await status.textContent()) ?? '';
    assert.doesNotMatch(text, /\bOnline\b/, `the line says Online beside the problem: ${text}`);
    assert.equal(await page.evaluate(() => navigator.onLine), true, 'the browser itself is online all along');
    // The whole sentence is on screen at 360 px: the line wraps inside the page, nothing is cut or pushes it wider.
    assert.ok(await status.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the status line fits its box');
    assert.ok(((await status.boundingBox())?.width ?? 999) <= 360, 'the status line is inside the 360 px viewport');
    assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 360 px');
    await dismissToasts(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'unreachable-status-360');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'unreachable-status-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'unreachable-status-1280');
    await page.setViewportSize({ width: 360, height: 740 });
  });

  step("3. a screen that needs the server says \"Can't reach FoodBridge\" with Try again, not 'You are offline'", async () => {
    const { page } = state;
    await openFromMenu(page, 'Charity Profile');
    const notice = page.getByRole('alert').filter({ hasText: CANT_REACH });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Try again' }).waitFor();
    assert.equal(await page.getByText('You are offline').count(), 0, "no 'You are offline' while the device is online");
    await shot(page, 'unreachable-profile-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'unreachable-profile-1280');
    await page.setViewportSize({ width: 360, height: 740 });
  });

  step('4. the server answers again: Try again shows the profile, the pickup goes through, and the line says Online', async () => {
    const { page } = state;
    await state.unrouted();
    await page.getByRole('alert').filter({ hasText: CANT_REACH }).getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Charity Profile' }).waitFor();
    await page.getByRole('button', { name: 'Edit profile' }).waitFor({ timeout: 30_000 });

    const charity = await apiAs(ACCOUNTS.charity);
    await eventually(async () => (await serverDonation(charity, state.pickups[0].id))?.status === 'Picked', {
      timeout: 45_000,
      what: 'the queued pickup to reach the server',
    });
    await openFromMenu(page, 'My Pickups');
    const status = syncStatus(page);
    await eventually(async () => {
      const text = (await status.textContent()) ?? '';
      return text.includes('Online') && !text.includes(CANT_REACH) && !text.includes('waiting');
    }, { timeout: 30_000, what: 'the status line to say Online with nothing waiting' });
  });
});

describe('every dialog gives focus back to the control that opened it (Escape, and its own dismiss button)', () => {
  after(() => h.close());
  const step = stepsOf(h, 'dialog-focus');

  step('1. data: a verified donation, one the charity requested, a favourite and a review of the charity', async () => {
    const [restaurant, admin, charity] = await Promise.all([apiAs(ACCOUNTS.restaurant), apiAs(ACCOUNTS.admin), apiAs(ACCOUNTS.charity)]);
    const image = await uploadPicture(restaurant);
    const make = async (/** @type {string} */ title) => {
      const { insertedId: id } = await restaurant.post('/donations', createDonationInput({ title, image }));
      await admin.patch(`/donations/verify/${id}`);
      return { id, title };
    };
    state.verified = await make(`E2E focus open ${tag}`);
    state.requested = await make(`E2E focus requested ${tag}`);
    await charity.post('/donation-requests', createDonationRequestInput({ donationId: state.requested.id }));
    await charity.post('/favorites', { donationId: state.verified.id, email: ACCOUNTS.charity });
    await charity.post('/reviews', createReviewInput({ donationId: state.verified.id }));
  });

  step('2. the charity on a phone: the menu drawer, Confirm Pickup, Cancel request, Add Review, Edit profile', async () => {
    const page = (state.page = await h.context('charity-dialogs', PHONE_390));
    await signIn(page, ACCOUNTS.charity);

    await openFromMenu(page, 'My Pickups');
    await dismissToasts(page);
    await checkFocusReturn(page, page.getByRole('button', { name: 'Open dashboard menu' }), { what: 'the dashboard menu' });
    const pickup = pickupCard(page, state.pickups[1].title).getByRole('button', { name: 'Confirm Pickup' });
    await checkFocusReturn(page, pickup, { what: 'Confirm Pickup' });

    await openFromMenu(page, 'My Requests');
    const request = page.locator('li').filter({ hasText: state.requested.title }).getByRole('button', { name: /Cancel request/ });
    await checkFocusReturn(page, request, { what: 'Cancel request' });

    await openFromMenu(page, 'Received Donations');
    const received = pickupCard(page, state.pickups[0].title).getByRole('button', { name: 'Add Review' });
    await checkFocusReturn(page, received, { what: 'Leave a Review' });

    await openFromMenu(page, 'Charity Profile');
    await checkFocusReturn(page, page.getByRole('button', { name: 'Edit profile' }), { what: 'Edit profile' });

    await openFromMenu(page, 'Favorites');
    const favorite = page.locator('li, article').filter({ hasText: state.verified.title }).getByRole('button', { name: 'Remove' }).first();
    await checkFocusReturn(page, favorite, { what: 'Remove from favorites' });

    await openFromMenu(page, 'My Reviews');
    const review = page.locator('li').filter({ hasText: state.verified.title }).getByRole('button', { name: 'Delete' }).first();
    await checkFocusReturn(page, review, { what: 'Delete this review' });
  });

  step('3. the donation page, forms opened from code (no dialog trigger): Request Donation and Add Review', async () => {
    const { page } = state;
    await page.goto(`/donations/${state.verified.id}`);
    await checkFocusReturn(page, page.getByRole('button', { name: 'Request Donation' }), { what: 'Request Donation' });
    await checkFocusReturn(page, page.getByRole('button', { name: 'Add Review' }), { what: 'Add Review' });
  });

  step('4. the restaurant on a desktop: Delete a donation, Accept a request, Edit profile', async () => {
    const page = await h.context('restaurant-dialogs', DESKTOP);
    await signIn(page, ACCOUNTS.restaurant);
    await openFromMenu(page, 'My Donations');
    const donation = page.locator('li, article, tr').filter({ hasText: state.verified.title }).getByRole('button', { name: 'Delete' }).filter({ visible: true }).first();
    await checkFocusReturn(page, donation, { what: 'Delete donation' });

    await openFromMenu(page, 'Requested Donations');
    const accept = page.locator('li, tr').filter({ hasText: state.requested.title }).getByRole('button', { name: 'Accept' }).filter({ visible: true }).first();
    await checkFocusReturn(page, accept, { what: 'Accept this request' });

    await openFromMenu(page, 'Restaurant Profile');
    await checkFocusReturn(page, page.getByRole('button', { name: 'Edit profile' }), { what: 'Edit profile' });
  });
});
