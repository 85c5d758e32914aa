// @ts-check
// Issue 47, regular donations and standing pickups on the app, on 390 px phones: the restaurant sets up a series for
// every day of the week (so the test does not depend on today's weekday), its window two hours from now in the phone's
// zone; the admin verifies it once; the charity's coordinator asks for a standing pickup; the restaurant accepts, and
// the coming dates are the charity's (on its My Pickups); the restaurant skips one date and the charity's
// notifications say so; a window passes without a pickup and the restaurant says it was not collected. axe on every
// new screen, with its dialogs open.
//
// The not-collected step needs a date whose window is over, and the server refuses a window in the past (it never
// writes an occurrence whose window has ended). So a second series, made through the API once the first one's standing
// pickup is accepted, gives food on today only, in a one-minute window starting at the next full minute; its standing
// pickup is accepted at once (before the window opens, as the server requires), and the steps between run while the
// window passes. Its request is then the restaurant's newest, first on Requested Donations.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import { ACCOUNTS, ARTIFACTS, PHONE, apiAs, dismissToasts, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { axeProblems, fitsWidth } from '../lib/checks.mjs';
import { pngFile } from '../lib/images.mjs';
import { pickupCard, serverDonation, sleep, uploadPicture } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('@foodbridge/shared/schemas/donation-series').DonationSeries} DonationSeries */
/** @typedef {import('@foodbridge/shared/schemas/donation').Donation} Donation */

const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const MINUTE = 60_000;
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const CHARITY = 'Hope Community Pantry';
const tag = Date.now().toString(36);
const title = `E2E bread ${tag}`;
const missedTitle = `E2E soup ${tag}`;
const h = await openHarness();
const step = stepsOf(h, 'regular-donations');

/**
 * Filled in as the steps go: a step runs only after every step before it passed.
 * @type {{ restaurant: Page, admin: Page, charity: Page, id: string, skipped: string, missed: { id: string, donationId: string, end: number } }}
 */
const state = /** @type {any} */ ({});

// The browser contexts run in UTC (openHarness): a time's UTC text is what the phone's clock shows.
const clock = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(11, 16);
const today = () => new Date().toISOString().slice(0, 10);
/** An occurrence's date: its window's start, written in the series' zone (UTC here). @param {Donation} d */
const dateOf = (d) => d.pickupStart?.slice(0, 10);

/** @param {Page} page @param {string} name */
async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `35-${name}.png`), fullPage: true });
}

/** A series' card, named by its title. @param {Page} page @param {string} name */
const seriesCard = (page, name) => page.getByRole('article', { name });

/** The series as the server has it, for its restaurant. */
async function serverSeries() {
  return /** @type {DonationSeries} */ (await (await apiAs(ACCOUNTS.restaurant)).get(`/donation-series/${state.id}`));
}

/** The restaurant's donations whose title has `words` (the series' occurrences). @param {string} words */
async function occurrences(words) {
  const list = /** @type {Donation[]} */ (await (await apiAs(ACCOUNTS.restaurant)).get(`/donations?q=${encodeURIComponent(words)}`));
  return list.filter((d) => d.title === words);
}

