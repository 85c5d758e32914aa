// @ts-check
// Issue 16, "The small things": the charity-role fee spoken to the payer (no setting names, what becomes of the $25
// if the request is rejected) and Transaction History saying the request is pending; Request Charity Role
// explaining itself to an admin and a restaurant; the 'Image missing' toast leaving once the picture is uploaded,
// each form error said once, and a link to the donation just added; a favourite removed from the donation's own
// page; the dashboard's phone header laid out as the public navbar's (menu toggle, logo, profile picture); the side
// menu's My Donations highlighted on /edit-donation/{id}; a long e-mail wrapping after its @ or before a dot; the
// 404 page inside the navbar and footer. Screenshots at 390 and 1280 px go to E2E_SHOTS_DIR (default e2e/artifacts).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createDonationInput, createRegisterInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, ARTIFACTS, DESKTOP, PHONE, apiAs, box, dismissToasts, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { makePng } from '../lib/images.mjs';
import { uploadPicture } from '../lib/pwa.mjs';
import { fitsWidth } from '../lib/checks.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

const SHOTS = process.env.E2E_SHOTS_DIR || ARTIFACTS;
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const PHONE_320 = { ...PHONE, viewport: { width: 320, height: 720 } };
const tag = Date.now().toString(36);
const h = await openHarness();
// The file's several suites share one browser: closed once, after the last of them.
after(() => h.close());

