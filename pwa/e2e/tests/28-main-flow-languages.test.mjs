// @ts-check
// Issue 13's browser tests: the main flow (a donation listed, verified, requested, accepted and picked up) runs in
// Spanish and in Arabic, every word looked up by its message id in the language's own catalogue (lib/words.mjs).
// In Arabic the navbar, the dashboard's side menu and the forms are mirrored (checked by element positions), axe
// finds nothing serious, and no text runs off a 360 px phone (checked by element widths).
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, DEMO_PASSWORD, DESKTOP, PHONE, apiAs, box, dismissToasts, eventually, localInputIn, openHarness, waitForText } from '../lib/browser.mjs';
import { pngFile } from '../lib/images.mjs';
import { pickupCard } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';
import { wordsOf } from '../lib/words.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */
/** @typedef {ReturnType<typeof wordsOf>} Words */

const h = await openHarness();
after(() => h.close());

/** Serious or critical axe-core violations in the page's main content, as 'rule: help at targets' lines. @param {Page} page */
async function axeProblems(page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Text that runs off the screen or out of its box: the page scrolls sideways, or an element with text of its own is
 * wider than the viewport or wider than its box lets it show (scrollWidth beyond clientWidth without a scroller).
 * @param {Page} page
 */
function overflowingText(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    if (document.documentElement.scrollWidth > width) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const el of document.querySelectorAll('main *, header *, nav *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!own || !(el instanceof HTMLElement) || el.offsetParent === null) continue;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const clips = ['hidden', 'clip', 'auto', 'scroll'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (r.left < -1 || r.right > width + 1) out.push(`"${el.textContent?.trim().slice(0, 30)}" at ${Math.round(r.left)}..${Math.round(r.right)}`);
      else if (!clips && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && style.display !== 'inline')
        out.push(`"${el.textContent?.trim().slice(0, 30)}" needs ${el.scrollWidth} px in ${el.clientWidth}`);
    }
    return out.slice(0, 5);
  });
}

/** @param {Page} page @param {Words} t @param {string} email */
async function signInAs(page, t, email) {
  await page.goto('/login');
  await page.getByLabel(t('auth.email')).fill(email);
  await page.getByLabel(t('auth.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/login'));
}

/** The dashboard's side menu (a drawer behind its button on phones), in the page's language. @param {Page} page @param {Words} t @param {string} id */
async function openFromMenu(page, t, id) {
  if (!new URL(page.url()).pathname.startsWith('/dashBoard')) await page.goto('/dashBoard');
  const nav = page.getByRole('navigation', { name: t('menu.navLabel') });
  const openMenu = page.getByRole('button', { name: t('menu.open') });
  await nav.or(openMenu).first().waitFor();
  if (await openMenu.isVisible()) {
    await dismissToasts(page);
    await openMenu.click();
  }
  const link = nav.filter({ visible: true }).getByRole('link', { name: t(id), exact: true });
  const href = await link.getAttribute('href');
  await link.click();
  await page.waitForURL((url) => url.pathname === href);
}

/**
 * A card or table row that shows the text (toasts left out: they repeat titles).
 * @param {Page} page @param {string} text
 */
const itemWith = (page, text) => page.locator('li:not([data-sonner-toast]), tr, article').filter({ hasText: text }).filter({ visible: true }).last();

