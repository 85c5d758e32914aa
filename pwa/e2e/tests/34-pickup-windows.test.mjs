// @ts-check
// Issue 47.1, pickup windows on the app: a restaurant gives its donation a window on the Add Donation form (390 px
// phone); one that outlasts the food's best before is refused beside the window, in words; the saved donation has
// the window and the spec's text made from it. A charity's request picker offers only the window's times, and a time
// outside it is said under the field before anything is sent; All Donations sorts by the soonest pickup; a restaurant
// says a pickup it stopped waiting for was not collected, and the donation is offered again. axe on the forms.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, PHONE, apiAs, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { axeProblems, fitsWidth } from '../lib/checks.mjs';
import { pngFile } from '../lib/images.mjs';
import { createAcceptedDonation, serverDonation, uploadPicture } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */

const h = await openHarness();
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const MINUTE = 60_000;
const title = `E2E window ${Date.now().toString(36)}`;
/** @type {{ id: string, start: number, end: number }} */
const state = /** @type {any} */ ({});

// The browser contexts run in UTC (openHarness), so a time's UTC text is what the inputs show.
const day = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 10);
const clock = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(11, 16);
const localInput = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 16);
/** To the minute, as the inputs hold it. */
const minuteOf = (/** @type {number} */ ms) => Math.floor(ms / MINUTE) * MINUTE;