/** @param {Page} page @param {string} name */
async function shot(page, name, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

/** A new plain user (role user), registered through the API. @param {Partial<import('@foodbridge/shared/schemas/user').RegisterInput>} [overrides] */
async function registerUser(overrides = {}) {
  const account = createRegisterInput(overrides);
  const res = await fetch(`${process.env.E2E_BASE_URL}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (res.status !== 201) throw new Error(`POST /auth/register -> ${res.status}: ${await res.text()}`);
  return account;
}

/** The toasts on screen (sonner's list items). @param {Page} page */
const toasts = (page) => page.locator('[data-sonner-toast]');

describe('the charity-role fee speaks to the payer, and Transaction History says what is pending', () => {
  after(() => h.closeContexts());

  for (const device of [PHONE_390, DESKTOP]) {
    const width = device.viewport.width;
    it(`a new user pays the test fee and sees 'Request pending' (${width} px)`, h.guard(`fee ${width}`, async () => {
      const account = await registerUser();
      const page = await h.context(`user ${width}`, device);
      await signIn(page, account.email, account.password);
      await page.goto('/dashBoard/requestCharityRole');
      await page.getByLabel('Organization').fill(`Northside Food Bank ${tag}`);
      await page.getByLabel('Mission statement').fill('Groceries and hot meals for families in the north of the city.');
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();

      const panel = page.getByRole('region', { name: /Test payment/ });
      await panel.waitFor();
      const text = (await page.locator('#main').innerText()).replace(/\s+/g, ' ');
      // Operators' words (setting names, environment variables) stay in the server's log and docs.
      assert.doesNotMatch(text, /STRIPE|ALLOW_TEST|SECRET|PUBLISHABLE|_KEY/, 'the payment step names a server setting');
      assert.match(await panel.innerText(), /no card is charged/i);
      assert.match(await panel.innerText(), /nothing to refund if an admin rejects your request/);
      await shot(page, `13-fee-test-payment-${width}`);

      await page.getByRole('button', { name: 'Pay $25 & Submit Request' }).click();
      await page.getByRole('heading', { name: 'Request Already Submitted' }).waitFor();
      await dismissToasts(page);

      await openFromMenu(page, 'Transaction History');
      await page.getByRole('heading', { name: 'Transaction History' }).waitFor();
      const badge = page.getByText('Request pending', { exact: true }).filter({ visible: true });
      await badge.waitFor();
      assert.equal(await badge.count(), 1, 'one row, one badge');
      // The fee was paid: a bare 'Pending' beside the amount would say otherwise.
      assert.equal(await page.getByText('Pending', { exact: true }).filter({ visible: true }).count(), 0, "a bare 'Pending' badge is left");
      await page.getByText('paid', { exact: true }).filter({ visible: true }).first().waitFor();
      await shot(page, `13-transaction-history-${width}`);
    }));
  }

  it('Request Charity Role tells an admin and a restaurant why it is not for them, and where to go', h.guard('role notes', async () => {
    const admin = await h.context('admin', DESKTOP);
    await signIn(admin, ACCOUNTS.admin);
    await admin.goto('/dashBoard/requestCharityRole');
    await admin.getByText(/Your account is an admin account\. Admins decide charity role requests/).waitFor();
    await admin.getByRole('link', { name: 'Manage Role Requests' }).filter({ visible: true }).last().click();
    await admin.waitForURL('**/dashBoard/manageRoleRequests');

    const restaurant = await h.context('restaurant', PHONE_390);
    await signIn(restaurant, ACCOUNTS.restaurant);
    await restaurant.goto('/dashBoard/requestCharityRole');
    await restaurant.getByText(/Your account is a restaurant account/).waitFor();
    assert.equal(await restaurant.getByRole('button', { name: 'Proceed to Payment' }).count(), 0);
    await shot(restaurant, '13-request-charity-role-restaurant-390');
  }));
});

describe('Add Donation: each problem said once, the image toast gone with the upload, and a link to the new donation', () => {
  after(() => h.closeContexts());

  it("'Image missing' is a toast only, leaves once the picture is uploaded, and 'Donation added' links to it", h.guard('add donation', async () => {
    const page = await h.context('restaurant', PHONE_390);
    await signIn(page, ACCOUNTS.restaurant);
    await page.goto('/dashBoard/addDonation');
    await page.getByRole('heading', { name: 'Add Surplus Food Donation' }).waitFor();

    // Nothing filled in: every field says its problem under itself, and only the picture's is a toast.
    await page.getByRole('button', { name: 'Add Donation' }).click();
    await page.getByText('Title is required').waitFor();
    assert.equal(await page.getByText('Title is required').count(), 1, "'Title is required' said twice");
    const missing = toasts(page).filter({ hasText: 'Image missing' });
    await missing.waitFor();
    assert.equal(await page.getByText('Please upload an image first.').count(), 1, 'the image problem is said twice (toast and inline)');
    assert.equal(await toasts(page).filter({ hasText: 'Title is required' }).count(), 0, 'a field error also went to a toast');
    assert.equal(await page.getByLabel('Food picture').getAttribute('aria-invalid'), 'true', 'the picker is not marked');
    // No unit is proposed (issue 50: a preselected kg once posted 20 portions as 20 kg); none chosen is said beside it.
    const unit = page.getByLabel('Quantity unit');
    assert.equal(await unit.inputValue(), '', 'a unit was preselected');
    assert.equal(await page.getByText('Choose the unit: kg or portions.').count(), 1, 'the missing unit is not said once');
    assert.equal(await unit.getAttribute('aria-invalid'), 'true', 'the unit is not marked');
    await shot(page, '13-add-donation-errors-390');

    const title = `Sourdough for the small things ${tag}`;
    await page.getByLabel('Donation title').fill(title);
    await page.getByLabel('Food type').selectOption('Bakery');
    await page.getByLabel('Quantity', { exact: true }).fill('6');
    await unit.selectOption('portions');
    assert.equal(await page.getByText('Choose the unit: kg or portions.').count(), 0, 'choosing a unit clears its message');
    // What will be posted is read before it is: the unit's word right beside the number, and the two said together.
    const [number, chosen] = [await box(page.getByLabel('Quantity', { exact: true })), await box(unit)];
    assert.ok(Math.abs(number.y - chosen.y) < 4 && chosen.x >= number.x + number.width, `the unit (${JSON.stringify(chosen)}) is not beside the number (${JSON.stringify(number)})`);
    await page.getByText('Charities will see: 6 portions').waitFor();
    await page.getByLabel('Pickup time window').fill('Today 17:00-19:00');
    await page.getByLabel('Pickup location').fill('Green Table Kitchen, 12 Market Street');
    // Browser contexts run in UTC, the datetime-local field in the device's zone: three hours from now.
    await page.getByLabel('Best before').fill(new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 16));
    // The toast outlives its usual few seconds: it goes when the problem does.
    await page.waitForTimeout(4500);
    assert.equal(await missing.count(), 1, "the 'Image missing' toast left before the picture was uploaded");
    await page.getByLabel('Food picture').setInputFiles({ name: 'bread.png', mimeType: 'image/png', buffer: makePng(96, 64) });
    await page.getByText('Uploaded. Choose another file to replace it.').waitFor();
    await missing.waitFor({ state: 'detached' });
    assert.equal(await page.getByLabel('Food picture').getAttribute('aria-invalid'), null);

    await page.getByRole('button', { name: 'Add Donation' }).click();
    const notice = page.getByRole('status').filter({ hasText: `${title} was added` });
    await notice.waitFor();
    await shot(page, '13-donation-added-390');
    await notice.getByRole('link', { name: 'View donation' }).click();
    await page.waitForURL(/\/donations\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('6 portions').waitFor();
  }));

  it('a failed upload is said once, under the picker', h.guard('upload failure', async () => {
    const page = await h.context('restaurant', PHONE_390);
    await signIn(page, ACCOUNTS.restaurant);
    await page.goto('/dashBoard/addDonation');
    await page.getByLabel('Food picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    const message = 'Please choose a JPEG, PNG, WebP or GIF picture.';
    await page.getByText(message).waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.getByText(message).count(), 1, 'the upload problem is said twice');
    assert.equal(await toasts(page).count(), 0, 'a toast repeats the inline message');
  }));
});

describe("a favourite is removed from the donation's page", () => {
  after(() => h.closeContexts());

  it('Save, then Remove from Favorites on the details page; the Favorites page and the server agree', h.guard('favourite', async () => {
    const [restaurant, admin] = await Promise.all([apiAs(ACCOUNTS.restaurant), apiAs(ACCOUNTS.admin)]);
    const image = await uploadPicture(restaurant);
    const title = `Favourite to remove ${tag}`;
    const { insertedId: id } = await restaurant.post('/donations', createDonationInput({ title, image, quantity: 8, unit: 'portions' }));
    await admin.patch(`/donations/verify/${id}`);

    const page = await h.context('user', PHONE_390);
    await signIn(page, ACCOUNTS.user);
    await page.goto(`/donations/${id}`);
    await page.getByRole('button', { name: 'Save to Favorites' }).click();
    const remove = page.getByRole('button', { name: 'Remove from Favorites' });
    await remove.waitFor();
    await shot(page, '13-details-remove-favourite-390');

    await openFromMenu(page, 'Favorites');
    await page.getByRole('heading', { name: title }).waitFor();
    // The quantity with its unit: '8' alone could be kilograms.
    await page.locator('li').filter({ has: page.getByRole('heading', { name: title }) }).getByText('8 portions').waitFor();

    await page.goto(`/donations/${id}`);
    await remove.click();
    await toasts(page).filter({ hasText: 'Removed' }).waitFor();
    await page.getByRole('button', { name: 'Save to Favorites' }).waitFor();
    const user = await apiAs(ACCOUNTS.user);
    await eventually(async () => {
      /** @type {{ donationId: string }[]} */
      const favorites = await user.get(`/favorites/${encodeURIComponent(ACCOUNTS.user)}`);
      return !favorites.some((f) => f.donationId === id);
    }, { what: 'the favourite removed on the server' });
    await openFromMenu(page, 'Favorites');
    await page.getByRole('heading', { name: 'My Favorites' }).waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.getByRole('heading', { name: title }).count(), 0, 'the removed favourite is still listed');
  }));
});

describe('the dashboard frame', () => {
  after(() => h.closeContexts());

  it('on a phone the dashboard header is the public one: menu toggle, logo, then the profile picture on the right', h.guard('header', async () => {
    const page = await h.context('charity', PHONE_390);
    await signIn(page, ACCOUNTS.charity);
    /** @param {Locator} l */
    const box = async (l) => {
      const b = await l.boundingBox();
      if (!b) throw new Error('not on screen');
      return b;
    };
    await page.goto('/allDonations');
    const publicToggle = await box(page.getByRole('button', { name: 'Open menu' }));
    const publicLogo = await box(page.getByRole('link', { name: 'FoodBridge home' }).first());
    const publicPicture = await box(page.getByRole('button', { name: /^Account: / }));

    await page.goto('/dashBoard');
    const toggle = await box(page.getByRole('button', { name: 'Open dashboard menu' }));
    const logo = await box(page.getByRole('link', { name: 'FoodBridge home' }).filter({ visible: true }).first());
    const picture = page.getByRole('button', { name: /^Account: / });
    const pictureBox = await box(picture);
    assert.ok(toggle.x < logo.x && logo.x < pictureBox.x, 'order: toggle, logo, picture');
    assert.ok(Math.abs(toggle.x - publicToggle.x) <= 6, `the toggle sits at ${toggle.x}, the public one at ${publicToggle.x}`);
    assert.ok(Math.abs(logo.x - publicLogo.x) <= 6, `the logo sits at ${logo.x}, the public one at ${publicLogo.x}`);
    assert.ok(Math.abs(pictureBox.x - publicPicture.x) <= 6, `the picture sits at ${pictureBox.x}, the public one at ${publicPicture.x}`);
    await picture.click();
    await page.getByText(ACCOUNTS.charity).waitFor();
    await shot(page, '13-dashboard-header-390');
    await page.keyboard.press('Escape');
  }));

  for (const device of [PHONE_390, DESKTOP]) {
    const width = device.viewport.width;
    it(`the side menu highlights My Donations on a donation's edit page (${width} px)`, h.guard(`edit highlight ${width}`, async () => {
      const page = await h.context(`restaurant ${width}`, device);
      await signIn(page, ACCOUNTS.restaurant);
      await openFromMenu(page, 'My Donations');
      await page.getByRole('link', { name: /^Update/ }).first().click();
      await page.waitForURL(/\/edit-donation\//);
      await page.getByRole('heading', { name: 'Update Donation' }).waitFor();
      const openMenu = page.getByRole('button', { name: 'Open dashboard menu' });
      if (await openMenu.isVisible()) await openMenu.click();
      const menu = page.getByRole('navigation', { name: 'Dashboard' }).filter({ visible: true });
      const current = menu.locator('[aria-current]');
      assert.deepEqual(await current.allInnerTexts(), ['My Donations']);
      assert.equal(await current.getAttribute('aria-current'), 'true', 'a section, not the page itself');
      await shot(page, `13-edit-donation-menu-${width}`);
    }));
  }
});

