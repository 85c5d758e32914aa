// @ts-check
// Issue 16: a pickup confirmed offline shows in Received Donations as 'Waiting to sync', and when the connection
// returns the driver is told once that it went through ('Pickup confirmed and sent'): one notice in one of two open
// tabs, none again after a reload. One test per step; a failed step skips the rest.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import { ACCOUNTS, ARTIFACTS, PHONE, apiAs, dismissToasts, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { createAcceptedDonation, pickupCard, sleep, syncStatus } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */

const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const SENT = 'Pickup confirmed and sent';
const h = await openHarness();
const state = /** @type {{ page: Page, other: Page, donation: { id: string, title: string } }} */ ({});

/** @param {Page} page */
const sentNotices = (page) => page.locator('[data-sonner-toast]').filter({ hasText: SENT });

describe("waiting to sync: Received Donations shows the offline pickup, and the driver is told once when it is sent", () => {
  after(() => h.close());
  const step = stepsOf(h, 'waiting-to-sync');

  step('1. online: the charity has an accepted donation in My Pickups (Received Donations visited once)', async () => {
    state.donation = await createAcceptedDonation({ titlePrefix: 'E2E waiting' });
    const page = (state.page = await h.context('charity', PHONE_390));
    await signIn(page, ACCOUNTS.charity);
    // Each screen's code is loaded once online (no service worker here), so the menu works offline after.
    await openFromMenu(page, 'Received Donations');
    await page.getByRole('heading', { name: 'Received Donations' }).waitFor();
    await openFromMenu(page, 'My Pickups');
    await pickupCard(page, state.donation.title).getByRole('button', { name: 'Confirm Pickup' }).waitFor();
    await syncStatus(page).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 30_000 });
    // A second tab of the app, open when the connection returns: it must not tell the driver a second time.
    const other = (state.other = await page.context().newPage());
    await other.goto('/dashBoard/receivedDonations');
    await other.getByRole('heading', { name: 'Received Donations' }).waitFor();
  });

  step("2. offline: Confirm Pickup (asked first), and Received Donations shows it as 'Waiting to sync'", async () => {
    const { page } = state;
    await page.context().setOffline(true);
    await syncStatus(page).getByText('Offline').waitFor();
    const card = pickupCard(page, state.donation.title);
    await card.getByRole('button', { name: 'Confirm Pickup' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, confirm pickup' }).click();
    await card.getByText(/waiting to sync/i).first().waitFor();

    await openFromMenu(page, 'Received Donations');
    const received = pickupCard(page, state.donation.title);
    await received.getByText('Waiting to sync').waitFor();
    assert.equal(await received.getByRole('button', { name: 'Add Review' }).count(), 0, 'no review before the pickup is known');
    await dismissToasts(page);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, '11-received-waiting-390.png'), fullPage: true });

  });

  step("3. back online: 'Pickup confirmed and sent' once, in one tab; the card becomes received", async () => {
    const { page, other } = state;
    await page.context().setOffline(false);
    await eventually(async () => (await sentNotices(page).count()) + (await sentNotices(other).count()) > 0, {
      timeout: 20_000,
      what: `'${SENT}' in one of the tabs`,
    });
    const charity = await apiAs(ACCOUNTS.charity);
    await eventually(async () => (await charity.get(`/donations/${state.donation.id}`)).status === 'Picked', { what: 'the donation Picked' });
    await pickupCard(page, state.donation.title).getByRole('button', { name: 'Add Review' }).waitFor();
    await sleep(2000);
    const count = (await sentNotices(page).count()) + (await sentNotices(other).count());
    assert.equal(count, 1, 'one notice across both tabs');
    await dismissToasts(page);
    await page.screenshot({ path: join(ARTIFACTS, '11-received-sent-390.png'), fullPage: true });
  });

  step('4. a reload, and the other tab reloaded, say nothing again', async () => {
    const { page, other } = state;
    await page.reload();
    await other.reload();
    await page.getByRole('heading', { name: 'Received Donations' }).waitFor();
    await pickupCard(page, state.donation.title).getByRole('button', { name: 'Add Review' }).waitFor();
    await sleep(4000);
    assert.equal((await sentNotices(page).count()) + (await sentNotices(other).count()), 0, 'no notice after a reload');
  });
});