describe('pickup windows: set on the donation form, kept by the request form', () => {
  after(() => h.close());
  const step = stepsOf(h, 'pickup-windows');

  step('1. the restaurant gives a cooked meal a window; one past its best before is refused beside it (390 px)', async () => {
    const page = await h.context('restaurant', PHONE_390);
    await signIn(page, ACCOUNTS.restaurant);
    await openFromMenu(page, 'Add Donation');
    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/images' && r.request().method() === 'POST');
    await page.getByLabel(/picture|image|photo/i).first().setInputFiles(pngFile('curry.png'));
    assert.ok((await uploaded).ok(), 'the picture uploaded');
    // A cooked meal proposes a best before four hours from now.
    await page.getByLabel(/food type/i).selectOption('Cooked Meal');
    await page.getByLabel(/title/i).fill(title);
    await page.getByLabel(/^quantity$/i).fill('12');
    await page.getByLabel('Quantity unit').selectOption('kg');
    await page.getByLabel(/location/i).fill('12 Market Street');

    const group = page.getByRole('group', { name: 'Pickup window' });
    state.start = minuteOf(Date.now() + 30 * MINUTE);
    await group.getByLabel('Day').fill(day(state.start));
    await group.getByLabel('From').fill(clock(state.start));
    const to = group.getByLabel('To');
    await to.fill(clock(state.start + 5 * 60 * MINUTE));
    const submit = page.getByRole('button', { name: 'Add Donation' });
    await eventually(() => submit.isEnabled(), { what: 'the Add Donation button to be enabled after the upload' });
    await submit.click();
    await group.getByText('The pickup window must end by the food’s best-before time').waitFor();
    assert.equal(await to.getAttribute('aria-invalid'), 'true');
    assert.ok(await to.evaluate((el) => el === document.activeElement), 'the refused field has the focus');
    assert.ok(await fitsWidth(page), 'the form is no wider than the phone');
    assert.deepEqual(await axeProblems(page), [], 'axe on the form with its refusal');

    state.end = state.start + 2 * 60 * MINUTE;
    await to.fill(clock(state.end));
    assert.equal(await group.getByText('The pickup window must end by the food’s best-before time').count(), 0, 'editing the window clears its message');
    const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/donations' && r.request().method() === 'POST');
    await submit.click();
    assert.equal((await posted).status(), 201);

    const restaurant = await apiAs(ACCOUNTS.restaurant);
    /** @type {import('@foodbridge/shared/schemas/donation').Donation} */
    const saved = await eventually(async () => (await restaurant.get('/donations')).find((/** @type {{ title: string }} */ d) => d.title === title) ?? false, {
      what: 'the new donation',
    });
    state.id = saved._id;
    assert.equal(Date.parse(saved.pickupStart ?? ''), state.start);
    assert.equal(Date.parse(saved.pickupEnd ?? ''), state.end);
    // Its day is said too when the window runs past midnight ('Mon, Dec 7 22:26 – Tue, Dec 8 00:26').
    assert.match(saved.pickupTime, new RegExp(`${clock(state.start)}(–| – .* )${clock(state.end)}$`), 'the spec’s text made from the window');
  });

  step("2. the charity's picker offers only the window; a time before it is said under the field, one inside is sent", async () => {
    await (await apiAs(ACCOUNTS.admin)).patch(`/donations/verify/${state.id}`);
    const page = await h.context('charity', PHONE_390);
    await signIn(page, ACCOUNTS.charity);
    await page.goto(`/donations/${state.id}`);
    await page.getByRole('button', { name: 'Request Donation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Donation' });
    const when = dialog.getByLabel('Pickup date and time');
    assert.equal(await when.getAttribute('min'), localInput(state.start), 'from the window’s start');
    assert.equal(await when.getAttribute('max'), localInput(state.end), 'to its end');
    await dialog.getByLabel('Request description').fill('For our evening meal.');

    await when.fill(localInput(state.start - 10 * MINUTE));
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await dialog.getByText('Choose a pickup time within the restaurant’s pickup window').waitFor();
    assert.deepEqual(await axeProblems(page), [], 'axe on the request form with its refusal');
    const charity = await apiAs(ACCOUNTS.charity);
    const asked = async () => (await charity.get('/donation-requests')).filter((/** @type {{ donationId: string }} */ r) => r.donationId === state.id);
    assert.deepEqual(await asked(), [], 'nothing was sent');

    const planned = state.start + 45 * MINUTE;
    await when.fill(localInput(planned));
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const [request] = await asked();
    assert.equal(Date.parse(request.pickupAt), planned, 'the planned time inside the window');
  });

  step('3. All Donations lists the soonest pickup first when asked, the choice in the URL', async () => {
    const restaurant = await apiAs(ACCOUNTS.restaurant);
    const admin = await apiAs(ACCOUNTS.admin);
    const image = await uploadPicture(restaurant);
    const tag = `E2E soonest ${Date.now().toString(36)}`;
    const soon = minuteOf(Date.now() + 60 * MINUTE);
    for (const [name, start] of /** @type {const} */ ([['later', soon + 3 * 60 * MINUTE], ['sooner', soon]])) {
      const { pickupTime: _words, ...input } = createDonationInput({ title: `${tag} ${name}`, image });
      const { insertedId } = await restaurant.post('/donations', { ...input, pickupStart: new Date(start).toISOString(), pickupEnd: new Date(start + 60 * MINUTE).toISOString() });
      await admin.patch(`/donations/verify/${insertedId}`);
    }
    const page = await h.context('visitor', PHONE_390);
    await page.goto(`/allDonations?q=${encodeURIComponent(tag)}`);
    await page.getByLabel('Sort by').selectOption({ label: 'Pickup soonest' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'pickupStart');
    await eventually(async () => (await page.locator('article h3').allTextContents()).join(' | ') === `${tag} sooner | ${tag} later`, {
      what: 'the sooner pickup first',
    });
  });

  step('4. the restaurant says nobody collected a pickup (asked first); the donation is offered again (390 px)', async () => {
    // Given the spec's way, without a window or best before: the restaurant may stop waiting at any time.
    const donation = await createAcceptedDonation({ titlePrefix: 'E2E no-show' });
    const page = await h.context('restaurant-requests', PHONE_390);
    await signIn(page, ACCOUNTS.restaurant);
    await openFromMenu(page, 'Requested Donations');
    await page.getByRole('button', { name: `Not collected ${donation.title}` }).filter({ visible: true }).click();
    const question = page.getByRole('alertdialog', { name: `Nobody collected ${donation.title}?` });
    await question.waitFor();
    assert.deepEqual(await axeProblems(page), [], 'axe with the question open');
    await question.getByRole('button', { name: 'Yes, not collected' }).click();
    await page.getByText(`${donation.title} is offered again. Give it a new pickup window.`).first().waitFor();
    const d = await serverDonation(await apiAs(ACCOUNTS.restaurant), donation.id);
    assert.equal(d?.status, 'Verified', 'offered again');
    assert.equal(d?.charityName, undefined, 'given to nobody');
  });
});
