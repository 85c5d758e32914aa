// @ts-check
// Issue 48 from end to end: a charity's driver (390 px phone, the app installed: service worker on) with no signal
// writes "at the back door" in the pickup's conversation from My Pickups; the message waits on the phone, also after
// an offline reload. The restaurant has the donation's page open with the conversation; when the phone is back online
// the message appears there without a reload, stored once on the server. The restaurant answers; the driver's phone
// shows the answer's unread count on the card and in the menu, and opening the conversation shows the answer and
// clears the count. axe on both sides. The driver joins through an e-mailed invitation, whose link is read from the
// server's output: this file starts a server of its own (as 33 does).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import { createRegisterInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, ARTIFACTS, DESKTOP, PHONE, apiAs, dismissToasts, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { waitForMailedLink } from '../lib/mail-log.mjs';
import { WITH_SW, createAcceptedDonation, pickupCard, syncStatus, waitForServiceWorker } from '../lib/pwa.mjs';
import { ownServer } from '../lib/server.mjs';
import { stepsOf } from '../lib/steps.mjs';
import { axeProblems, fitsWidth } from '../lib/checks.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */
/** @typedef {import('../lib/browser.mjs').Api} Api */

const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const FROM_DRIVER = 'at the back door';
const ANSWER = 'Coming out now, ring twice';
const h = await openHarness();
const server = ownServer(h);
const step = stepsOf(h, 'messages');
const driver = createRegisterInput({ name: `Mia Driver ${Date.now().toString(36)}` });
/**
 * Filled in as the steps go: a step runs only after every step before it passed.
 * @type {{ restaurantApi: Api, driverApi: Api, donation: { id: string, title: string }, requestId: string, driverPage: Page,
 *   restaurantPage: Page }}
 */
const state = /** @type {any} */ ({});

/** @param {Page} page @param {string} name */
async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `36-${name}.png`), fullPage: true });
}

/** The conversation's dialog on a page. @param {Page} page */
const dialog = (page) => page.getByRole('dialog', { name: state.donation.title });
/** The thread in it. @param {Page} page */
const thread = (page) => dialog(page).getByRole('log', { name: 'Conversation' });
/** The driver's card of the pickup. */
const card = () => pickupCard(state.driverPage, state.donation.title);
/** The messages of the conversation as the server has them. */
const onServer = async () => /** @type {{ body: string, authorSide: string }[]} */ (await state.restaurantApi.get(`/donation-requests/${state.requestId}/messages`));

