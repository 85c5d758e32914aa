// @ts-check
// The main flow across roles (issue 4, "Done when"): each step is a test, run in order; a failed step skips the rest.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { createDonationInput, createRegisterInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, DESKTOP, PHONE, apiAs, eventually, localInputIn, openFromMenu, openHarness, signIn, waitForText } from '../lib/browser.mjs';
import { pngFile } from '../lib/images.mjs';
import { pickupCard } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

const h = await openHarness();
const tag = Date.now().toString(36);
const donation = createDonationInput({ title: `E2E lentil soup ${tag}`, foodType: 'Cooked Meal', quantity: 25, unit: 'portions' });
const donationTitle = donation.title;
const newUser = {
  ...createRegisterInput({ name: `Dana Test ${tag}` }),
  organization: `Riverside Food Circle ${tag}`,
  mission: 'We cook hot dinners for families at the Riverside shelter every evening.',
};
const requestNote = `Dinner for 40 guests at the Riverside shelter (${tag}).`;
const pickupReview = `Collected on time, still warm and well packed (${tag}).`;

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

/**
 * Filled in as the flow goes: a step runs only after every step before it passed.
 * @typedef {{ donationId: string, restaurant: Page, admin: Page, charity: Page }} State
 */
const state = /** @type {State} */ ({ donationId: '' });

/**
 * A card or table row that shows the given text (cards are list items; admin tables switch to cards on phones).
 * Toasts are list items too, and often repeat a donation's title: they are left out.
 * @param {Page} page
 * @param {string} text
 */
function itemWith(page, text) {
  return page
    .locator('li:not([data-sonner-toast]), tr, article')
    .filter({ hasText: text })
    .filter({ visible: true })
    .last();
}

/**
 * Clicks `name` in the confirmation dialog if the action asks first, then waits for `done` (what the screen shows
 * once the action went through).
 * @param {Page} page
 * @param {string | RegExp} name
 * @param {Locator} done
 */
async function confirmIfAsked(page, name, done) {
  const dialog = page.getByRole('alertdialog');
  await dialog.or(done).first().waitFor();
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  await done.first().waitFor();
}