for (const [locale, browserLocale] of /** @type {const} */ ([
  ['es', 'es-ES'],
  ['ar', 'ar-EG'],
])) {
  const t = wordsOf(locale);
  const rtl = locale === 'ar';
  const tag = `${locale}-${Date.now().toString(36)}`;
  const donation = createDonationInput({ title: `Sopa ${tag}`, foodType: 'Cooked Meal', quantity: 25, unit: 'portions' });
  const requestNote = `Cena para 40 personas (${tag}).`;
  /** @type {{ restaurant: Page, admin: Page, charity: Page, donationId: string }} */
  const state = /** @type {any} */ ({ donationId: '' });

  describe(`main flow in ${locale === 'es' ? 'Spanish' : 'Arabic'}`, () => {
    const step = stepsOf(h, `main-flow-${locale}`);

    step('1. the restaurant adds a donation on a 360 px phone', async () => {
      const page = (state.restaurant = await h.context(`restaurant ${locale}`, PHONE, { locale: browserLocale }));
      await signInAs(page, t, ACCOUNTS.restaurant);
      assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), [locale, rtl ? 'rtl' : 'ltr']);
      await openFromMenu(page, t, 'menu.addDonation');
      await page.getByRole('heading', { name: t('restaurant.addDonation.title') }).waitFor();

      await page.getByLabel(t('restaurant.donationForm.picture')).setInputFiles(pngFile('sopa.png'));
      const title = page.getByLabel(t('restaurant.donationForm.title'));
      await title.fill(donation.title);
      // The option's value stays the stored English spelling; what it shows is the language's.
      const foodType = page.getByLabel(t('restaurant.donationForm.foodType'));
      await foodType.selectOption({ label: t('foodType.cookedMeal') });
      assert.equal(await foodType.inputValue(), 'Cooked Meal');
      await page.getByLabel(t('restaurant.donationForm.quantity'), { exact: true }).fill(String(donation.quantity));
      await page.getByLabel(t('quantityField.unit')).selectOption(donation.unit);
      await page.getByLabel(t('restaurant.donationForm.pickupTime')).fill(donation.pickupTime);
      await page.getByLabel(t('restaurant.donationForm.location'), { exact: true }).fill(donation.location);

      // The form reads from the start edge: in Arabic each label ends where its field ends, at the right.
      const label = await box(page.locator('label', { hasText: t('restaurant.donationForm.title') }).first());
      const field = await box(title);
      if (rtl) assert.ok(Math.abs(label.x + label.width - (field.x + field.width)) < 4, `label ends at ${label.x + label.width}, field at ${field.x + field.width}`);
      else assert.ok(Math.abs(label.x - field.x) < 4, `label starts at ${label.x}, field at ${field.x}`);
      assert.deepEqual(await overflowingText(page), [], 'Add Donation fits 360 px');
      assert.deepEqual(await axeProblems(page), [], 'axe on Add Donation');

      const submit = page.getByRole('button', { name: t('restaurant.addDonation.submit') });
      await eventually(() => submit.isEnabled(), { what: 'the submit button to be enabled after the upload' });
      await submit.click();
      await waitForText(page, t('restaurant.addDonation.added'));

      const api = await apiAs(ACCOUNTS.restaurant);
      const mine = await eventually(async () => {
        /** @type {import('@foodbridge/shared/schemas/donation').Donation[]} */
        const list = await api.get('/donations');
        return list.find((d) => d.title === donation.title) ?? false;
      }, { what: 'the new donation in GET /donations' });
      assert.equal(mine.foodType, 'Cooked Meal');
      state.donationId = mine._id;
      await openFromMenu(page, t, 'menu.myDonations');
      await itemWith(page, donation.title).getByText(t('donationStatus.pending')).first().waitFor();
      assert.deepEqual(await overflowingText(page), [], 'My Donations fits 360 px');
    });

    step('2. the admin verifies it on a desktop; in Arabic the side menu is at the right', async () => {
      const page = (state.admin = await h.context(`admin ${locale}`, DESKTOP, { locale: browserLocale }));
      await signInAs(page, t, ACCOUNTS.admin);
      await openFromMenu(page, t, 'menu.manageDonations');
      const nav = await box(page.getByRole('navigation', { name: t('menu.navLabel') }).filter({ visible: true }));
      const main = await box(page.locator('main'));
      if (rtl) assert.ok(nav.x >= main.x + main.width - 2, `menu at ${nav.x}, content ends at ${main.x + main.width}`);
      else assert.ok(nav.x + nav.width <= main.x + 2, `menu ends at ${nav.x + nav.width}, content at ${main.x}`);

      const row = itemWith(page, donation.title);
      await row.getByRole('button', { name: t('admin.donations.verify') }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('button', { name: t('admin.donations.verifyConfirm') }).click();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByText(t('admin.donations.noAction')).waitFor();
      assert.deepEqual(await axeProblems(page), [], 'axe on Manage Donations');
      assert.equal((await (await apiAs(ACCOUNTS.admin)).get(`/donations/${state.donationId}`)).status, 'Verified');
    });

    step('3. the charity requests it from its details page (phone)', async () => {
      const page = (state.charity = await h.context(`charity ${locale}`, PHONE, { locale: browserLocale }));
      await signInAs(page, t, ACCOUNTS.charity);
      await page.goto(`/donations/${state.donationId}`);
      await page.getByRole('heading', { name: donation.title }).waitFor();
      await page.getByText(t('foodType.cookedMeal')).first().waitFor();
      assert.deepEqual(await overflowingText(page), [], 'the details page fits 360 px');
      await page.getByRole('button', { name: t('details.requestDonation') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t('request.descriptionLabel')).fill(requestNote);
      // Before the cooked meal's best before (issue 47).
      await dialog.getByLabel(t('request.pickupLabel')).fill(localInputIn(60));
      await dialog.getByRole('button', { name: t('request.submit') }).click();
      await dialog.waitFor({ state: 'hidden' });
      const requests = await (await apiAs(ACCOUNTS.charity)).get(`/donation-requests?charityEmail=${encodeURIComponent(ACCOUNTS.charity)}`);
      assert.ok(requests.some((/** @type {any} */ r) => r.donationId === state.donationId && r.status === 'Pending'), 'the request is stored');
    });

    step('4. the restaurant accepts it', async () => {
      const page = state.restaurant;
      await openFromMenu(page, t, 'menu.requestedDonations');
      await itemWith(page, requestNote).getByRole('button', { name: t('restaurant.requests.accept') }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t('restaurant.requests.acceptConfirm') }).click();
      await waitForText(page, t('restaurant.requests.accepted'));
      assert.equal((await (await apiAs(ACCOUNTS.restaurant)).get(`/donations/${state.donationId}`)).status, 'Accepted');
    });

    step('5. the charity confirms the pickup with its weight', async () => {
      const page = state.charity;
      await openFromMenu(page, t, 'menu.myPickups');
      const card = pickupCard(page, donation.title);
      await card.getByRole('button', { name: t('pickupReport.trigger') }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByLabel(t('pickupReport.weight')).fill('6');
      // The dialog's buttons sit at the end of the line: the left in Arabic.
      const confirm = await box(dialog.getByRole('button', { name: t('pickupReport.submit') }));
      const frame = await box(dialog);
      const side = confirm.width < frame.width / 2 ? (confirm.x - frame.x < frame.x + frame.width - (confirm.x + confirm.width) ? 'left' : 'right') : 'full';
      if (side !== 'full') assert.equal(side, rtl ? 'left' : 'right', 'the confirm button at the end of the line');
      await dialog.getByRole('button', { name: t('pickupReport.submit') }).click();
      await waitForText(page, t('outbox.confirmed'));
      await card.getByText(t('charity.pickups.confirmed'), { exact: true }).waitFor();
      assert.deepEqual(await overflowingText(page), [], 'My Pickups fits 360 px');
      assert.deepEqual(await axeProblems(page), [], 'axe on My Pickups');
      assert.equal((await (await apiAs(ACCOUNTS.charity)).get(`/donations/${state.donationId}`)).status, 'Picked');
    });
  });
}