describe('a pickup’s conversation: written offline on a phone, read live by the restaurant, answered', () => {
  step('1. a driver joins the demo charity and is given a new pickup', async () => {
    const base = server.url;
    const res = await fetch(`${base}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(driver) });
    assert.equal(res.status, 201, `POST /auth/register: ${await res.text()}`);
    const coordinator = await apiAs(ACCOUNTS.charity, undefined, { base });
    state.driverApi = await apiAs(driver.email, driver.password, { base });
    state.restaurantApi = await apiAs(ACCOUNTS.restaurant, undefined, { base });
    await coordinator.post('/organisations/mine/invitations', { email: driver.email, role: 'driver' });
    const link = await waitForMailedLink(server.output, { path: '/accept-invite', email: driver.email });
    const token = new URL(link, base).searchParams.get('token');
    assert.ok(token, `a token in ${link}`);
    await state.driverApi.post('/invitations/accept', { token });
    // A fresh sign-in carries the new role.
    state.driverApi = await apiAs(driver.email, driver.password, { base });
    const me = await state.driverApi.get('/users/me');

    state.donation = await createAcceptedDonation({ base, titlePrefix: 'E2E messages' });
    await coordinator.patch(`/donations/${state.donation.id}/assignee`, { userId: me._id });
    /** @type {{ _id: string, donationId: string }[]} */
    const requests = await state.restaurantApi.get('/donation-requests');
    const request = requests.find((r) => r.donationId === state.donation.id);
    assert.ok(request, 'the restaurant sees the accepted request');
    state.requestId = request._id;
    assert.deepEqual(await onServer(), [], 'nothing said yet');
  });

  step('2. the driver’s phone (390 px, installed) opens My Pickups; the card has Messages; axe finds nothing serious', async () => {
    const page = (state.driverPage = await h.context('driver', PHONE_390, { ...WITH_SW, baseURL: server.url }));
    await signIn(page, driver.email, driver.password);
    await waitForServiceWorker(page);
    await openFromMenu(page, 'My Pickups');
    await card().waitFor({ timeout: 30_000 });
    await card().getByRole('button', { name: /^Messages with .* about / }).waitFor({ timeout: 30_000 });
    await syncStatus(page).getByText('Online').waitFor();
    await syncStatus(page).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 30_000 });
    assert.deepEqual(await axeProblems(page), [], 'axe on My Pickups with Messages');
  });

  step('3. with no signal the driver writes "at the back door": it waits on the phone, also after an offline reload', async () => {
    const page = state.driverPage;
    await page.context().setOffline(true);
    await syncStatus(page).getByText('Offline').waitFor();
    await dismissToasts(page);
    await card().getByRole('button', { name: /^Messages/ }).click();
    await thread(page).getByText('No messages yet. Ask about the pickup here.').waitFor();
    const box = dialog(page).getByRole('textbox', { name: 'Message' });
    await box.fill(FROM_DRIVER);
    await dialog(page).getByRole('button', { name: 'Send' }).click();
    const mine = thread(page).getByTestId('message').filter({ hasText: FROM_DRIVER });
    await mine.getByText('Waiting to send').waitFor();
    assert.equal(await box.inputValue(), '', 'the box is emptied for the next message');
    assert.ok(await fitsWidth(page), 'the conversation is no wider than the phone');
    assert.deepEqual(await axeProblems(page), [], 'axe on the conversation (offline, one waiting)');
    await shot(page, 'driver-waiting-390');
    assert.deepEqual(await onServer(), [], 'nothing reached the server');

    // Nothing lost: an offline reload shows it waiting still.
    await page.reload();
    await card().waitFor({ timeout: 30_000 });
    await card().getByRole('button', { name: /^Messages/ }).click();
    await thread(page).getByTestId('message').filter({ hasText: FROM_DRIVER }).getByText('Waiting to send').waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
  });

  step('4. the restaurant has the donation open; the phone comes back online; the message appears there, stored once', async () => {
    const page = (state.restaurantPage = await h.context('restaurant', DESKTOP, { baseURL: server.url }));
    await signIn(page, ACCOUNTS.restaurant);
    await page.goto(`/donations/${state.donation.id}`);
    const section = page.getByRole('region', { name: 'Messages' });
    await section.getByRole('button', { name: /^Messages with / }).click();
    await thread(page).getByText('No messages yet. Ask about the pickup here.').waitFor();

    await state.driverPage.context().setOffline(false);
    await syncStatus(state.driverPage).getByText('Online').waitFor();
    const arrived = thread(page).getByTestId('message').filter({ hasText: FROM_DRIVER });
    await arrived.waitFor({ timeout: 30_000 });
    await arrived.getByText(driver.name).waitFor();
    await eventually(async () => (await onServer()).length === 1, { what: 'the message on the server' });
    // Retries and a reload must not have written it twice.
    await new Promise((r) => setTimeout(r, 2000));
    assert.deepEqual((await onServer()).map((m) => [m.body, m.authorSide]), [[FROM_DRIVER, 'charity']], 'stored once');
    assert.deepEqual(await axeProblems(page), [], "axe on the restaurant's conversation");
  });

  step('5. the restaurant answers; the driver’s phone shows the unread answer on the card and in the menu, then reads it', async () => {
    const page = state.restaurantPage;
    await dialog(page).getByRole('textbox', { name: 'Message' }).fill(ANSWER);
    await dialog(page).getByRole('button', { name: 'Send' }).click();
    await thread(page).getByTestId('message').filter({ hasText: ANSWER }).waitFor();
    await eventually(async () => (await onServer()).length === 2, { what: 'the answer on the server' });

    const phone = state.driverPage;
    const button = card().getByRole('button', { name: /^Messages .*, 1 unread$/ });
    await button.waitFor({ timeout: 30_000 });
    // The menu says it too (the phone's menu button carries the count).
    await phone.getByRole('button', { name: /^Open dashboard menu, 1 unread message$/ }).waitFor();
    await shot(phone, 'driver-unread-390');

    await button.click();
    const answer = thread(phone).getByTestId('message').filter({ hasText: ANSWER });
    await answer.waitFor();
    await answer.getByText('Restaurant').waitFor();
    await phone.keyboard.press('Escape');
    await eventually(async () => (await card().getByRole('button', { name: /unread/ }).count()) === 0, { what: 'the count to clear' });
    // Read on the server too (for every device of the driver's).
    await eventually(
      async () => {
        const requests = /** @type {{ _id: string, unreadMessages?: number }[]} */ (await state.driverApi.get('/donation-requests'));
        return requests.find((r) => r._id === state.requestId)?.unreadMessages === 0;
      },
      { what: 'the server to have it read' },
    );
  });
});