describe('regular donations: a weekly series, verified once, collected by a standing pickup', () => {
  after(() => h.close());

  step('1. the restaurant sets up a series for every day; without days it is refused beside them (390 px)', async () => {
    const page = (state.restaurant = await h.context('restaurant', PHONE_390));
    await signIn(page, ACCOUNTS.restaurant);
    await openFromMenu(page, 'Regular Donations');
    await page.getByRole('heading', { name: 'Regular Donations', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New regular donation' }).click();
    const form = page.getByRole('form', { name: 'New regular donation' });
    await form.waitFor();

    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/images' && r.request().method() === 'POST');
    await form.getByLabel('Picture of the food').setInputFiles(pngFile('bread.png'));
    assert.ok((await uploaded).ok(), 'the picture uploaded');
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Food type').selectOption('Bakery');
    await form.getByLabel('Usual quantity').fill('8');
    await form.getByLabel(/unit$/i).selectOption('kg');
    await form.getByLabel('Pickup location').fill('12 Market Street');
    // Two hours from now on the phone's clock, for an hour: today's date is still to come (or tomorrow's, after 22:00).
    const start = Date.now() + 2 * 60 * MINUTE;
    const [from, to] = [clock(start), clock(start + 60 * MINUTE)];
    await form.getByLabel('From', { exact: true }).fill(from);
    await form.getByLabel('To', { exact: true }).fill(to);
    assert.equal(await form.getByLabel('Time zone').inputValue(), 'UTC', "the phone's own zone");
    assert.equal(await form.getByLabel('First date').inputValue(), today(), 'from today');

    const save = form.getByRole('button', { name: 'Save regular donation' });
    await eventually(() => save.isEnabled(), { what: 'the Save button after the upload' });
    await save.click();
    await form.getByText('Choose at least one day of the week').waitFor();
    const monday = form.getByRole('button', { name: 'Monday', exact: true });
    assert.ok(await monday.evaluate((el) => el === document.activeElement), 'the days take the focus');
    assert.deepEqual(await axeProblems(page), [], 'axe on the form with its refusal');

    for (const day of DAYS) await form.getByRole('button', { name: day, exact: true }).click();
    for (const day of DAYS) assert.equal(await form.getByRole('button', { name: day, exact: true }).getAttribute('aria-pressed'), 'true', `${day} on`);
    assert.equal(await form.getByText('Choose at least one day of the week').count(), 0, 'choosing a day clears the message');
    await shot(page, 'form');
    const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/donation-series' && r.request().method() === 'POST');
    await save.click();
    const answer = await posted;
    assert.equal(answer.status(), 201);
    state.id = (await answer.json()).insertedId;

    const card = seriesCard(page, title);
    await card.getByText('Waiting for verification').waitFor();
    await card.getByText('Every day').waitFor();
    await card.getByText(`${from}–${to}${to <= from ? ' (next day)' : ''}, UTC`).waitFor();
    assert.ok(await fitsWidth(page), 'the page is no wider than the phone');
    assert.deepEqual(await axeProblems(page), [], 'axe on the list');
    await shot(page, 'restaurant-pending');
    const saved = await serverSeries();
    assert.deepEqual(saved.weekdays, [1, 2, 3, 4, 5, 6, 7]);
    assert.deepEqual([saved.windowStart, saved.windowEnd, saved.timeZone, saved.startDate, saved.status], [from, to, 'UTC', today(), 'Pending']);
  });

  step('2. the admin verifies it once: its coming week is written, already verified (390 px)', async () => {
    const page = (state.admin = await h.context('admin', PHONE_390));
    await signIn(page, ACCOUNTS.admin);
    await openFromMenu(page, 'Regular Donations');
    const card = seriesCard(page, title);
    await card.getByRole('button', { name: `Verify ${title}` }).click();
    const question = page.getByRole('alertdialog', { name: 'Verify this regular donation?' });
    await question.waitFor();
    assert.deepEqual(await axeProblems(page), [], 'axe with the question open');
    const verified = page.waitForResponse((r) => new URL(r.url()).pathname === `/donation-series/verify/${state.id}`);
    await question.getByRole('button', { name: 'Yes, verify' }).click();
    assert.equal((await verified).status(), 200);
    await card.getByText('Verified', { exact: true }).waitFor();
    await card.getByRole('list', { name: 'Next dates' }).waitFor();
    assert.equal(await card.getByRole('button', { name: `Verify ${title}` }).count(), 0, 'verified once: nothing more to decide');
    assert.deepEqual(await axeProblems(page), [], 'axe on the admin’s list');
    await shot(page, 'admin');

    const written = await occurrences(title);
    assert.ok(written.length >= 6, `a week of occurrences (${written.length})`);
    assert.ok(
      written.every((d) => d.status === 'Verified' && d.seriesId === state.id),
      'each verified with the series',
    );
  });

  step("3. the charity's coordinator asks for a standing pickup, with a message (390 px)", async () => {
    const page = (state.charity = await h.context('charity', PHONE_390));
    await signIn(page, ACCOUNTS.charity);
    await openFromMenu(page, 'Standing Pickups');
    const card = seriesCard(page, title);
    await card.getByRole('button', { name: `Ask for a standing pickup ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Standing pickup of ${title}` });
    await dialog.waitFor();
    // The charity as a whole, or one of its members (the demo charity has a driver).
    assert.ok((await dialog.getByLabel('Give every pickup to').locator('option').count()) > 1, 'its members to choose from');
    await dialog.getByLabel('Message to the restaurant').fill('We collect every day with our van.');
    assert.deepEqual(await axeProblems(page), [], 'axe with the request form open');
    await shot(page, 'charity-ask');
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === `/donation-series/${state.id}/requests`);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    assert.equal((await asked).status(), 201);
    await dialog.waitFor({ state: 'hidden' });
    const own = card.getByTestId('own-series-request');
    await own.getByText('Waiting for an answer').waitFor();
    assert.equal(await card.getByRole('button', { name: `Ask for a standing pickup ${title}` }).count(), 0, 'asked once');
    assert.deepEqual(await axeProblems(page), [], 'axe on the standing pickups');
  });

  step('4. the restaurant accepts: every coming date is given to the charity at once', async () => {
    const page = state.restaurant;
    await page.reload();
    const card = seriesCard(page, title);
    await card.getByRole('heading', { name: 'A charity asks for a standing pickup' }).waitFor();
    await card.getByText('We collect every day with our van.').waitFor();
    await dismissToasts(page);
    await card.getByRole('button', { name: `Accept ${CHARITY}` }).click();
    const question = page.getByRole('alertdialog', { name: `Give every coming date to ${CHARITY}?` });
    await question.waitFor();
    assert.deepEqual(await axeProblems(page), [], 'axe with the question open');
    const accepted = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/series-requests/accept/'));
    await question.getByRole('button', { name: 'Yes, accept' }).click();
    const answer = await accepted;
    assert.equal(answer.status(), 200);
    const { givenCount } = await answer.json();
    assert.ok(givenCount >= 6, `the coming week given (${givenCount})`);
    await card.getByTestId('standing-pickup').getByText(CHARITY).waitFor();
    assert.equal(await card.getByRole('button', { name: `Accept ${CHARITY}` }).count(), 0, 'answered');
    assert.deepEqual(await axeProblems(page), [], 'axe on the list with its standing pickup');
    await shot(page, 'restaurant-accepted');
  });

  step("5. the coming dates are the charity's: accepted for it, on its My Pickups", async () => {
    // The second series, for the last step (see the top of the file): today only, a one-minute window from the next
    // full minute, its standing pickup accepted before the window opens.
    // Close to midnight, its one date would be yesterday's by the time it is verified: it waits for the new day.
    const toMidnight = Date.parse(`${today()}T00:00:00Z`) + 24 * 60 * MINUTE - Date.now();
    if (toMidnight < 3 * MINUTE) await sleep(toMidnight + 1000);
    let start = Math.ceil(Date.now() / MINUTE) * MINUTE;
    if (start - Date.now() < 20_000) start += MINUTE;
    const [restaurant, admin, charity] = await Promise.all([apiAs(ACCOUNTS.restaurant), apiAs(ACCOUNTS.admin), apiAs(ACCOUNTS.charity)]);
    const day = new Date(start).toISOString().slice(0, 10);
    const { insertedId: missedId } = await restaurant.post('/donation-series', {
      title: missedTitle,
      foodType: 'Cooked Meal',
      quantity: 5,
      unit: 'portions',
      image: await uploadPicture(restaurant),
      location: '12 Market Street',
      weekdays: [((new Date(start).getUTCDay() + 6) % 7) + 1],
      windowStart: clock(start),
      windowEnd: clock(start + MINUTE),
      timeZone: 'UTC',
      startDate: day,
      endDate: day,
      keepsHours: 2,
    });
    await admin.patch(`/donation-series/verify/${missedId}`);
    const { insertedId: requestId } = await charity.post(`/donation-series/${missedId}/requests`, { requestDescription: 'Soup for tonight.' });
    const { givenCount } = await restaurant.patch(`/series-requests/accept/${requestId}`);
    assert.equal(givenCount, 1, 'its one date given before its window opens');
    const [missed] = await occurrences(missedTitle);
    assert.ok(missed, 'its occurrence');
    state.missed = { id: missedId, donationId: missed._id, end: start + MINUTE };

    const given = await occurrences(title);
    assert.ok(given.length >= 6);
    assert.deepEqual(
      given.filter((d) => d.status !== 'Accepted' || d.charityName !== CHARITY).map((d) => `${d.pickupStart}: ${d.status}`),
      [],
      'every coming date accepted for the charity',
    );

    const page = state.charity;
    await openFromMenu(page, 'My Pickups');
    const card = pickupCard(page, title);
    await card.waitFor({ timeout: 20_000 });
    await card.getByText('Accepted', { exact: true }).first().waitFor();
    assert.deepEqual(await axeProblems(page), [], 'axe on My Pickups');
    await openFromMenu(page, 'Standing Pickups');
    const own = seriesCard(page, title).getByTestId('own-series-request');
    await own.getByText('Accepted', { exact: true }).waitFor();
    await seriesCard(page, title).getByRole('button', { name: `End standing pickup ${title}` }).waitFor();
    await shot(page, 'charity-accepted');
  });

  step('6. the restaurant skips one date; the charity is told in its notifications', async () => {
    const before = await serverSeries();
    const skipped = (state.skipped = /** @type {string} */ (before.nextDates[1]));
    assert.ok(skipped, 'a coming date to skip');
    const page = state.restaurant;
    const card = seriesCard(page, title);
    await dismissToasts(page);
    await card.getByRole('button', { name: `Skip a date ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Skip a date of ${title}` });
    await dialog.waitFor();
    await dialog.getByLabel('Date to skip').selectOption(skipped);
    assert.deepEqual(await axeProblems(page), [], 'axe with the skip dialog open');
    await shot(page, 'restaurant-skip');
    const posted = page.waitForResponse((r) => new URL(r.url()).pathname === `/donation-series/${state.id}/skip`);
    await dialog.getByRole('button', { name: 'Skip this date' }).click();
    assert.equal((await posted).status(), 200);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`${CHARITY} is told.`).first().waitFor();
    await card.getByRole('list', { name: 'Skipped dates' }).waitFor();

    const after = await serverSeries();
    assert.deepEqual(after.skippedDates, [skipped]);
    assert.ok(!after.nextDates.includes(skipped), 'no longer among the next dates');
    assert.equal((await occurrences(title)).filter((d) => dateOf(d) === skipped).length, 0, "that day's donation withdrawn");

    const charity = state.charity;
    await charity.goto('/dashBoard/notifications');
    const list = charity.getByRole('list', { name: 'Notifications, newest first' });
    const told = list.getByRole('listitem').filter({ hasText: 'A pickup date is skipped' }).filter({ hasText: title });
    await eventually(async () => (await told.count()) === 1, { timeout: 20_000, what: 'the skipped date among the charity’s notifications' });
  });

  step('6b. the restaurant changes the usual quantity: saved at once, still verified', async () => {
    const page = state.restaurant;
    const card = seriesCard(page, title);
    await dismissToasts(page);
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const quantity = page.getByLabel('Usual quantity');
    await quantity.waitFor();
    await quantity.fill('11');
    assert.deepEqual(await axeProblems(page), [], 'axe with the edit form open');
    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/donation-series/${state.id}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const answer = await patched;
    assert.equal(answer.status(), 200);
    assert.deepEqual(JSON.parse(answer.request().postData() ?? '{}'), { quantity: 11 }, 'only the changed field sent');
    await page.getByText('Changes saved').first().waitFor();
    await quantity.waitFor({ state: 'detached' });
    const after = await serverSeries();
    assert.equal(after.quantity, 11);
    assert.equal(after.status, 'Verified', 'a quantity is no reason to check it again');
  });

  step("6c. on My Donations, a date given to the charity changes its quantity alone; the charity is told", async () => {
    const page = state.restaurant;
    await openFromMenu(page, 'My Donations');
    await dismissToasts(page);
    await page.getByRole('button', { name: `Change the quantity of ${title}` }).first().click();
    const dialog = page.getByRole('dialog', { name: `Change the quantity of ${title}` });
    await dialog.waitFor();
    await dialog.getByLabel('Quantity (kg)').fill('9');
    assert.deepEqual(await axeProblems(page), [], 'axe with the quantity dialog open');
    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/donations/'));
    await dialog.getByRole('button', { name: 'Save quantity' }).click();
    const answer = await patched;
    assert.equal(answer.status(), 200);
    assert.deepEqual(JSON.parse(answer.request().postData() ?? '{}'), { quantity: 9 });
    await dialog.waitFor({ state: 'hidden' });
    const changed = (await occurrences(title)).filter((d) => d.quantity === 9);
    assert.equal(changed.length, 1, 'one date changed');
    assert.equal(changed[0]?.status, 'Accepted', 'still the charity’s');
    const charity = state.charity;
    await charity.goto('/dashBoard/notifications');
    const list = charity.getByRole('list', { name: 'Notifications, newest first' });
    await eventually(async () => (await list.getByRole('listitem').filter({ hasText: 'Quantity changed' }).count()) >= 1, { timeout: 20_000, what: 'the new quantity among the charity’s notifications' });
  });

  step('7. a window passes without a pickup; the restaurant says it was not collected, and it is offered again', async () => {
    const wait = state.missed.end + 2000 - Date.now();
    if (wait > 0) await sleep(wait);
    const page = state.restaurant;
    await openFromMenu(page, 'Requested Donations');
    await page.getByRole('button', { name: `Not collected ${missedTitle}` }).filter({ visible: true }).click();
    const question = page.getByRole('alertdialog', { name: `Nobody collected ${missedTitle}?` });
    await question.waitFor();
    await question.getByRole('button', { name: 'Yes, not collected' }).click();
    await page.getByText(`${missedTitle} is offered again. Give it a new pickup window.`).first().waitFor();
    const d = await serverDonation(await apiAs(ACCOUNTS.restaurant), state.missed.donationId);
    assert.equal(d?.status, 'Verified', 'offered again');
    assert.equal(d?.charityName, undefined, 'given to nobody');
    assert.equal(d?.seriesId, state.missed.id, 'still one of its series');
  });
});
