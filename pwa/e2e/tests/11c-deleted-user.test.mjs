// @ts-check
// Issue 16: the home page's latest charity requests show approved charities only (never a private person's pending
// application); deleting a user withdraws their pending charity-role request and takes them off the home page; a
// deleted user signed in elsewhere is signed out with a message saying why, and reaches the sign-in page even when
// another page is opened while it loads. One test per step.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import { createCharityRequestInput, createRegisterInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, ARTIFACTS, BASE_URL, DESKTOP, PHONE, apiAs, eventually, openHarness, signIn } from '../lib/browser.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {Awaited<ReturnType<typeof apiAs>> & { id: string, email: string, password: string }} Account */

const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const tag = Date.now().toString(36);
const pendingOrg = `E2E Pending Kitchen ${tag}`;
const approvedOrg = `E2E Approved Pantry ${tag}`;
const h = await openHarness();
const state = /** @type {{ applicant: Account, approved: Account, approvedRequestId: string, pendingRequestId: string, page: Page }} */ ({});

/** A new account, registered through the API. @returns {Promise<Account>} */
async function register() {
  const input = createRegisterInput();
  const res = await fetch(`${BASE_URL}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /auth/register -> ${res.status}: ${text}`);
  return { ...(await apiAs(input.email, input.password)), id: JSON.parse(text).user._id, email: input.email, password: input.password };
}

/** Pays the test fee and submits a charity-role request. @param {Account} who @param {string} organization */
async function applyForCharityRole(who, organization) {
  const { paymentIntentId } = await who.post('/create-payment-intent', {});
  await who.post(`/test-payments/${paymentIntentId}/confirm`, {});
  const { insertedId } = await who.post('/charity-requests', createCharityRequestInput({ organization, paymentId: paymentIntentId }));
  return /** @type {string} */ (insertedId);
}

/**
 * Opens `path` inside the app, as a tap on a link does: a reload would take away a toast that was already saying why.
 * @param {Page} page @param {string} path
 */
function openInApp(page, path) {
  return page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The organisations the home page lists under the latest charity requests. @param {Page} page */
async function homeCharities(page) {
  await page.goto('/');
  const section = page.getByRole('region', { name: /charity requests/i });
  await section.locator('li').first().or(section.getByText('No charity requests yet.')).first().waitFor();
  return (await section.textContent()) ?? '';
}

describe('deleting a user, and the public list of charities', () => {
  after(() => h.close());
  const step = stepsOf(h, 'deleted-user');

  step("1. the home page shows an approved charity, never a private person's pending application", async () => {
    const admin = await apiAs(ACCOUNTS.admin);
    state.applicant = await register();
    state.approved = await register();
    state.pendingRequestId = await applyForCharityRole(state.applicant, pendingOrg);
    state.approvedRequestId = await applyForCharityRole(state.approved, approvedOrg);
    await admin.patch(`/charity-requests/approve/${state.approvedRequestId}`, {});

    const visitor = await h.context('visitor', DESKTOP);
    const text = await homeCharities(visitor);
    assert.ok(text.includes(approvedOrg), 'the approved charity is listed');
    assert.ok(!text.includes(pendingOrg), 'the pending application is not');
    mkdirSync(ARTIFACTS, { recursive: true });
    await visitor.getByRole('region', { name: /charity requests/i }).screenshot({ path: join(ARTIFACTS, '11-home-charities-1280.png') });
  });

  step('2. a deleted user signed in elsewhere is signed out with the reason', async () => {
    const page = (state.page = await h.context('deleted-charity', PHONE_390));
    await signIn(page, state.approved.email, state.approved.password);
    await page.goto('/dashBoard');
    const admin = await apiAs(ACCOUNTS.admin);
    await admin.del(`/users/${state.approved.id}`);
    await admin.del(`/users/${state.applicant.id}`);

    // Their next step in the app meets the server's refusal, unless the app's live connection met it first.
    await openInApp(page, '/dashBoard/charityProfile');
    await page.getByText('This account no longer exists.').first().waitFor();
    await page.getByText('You have been signed out').first().waitFor();
    await page.screenshot({ path: join(ARTIFACTS, '11-signed-out-390.png'), fullPage: true });
    await page.waitForURL((url) => url.pathname === '/login');
  });

  step('3. signed out while the sign-in page is still loading, a page opened meanwhile still ends at sign-in', async () => {
    const admin = await apiAs(ACCOUNTS.admin);
    const charity = await register();
    await admin.patch(`/charity-requests/approve/${await applyForCharityRole(charity, `E2E Slow Phone ${tag}`)}`, {});
    const page = await h.context('slow-phone', PHONE_390);
    await signIn(page, charity.email, charity.password);
    // A slow connection: the sign-in page's code arrives late (a full load below, so it is fetched again).
    await page.route(/\/assets\/login-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue().catch(() => {});
    });
    await page.goto('/dashBoard');
    await page.getByRole('link', { name: 'Charity Profile' }).first().waitFor();
    await admin.del(`/users/${charity.id}`);
    await openInApp(page, '/dashBoard/charityProfile');
    await page.getByText('Redirecting to sign in').first().waitFor();
    // The dashboard's guard stays mounted across its pages: it must send the driver on again, for the new page.
    await openInApp(page, '/dashBoard/myPickups');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/dashBoard/myPickups');
    await page.getByLabel('Email').waitFor();
  });

  step('4. the deleted users are off the home page, and the pending application left the admin queue', async () => {
    const visitor = await h.context('visitor-after', DESKTOP);
    const text = await homeCharities(visitor);
    assert.ok(!text.includes(approvedOrg), 'the deleted charity is no longer listed');
    const admin = await apiAs(ACCOUNTS.admin);
    await eventually(async () => {
      /** @type {{ _id: string }[]} */
      const all = await admin.get('/charity-requests?limit=100');
      return !all.some((r) => r._id === state.pendingRequestId);
    }, { what: "the deleted applicant's pending request to leave the admin's list" });
  });
});
