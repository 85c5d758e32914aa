// @ts-check
// Issue 16, "Informed admin decisions" and "ask before what cannot be undone": Manage Role Requests shows the whole
// mission (a disclosure button, by keyboard and by touch), the payment's reference and amount, and asks before
// Approve and Reject; every role change in Manage Users asks first ('Make X an admin?'); Manage Donations lists
// Pending first and links each row to the whole donation (picture, pickup window, location). Each admin dialog gives
// focus back to its opener; a screen that needs the server says "Can't reach FoodBridge" with a Try again that works.
// One test per step; a failed step skips the rest.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import {
  createCharityRequestInput,
  createDonationInput,
  createDonationRequestInput,
  createRegisterInput,
} from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, ARTIFACTS, BASE_URL, DESKTOP, PHONE, apiAs, dismissToasts, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { checkFocusReturn } from '../lib/dialogs.mjs';
import { uploadPicture } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {Awaited<ReturnType<typeof apiAs>> & { id: string, email: string, name: string }} Account */

const SHOTS = process.env.E2E_SHOTS_DIR || ARTIFACTS;
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const tag = Date.now().toString(36);
const organization = `E2E Riverside Pantry ${tag}`;
// Longer than the three lines the table shows; its last words are the ones a folded mission would hide.
const MISSION =
  'We collect surplus food from restaurants in the river district and cook it into hot evening meals for families in ' +
  'temporary housing, five nights a week, with volunteers who hold food-safety certificates. Drivers pick up within ' +
  'the hour. The last sentence is what a folded mission would hide: we also deliver to two night shelters.';
const LAST_WORDS = 'we also deliver to two night shelters.';
const h = await openHarness();
/**
 * @type {{
 *   page: Page, applicant: Account, other: Account, requestId: string, paymentId: string,
 *   otherRequestId: string, pending: { id: string, title: string },
 * }}
 */
const state = /** @type {any} */ ({});