describe('main flow: donation from listing to review, across every role', () => {
  after(() => h.close());
  const step = stepsOf(h, 'main-flow');

  step('1. the restaurant adds a donation with a picture (phone)', async () => {
    const page = (state.restaurant = await h.context('restaurant', PHONE));
    await signIn(page, ACCOUNTS.restaurant);
    await openFromMenu(page, 'Add Donation');
    await page.getByRole('heading', { name: 'Add Surplus Food Donation' }).waitFor();

    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/images' && r.request().method() === 'POST');
    await page.getByLabel(/picture|image|photo/i).first().setInputFiles(pngFile('soup.png'));
    const upload = await uploaded;
    assert.ok(upload.ok(), `POST /images answered ${upload.status()}`);

    await page.getByLabel(/title/i).fill(donationTitle);
    await page.getByLabel(/food type/i).selectOption(donation.foodType);
    await page.getByLabel(/^quantity$/i).fill(String(donation.quantity));
    const unit = page.getByLabel(/unit/i);
    if (await unit.count()) await unit.selectOption(donation.unit);
    await page.getByLabel(/pickup time/i).fill(donation.pickupTime);
    await page.getByLabel(/location/i).fill(donation.location);
    const submit = page.getByRole('button', { name: 'Add Donation' });
    await eventually(() => submit.isEnabled(), { what: 'the Add Donation button to be enabled after the upload' });
    await submit.click();
    await waitForText(page, 'Donation added successfully!');

    const api = await apiAs(ACCOUNTS.restaurant);
    const mine = await eventually(async () => {
      /** @type {import('@foodbridge/shared/schemas/donation').Donation[]} */
      const list = await api.get('/donations');
      return list.find((d) => d.title === donationTitle) ?? false;
    }, { what: 'the new donation in GET /donations' });
    assert.equal(mine.status, 'Pending');
    assert.equal(mine.restaurantEmail, ACCOUNTS.restaurant);
    assert.ok(mine.image, 'the donation has a picture URL');
    state.donationId = mine._id;
    const img = await fetch(new URL(mine.image, page.url()));
    assert.ok(img.ok && (img.headers.get('content-type') ?? '').startsWith('image/'), `the picture ${mine.image} is served`);

    await openFromMenu(page, 'My Donations');
    await itemWith(page, donationTitle).getByText(/pending/i).waitFor();
  });

  step('2. the admin verifies it in Manage Donations (desktop)', async () => {
    const page = (state.admin = await h.context('admin', DESKTOP));
    await signIn(page, ACCOUNTS.admin);
    await openFromMenu(page, 'Manage Donations');
    const row = itemWith(page, donationTitle);
    await row.getByRole('button', { name: /verify/i }).click();
    // Spec section 5: verifying a donation asks for confirmation first.
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: /verify/i }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('No action needed').waitFor();

    const api = await apiAs(ACCOUNTS.admin);
    const d = await api.get(`/donations/${state.donationId}`);
    assert.equal(d.status, 'Verified');
  });

  step('3. a new user registers with a profile picture, pays the fee in test mode and asks for the charity role (phone)', async () => {
    const page = (state.charity = await h.context('new-charity', PHONE));
    await page.goto('/registration');
    await page.getByLabel(/name/i).first().fill(newUser.name);
    await page.getByLabel(/picture|image|photo/i).first().setInputFiles(pngFile('me.png', 48, 48, [180, 83, 9], [254, 243, 199]));
    await page.getByLabel(/e-?mail/i).fill(newUser.email);
    await page.getByLabel('Password', { exact: true }).fill(newUser.password);
    const register = page.getByRole('button', { name: /^(register|sign up|create account)/i });
    await eventually(() => register.isEnabled(), { what: 'the register button to be enabled' });
    await register.click();
    await waitForText(page, 'Registration Successful!');
    await waitForText(page, 'Welcome to our platform.');

    const me = await apiAs(newUser.email, newUser.password);
    const profile = await me.get('/users/me');
    assert.equal(profile.role, 'user');
    assert.ok(profile.photoURL, 'the new account has its profile picture');

    await page.goto('/dashBoard/requestCharityRole');
    await page.getByLabel('Organization').fill(newUser.organization);
    await page.getByLabel(/mission/i).fill(newUser.mission);
    await page.getByText('You need to pay $25 to request the Charity role.').waitFor();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByText(/test payment mode/i).first().waitFor();
    await page.getByRole('button', { name: 'Pay $25 & Submit Request' }).click();
    await page.getByText('Request Already Submitted').waitFor();

    /** @type {import('@foodbridge/shared/schemas/charity-request').CharityRequest[]} */
    const requests = await me.get(`/charity-requests?email=${encodeURIComponent(newUser.email)}`);
    const mine = requests.find((r) => r.email === newUser.email);
    assert.ok(mine, 'the charity request is stored');
    assert.equal(mine.status, 'pending');
    assert.equal(mine.organization, newUser.organization);
    assert.ok(mine.paymentId, 'the request carries the payment id');
    /** @type {unknown[]} */
    const transactions = await me.get('/transactions');
    assert.ok(
      transactions.some((tx) => JSON.stringify(tx).includes(mine.paymentId)),
      'the $25 test payment is in GET /transactions',
    );
  });

  step('4. the admin approves the role request in Manage Role Requests', async () => {
    const page = state.admin;
    await openFromMenu(page, 'Manage Role Requests');
    const row = itemWith(page, newUser.email);
    await row.getByRole('button', { name: 'Approve' }).click();
    await confirmIfAsked(page, /approve|yes/i, page.getByText('Charity approved!'));

    const api = await apiAs(ACCOUNTS.admin);
    const { role } = await api.get(`/users/role/${encodeURIComponent(newUser.email)}`);
    assert.equal(role, 'charity');
  });

  step('5. the new charity requests the donation from its details page', async () => {
    const page = state.charity;
    // A full load reads the role again (it changed to charity on the server). The verified donation is listed
    // publicly now: open it from All Donations.
    await page.goto('/allDonations');
    await page.locator(`a[href="/donations/${state.donationId}"]`).first().click();
    await page.getByRole('heading', { name: donationTitle }).waitFor();
    await page.getByRole('button', { name: 'Request Donation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/description/i).fill(requestNote);
    // In an hour, on the browser's clock (the same machine's): before the cooked meal's best before (issue 47).
    await dialog.getByLabel('Pickup date and time').fill(localInputIn(60));
    await dialog.getByRole('button', { name: /submit/i }).click();
    await dialog.waitFor({ state: 'hidden' });

    const me = await apiAs(newUser.email, newUser.password);
    /** @type {import('@foodbridge/shared/schemas/donation-request').DonationRequest[]} */
    const mine = await me.get(`/donation-requests?charityEmail=${encodeURIComponent(newUser.email)}`);
    const req = mine.find((r) => r.donationId === state.donationId);
    assert.ok(req, 'the donation request is stored');
    assert.equal(req.status, 'Pending');
    assert.equal(req.requestDescription, requestNote);
  });

  step('6. the restaurant accepts it in Requested Donations', async () => {
    const page = state.restaurant;
    await openFromMenu(page, 'Requested Donations');
    const card = itemWith(page, requestNote);
    await card.getByRole('button', { name: 'Accept' }).click();
    // Accepting declines every other request: it asks first.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, accept' }).click();
    await waitForText(page, 'Request accepted and others rejected.');

    const api = await apiAs(ACCOUNTS.restaurant);
    const d = await api.get(`/donations/${state.donationId}`);
    assert.equal(d.status, 'Accepted');
  });

  step('7. the charity confirms the pickup in My Pickups and reviews it in Received Donations', async () => {
    const page = state.charity;
    await page.goto('/dashBoard');
    await openFromMenu(page, 'My Pickups');
    // The card holds lists of its own (its links): the card is the list item titled with the donation.
    const card = pickupCard(page, donationTitle);
    await card.getByRole('button', { name: 'Confirm Pickup' }).click();
    // The donation is counted in portions: the driver says what it weighed (issue 12's pickup report).
    await page.getByRole('alertdialog').getByLabel('Weight received (kg)').fill('6');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, confirm pickup' }).click();
    await waitForText(page, 'Pickup confirmed!');
    await card.getByText('Pickup confirmed', { exact: true }).waitFor();

    await openFromMenu(page, 'Received Donations');
    const received = pickupCard(page, donationTitle);
    await received.getByRole('button', { name: 'Add Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave a Review' });
    // The same review as the details page's: a 1-5 rating and a text.
    await dialog.getByLabel('Rating').selectOption({ label: '5 - Excellent' });
    await dialog.getByRole('textbox').fill(pickupReview);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await received.getByText(pickupReview).waitFor();

    const api = await apiAs(newUser.email, newUser.password);
    const d = await api.get(`/donations/${state.donationId}`);
    assert.equal(d.status.toLowerCase(), 'picked');
    /** @type {import('@foodbridge/shared/schemas/review').Review[]} */
    const reviews = await api.get(`/reviews/${state.donationId}`);
    assert.ok(reviews.some((r) => r.description === pickupReview && r.rating === 5), 'the review is one of the donation\'s reviews');
  });

  step('8. the charity saves it to favourites; the details page shows its review', async () => {
    const page = state.charity;
    await page.goto(`/donations/${state.donationId}`);
    await page.getByRole('heading', { name: donationTitle }).waitFor();
    await page.getByRole('button', { name: 'Save to Favorites' }).click();
    await waitForText(page, 'Saved!');
    // Saved: the same button now takes it out again.
    await page.getByRole('button', { name: 'Remove from Favorites' }).waitFor();

    // One kind of review: the one written in Received Donations is the donation's review.
    await page.getByText(pickupReview).waitFor();
  });

  step('9. Favorites and My Reviews show what was done', async () => {
    const page = state.charity;
    await page.goto('/dashBoard');
    await openFromMenu(page, 'Favorites');
    const fav = itemWith(page, donationTitle);
    const details = fav.getByRole('link', { name: 'Details' });
    assert.equal(await details.getAttribute('href'), `/donations/${state.donationId}`);

    await openFromMenu(page, 'My Reviews');
    await itemWith(page, pickupReview).getByText(donationTitle).waitFor();

    const api = await apiAs(newUser.email, newUser.password);
    /** @type {import('@foodbridge/shared/schemas/favorite').Favorite[]} */
    const favorites = await api.get(`/favorites/${encodeURIComponent(newUser.email)}`);
    assert.ok(favorites.some((f) => f.donationId === state.donationId), 'GET /favorites lists the donation');
    /** @type {import('@foodbridge/shared/schemas/review').Review[]} */
    const reviews = await api.get(`/my-reviews/${encodeURIComponent(newUser.email)}`);
    const review = reviews.find((r) => r.donationId === state.donationId);
    assert.ok(review, 'GET /my-reviews lists the review');
    assert.equal(review.rating, 5);
    assert.equal(review.description, pickupReview);
  });
});