describe('long e-mails and the 404 page', () => {
  after(() => h.closeContexts());

  it('a long e-mail wraps after its @ or before a dot, on the profile and in the navbar card (320 px)', h.guard('e-mail', async () => {
    // Each part (between the break points) is short enough to be kept whole: 'rosalind', '.featherstone-{tag}@', ...
    const email = `rosalind.featherstone-${tag}@community-kitchens.example-charity.org`;
    const account = await registerUser({ email, name: 'Rosalind Featherstonehaugh' });
    const page = await h.context('long e-mail', PHONE_320);
    await signIn(page, account.email, account.password);
    await page.goto('/dashBoard/myProfile');
    // On the profile card and again in the Account section below it: each wraps the same way.
    const onProfile = page.locator('#main').getByText(email);
    await onProfile.first().waitFor();
    assert.ok(await fitsWidth(page), 'the profile scrolls sideways');
    /** Where the e-mail's lines end: the last character of each line but the last. @param {Locator} l */
    const lineEnds = (l) =>
      l.evaluate((el) => {
        const text = el.textContent ?? '';
        const tops = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < (node.textContent ?? '').length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            tops.push(Math.round(range.getBoundingClientRect().top));
          }
        }
        const ends = [];
        for (let i = 1; i < tops.length; i++) if ((tops[i] ?? 0) > (tops[i - 1] ?? 0)) ends.push(text.slice(0, i));
        return ends;
      });
    const shown = await onProfile.all();
    assert.equal(shown.length, 2, 'the e-mail on the profile card and in the Account section');
    for (const where of shown) {
      const ends = await lineEnds(where);
      assert.ok(ends.length > 0, 'the e-mail fits one line at 320 px: the test proves nothing');
      for (const end of ends) {
        const next = email.charAt(end.length);
        assert.ok(end.endsWith('@') || next === '.', `a line ends inside a name: "${end}" | "${email.slice(end.length)}"`);
      }
    }
    await shot(page, '13-profile-long-email-320');

    await page.getByRole('button', { name: 'Account: Rosalind Featherstonehaugh' }).click();
    const inCard = page.locator('header').getByText(email);
    await inCard.waitFor();
    for (const end of await lineEnds(inCard)) {
      assert.ok(end.endsWith('@') || email.charAt(end.length) === '.', `the navbar card breaks inside a name: "${end}"`);
    }
    const card = await inCard.evaluate((el) => {
      const r = el.closest('[id]')?.firstElementChild?.getBoundingClientRect();
      return r ? { left: r.left, right: r.right } : null;
    });
    assert.ok(card && card.left >= 0 && card.right <= 320, `the account card leaves the screen: ${JSON.stringify(card)}`);
    assert.ok(await fitsWidth(page), 'the open account card makes the page scroll sideways');
  }));

  for (const device of [PHONE_390, DESKTOP]) {
    const width = device.viewport.width;
    it(`the 404 page keeps the navbar and the footer (${width} px)`, h.guard(`404 ${width}`, async () => {
      const page = await h.context(`visitor ${width}`, device);
      await page.goto(`/no-such-page-${tag}`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 1, 'one navbar');
      assert.equal(await page.getByRole('contentinfo').count(), 1, 'one footer');
      await page.getByRole('link', { name: 'All Donations' }).filter({ visible: true }).or(page.getByRole('button', { name: 'Open menu' })).first().waitFor();
      await page.getByRole('link', { name: 'Go to Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/no-such-page-${tag}`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await shot(page, `13-not-found-${width}`, true);
    }));
  }
});

describe("the home page's carousel", () => {
  after(() => h.closeContexts());

  // It starts once the page is idle (its first measure is a forced layout): a press that comes first is not lost.
  it('answers its arrows and bullets from the first press (390 px)', h.guard('carousel', async () => {
    const page = await h.context('carousel', PHONE_390);
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Highlights' });
    const bullet = (/** @type {number} */ n) => carousel.getByRole('button', { name: new RegExp(`^Go to slide ${n}:`) });
    await carousel.getByRole('button', { name: 'Next slide', exact: true }).click();
    await eventually(async () => (await bullet(2).getAttribute('aria-current')) === 'true', { what: 'slide 2 current after Next' });
    await carousel.getByRole('button', { name: 'Pause slide rotation' }).click();
    await bullet(3).click();
    await eventually(async () => (await bullet(3).getAttribute('aria-current')) === 'true', { what: 'slide 3 current after its bullet' });
    assert.equal(await bullet(1).getAttribute('aria-current'), null);
  }));
});