/** @param {Page} page @param {string} name @param {boolean} [fullPage] */
async function shot(page, name, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

/** A new account, registered through the API. @returns {Promise<Account>} */
async function register() {
  const input = createRegisterInput();
  const res = await fetch(`${BASE_URL}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /auth/register -> ${res.status}: ${text}`);
  return { ...(await apiAs(input.email, input.password)), id: JSON.parse(text).user._id, email: input.email, name: input.name };
}

/** Pays the test fee and applies for the charity role. @param {Account} who @param {{ organization: string, mission?: string }} fields */
async function applyForCharityRole(who, fields) {
  const { paymentIntentId } = await who.post('/create-payment-intent', {});
  await who.post(`/test-payments/${paymentIntentId}/confirm`, {});
  const { insertedId } = await who.post('/charity-requests', createCharityRequestInput({ ...fields, paymentId: paymentIntentId }));
  return { requestId: /** @type {string} */ (insertedId), paymentId: /** @type {string} */ (paymentIntentId) };
}

/** The visible table row (desktop) holding `text`. @param {Page} page @param {string} text */
const row = (page, text) => page.locator('tbody tr').filter({ hasText: text }).filter({ visible: true }).first();

describe('informed admin decisions, each asked first', () => {
  after(() => h.close());
  const step = stepsOf(h, 'admin-decisions');

  step('1. data: a paid charity-role request with a long mission, another one, a Pending donation and a donation request', async () => {
    const [restaurant, admin, charity] = await Promise.all([apiAs(ACCOUNTS.restaurant), apiAs(ACCOUNTS.admin), apiAs(ACCOUNTS.charity)]);
    state.applicant = await register();
    state.other = await register();
    ({ requestId: state.requestId, paymentId: state.paymentId } = await applyForCharityRole(state.applicant, { organization, mission: MISSION }));
    ({ requestId: state.otherRequestId } = await applyForCharityRole(state.other, { organization: `E2E Other Kitchen ${tag}` }));
    const image = await uploadPicture(restaurant);
    const title = `E2E admin pending ${tag}`;
    const { insertedId } = await restaurant.post('/donations', createDonationInput({ title, image, location: `E2E Quay ${tag}`, pickupTime: '17:30 - 19:45' }));
    state.pending = { id: insertedId, title };
    const { insertedId: verifiedId } = await restaurant.post('/donations', createDonationInput({ title: `E2E admin verified ${tag}`, image }));
    await admin.patch(`/donations/verify/${verifiedId}`);
    await charity.post('/donation-requests', createDonationRequestInput({ donationId: verifiedId }));
  });

  step('2. Manage Role Requests (1280 px): the whole mission behind a disclosure button, and the payment', async () => {
    const page = (state.page = await h.context('admin', DESKTOP));
    await signIn(page, ACCOUNTS.admin);
    await openFromMenu(page, 'Manage Role Requests');
    const line = row(page, organization);
    await line.waitFor();
    await line.getByText('$25 paid').waitFor();
    await line.getByText(state.paymentId, { exact: true }).waitFor();

    const more = line.getByRole('button', { name: 'Read the whole mission' });
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    const mission = line.getByText(MISSION.slice(0, 40));
    const folded = await mission.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
    assert.ok(folded, 'a long mission starts folded');
    // By keyboard: focus and Enter.
    await more.focus();
    await page.keyboard.press('Enter');
    const less = line.getByRole('button', { name: 'Show less' });
    assert.equal(await less.getAttribute('aria-expanded'), 'true');
    assert.ok(await mission.evaluate((el) => el.scrollHeight <= el.clientHeight + 1), 'the whole mission shows once opened');
    await line.getByText(LAST_WORDS, { exact: false }).waitFor();
    await shot(page, 'role-requests-1280');
  });

  step('3. Approve and Reject ask first; Cancel changes nothing and gives focus back; Approve goes through once confirmed', async () => {
    const { page } = state;
    const admin = await apiAs(ACCOUNTS.admin);
    const line = row(page, organization);
    const approve = line.getByRole('button', { name: 'Approve' });
    const reject = line.getByRole('button', { name: 'Reject' });
    await checkFocusReturn(page, approve, { what: 'Approve' });
    await checkFocusReturn(page, reject, { what: 'Reject' });
    const mine = async () => (await admin.get('/charity-requests?limit=100')).find((/** @type {any} */ r) => r._id === state.requestId);
    assert.equal((await mine()).status, 'pending', 'nothing changed while the admin only looked');

    await approve.click();
    const ask = page.getByRole('alertdialog');
    await ask.getByRole('heading', { name: `Approve ${state.applicant.name} as a charity?` }).waitFor();
    await shot(page, 'role-requests-approve-dialog-1280');
    await ask.getByRole('button', { name: 'Yes, approve' }).click();
    await page.getByText('Charity approved!').first().waitFor();
    await eventually(async () => (await mine()).status === 'approved', { what: 'the request approved on the server' });
    const users = await admin.get('/users?limit=500');
    assert.equal(users.find((/** @type {any} */ u) => u._id === state.applicant.id)?.role, 'charity');

    // Reject of the other request: asked, then done.
    const other = row(page, `E2E Other Kitchen ${tag}`);
    await other.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('alertdialog').getByRole('heading', { name: `Reject ${state.other.name}'s request?` }).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, reject' }).click();
    await page.getByText('Charity request rejected').first().waitFor();
    await dismissToasts(page);
  });

  step("4. Manage Users: every role change asks first ('Make X an admin?'); Cancel keeps the role", async () => {
    const { page } = state;
    const admin = await apiAs(ACCOUNTS.admin);
    await openFromMenu(page, 'Manage Users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(state.other.email);
    const line = row(page, state.other.email);
    const roleOf = async () => (await admin.get('/users?limit=500')).find((/** @type {any} */ u) => u._id === state.other.id)?.role ?? 'user';

    for (const [button, question] of /** @type {const} */ ([
      ['Make Admin', `Make ${state.other.name} an admin?`],
      ['Make Restaurant', `Make ${state.other.name} a restaurant?`],
      ['Make Charity', `Make ${state.other.name} a charity?`],
    ])) {
      await line.getByRole('button', { name: button }).click();
      await page.getByRole('alertdialog').getByRole('heading', { name: question }).waitFor();
      if (button === 'Make Admin') await shot(page, 'manage-users-make-admin-1280');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
    }
    assert.equal(await roleOf(), 'user', 'no role changed without a confirmation');
    await checkFocusReturn(page, line.getByRole('button', { name: 'Make Admin' }), { what: 'Make Admin' });
    await checkFocusReturn(page, line.getByRole('button', { name: 'Delete' }), { what: 'Delete user' });

    await line.getByRole('button', { name: 'Make Restaurant' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, make restaurant' }).click();
    await page.getByText('User role updated to restaurant').first().waitFor();
    await eventually(async () => (await roleOf()) === 'restaurant', { what: 'the role changed on the server' });
    await dismissToasts(page);
  });

  step('5. Manage Donations: opens on the Pending work; under All, Pending first; each title a link to the whole donation; Verify and Reject give focus back', async () => {
    const { page } = state;
    await openFromMenu(page, 'Manage Donations');
    const line = row(page, state.pending.title);
    await line.waitFor();
    /** The status column, row by row, in the order shown. */
    const statuses = () => page.locator('tbody tr').filter({ visible: true }).evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[4]?.textContent?.trim() ?? ''));
    const show = page.getByLabel('Show', { exact: true });
    assert.equal(await show.inputValue(), 'Pending', 'there is work pending: the list opens on it');
    assert.ok((await statuses()).every((s) => s === 'Pending'), 'only Pending rows');
    await show.selectOption('all');
    // Under All, every Pending before any other status.
    const statusesAll = await statuses();
    const firstOther = statusesAll.findIndex((s) => s !== 'Pending');
    assert.ok(firstOther > 0, `some Pending rows come first: ${statusesAll.slice(0, 5).join(', ')}`);
    assert.ok(statusesAll.slice(firstOther).every((s) => s !== 'Pending'), 'no Pending row after another status');
    await shot(page, 'manage-donations-1280');

    await checkFocusReturn(page, line.getByRole('button', { name: 'Verify' }), { what: 'Verify' });
    await checkFocusReturn(page, line.getByRole('button', { name: 'Reject' }), { what: 'Reject donation' });

    const link = line.getByRole('link', { name: state.pending.title });
    // The details page knows where the admin came from (its back link leads to Manage Donations).
    assert.equal(await link.getAttribute('href'), `/donations/${state.pending.id}?from=manageDonations`);
    await link.click();
    await page.waitForURL((url) => url.pathname === `/donations/${state.pending.id}`);
    await page.getByRole('link', { name: 'Manage Donations' }).first().waitFor();
    await page.getByRole('heading', { name: state.pending.title, level: 1 }).waitFor();
    await page.getByText(`E2E Quay ${tag}`).first().waitFor();
    await page.getByText('17:30 - 19:45').first().waitFor();
    const picture = page.getByRole('img', { name: state.pending.title }).first();
    await eventually(() => picture.evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0), {
      what: 'the donation picture',
    });
    await shot(page, 'manage-donations-details-1280');
    await page.goBack();
    await row(page, state.pending.title).waitFor();
  });

  step('6. Manage Requests: Delete gives focus back', async () => {
    const { page } = state;
    await openFromMenu(page, 'Manage Requests');
    const line = row(page, `E2E admin verified ${tag}`);
    await checkFocusReturn(page, line.getByRole('button', { name: 'Delete' }), { what: 'Delete request' });
  });

  step("7. the server unreachable: Manage Users says \"Can't reach FoodBridge\", and Try again loads it once it answers", async () => {
    const { page } = state;
    /** @param {import('playwright-core').Route} route */
    const cut = (route) =>
      route.request().resourceType() === 'fetch' || route.request().resourceType() === 'xhr' ? route.abort('connectionrefused') : route.continue();
    await page.context().route('**/users**', cut);
    await openFromMenu(page, 'Manage Users');
    const notice = page.getByRole('alert').filter({ hasText: "Can't reach FoodBridge" });
    await notice.waitFor();
    await shot(page, 'manage-users-unreachable-1280');
    await page.context().unroute('**/users**', cut);
    // The toasts of the earlier steps, and of what others did meanwhile, stack over the top right.
    await dismissToasts(page);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).waitFor();
  });

  step('8. phones (390 px): the role request card opens its mission by touch; Manage Donations as cards', async () => {
    const page = await h.context('admin-phone', PHONE_390);
    await signIn(page, ACCOUNTS.admin);
    await openFromMenu(page, 'Manage Role Requests');
    const card = page.locator('li').filter({ hasText: organization }).first();
    await card.getByText(state.paymentId).waitFor();
    await card.getByRole('button', { name: 'Read the whole mission' }).tap();
    await card.getByRole('button', { name: 'Show less', expanded: true }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'role-requests-390');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll at 390 px');

    await openFromMenu(page, 'Manage Donations');
    const first = page.locator('main li').filter({ visible: true }).first();
    await first.getByText('Pending', { exact: true }).waitFor();
    await shot(page, 'manage-donations-390');
  });
});
