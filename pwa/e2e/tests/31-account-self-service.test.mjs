// @ts-check
// Issue 45.8, the account section of the profile pages: a new name and picture (still there after a reload), a new
// password (the old one no longer signs in, the new one does), a new e-mail through the link sent to it, the download
// of the account's data, and a restaurant deleting its account after the second question about its open donations
// (its sign-in then fails). On a 390 px phone, with axe and the keyboard's way in and out of the dialogs; once in
// Spanish. The mails are read from the server's output, so this file starts a server of its own (as 10 does).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createDonationInput, createRegisterInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, ARTIFACTS, DESKTOP, PHONE, apiAs, openHarness, signIn } from '../lib/browser.mjs';
import { checkFocusReturn } from '../lib/dialogs.mjs';
import { pngFile } from '../lib/images.mjs';
import { waitForMailedLink } from '../lib/mail-log.mjs';
import { uploadPicture } from '../lib/pwa.mjs';
import { ownServer } from '../lib/server.mjs';
import { axeProblems, fitsWidth } from '../lib/checks.mjs';

/** @typedef {import('playwright-core').Page} Page */

const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const h = await openHarness();
// Its own server: the tests read the links it prints.
const server = ownServer(h);

/** A new account, registered as the registration page does it. */
async function register() {
  const input = createRegisterInput();
  const res = await fetch(`${server.url}/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
  const text = await res.text();
  assert.equal(res.status, 201, `registration answered ${res.status}: ${text}`);
  return { ...input, id: /** @type {string} */ (JSON.parse(text).user._id) };
}

/** @param {string} label @param {import('playwright-core').BrowserContextOptions} [device] @param {import('playwright-core').BrowserContextOptions} [options] */
const open = (label, device = PHONE_390, options = {}) => h.context(label, device, { baseURL: server.url, ...options });

/** The account section of the profile page at `path`, once it is there. @param {Page} page @param {string} path */
async function accountSection(page, path, name = 'Account') {
  await page.goto(path);
  // Exact: the section's danger zone is a region of its own ('Delete account').
  const section = page.getByRole('region', { name, exact: true });
  await section.getByRole('button', { name: /Delete account|Eliminar cuenta/ }).waitFor();
  return section;
}

/**
 * What the login form does with these credentials: 'signed in' when it leaves /login, 'refused' when it says so.
 * @param {Page} page @param {string} email @param {string} password
 */
async function tryLogin(page, email, password) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  return Promise.race([
    page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/login')).then(() => 'signed in', () => 'no answer'),
    page.getByText('Wrong e-mail or password.').waitFor().then(() => 'refused', () => 'no answer'),
  ]);
}

describe('account self-service on the profile page', () => {

  it(
    'changes the name and picture on a 390 px phone, and they are still there after a reload',
    h.guard('name and picture', async () => {
      const account = await register();
      const page = await open('new name');
      await signIn(page, account.email, account.password);
      const section = await accountSection(page, '/dashBoard/myProfile');
      assert.ok(await fitsWidth(page), 'the profile page is no wider than the phone');
      assert.deepEqual(await axeProblems(page), [], 'axe on the profile page with its account section');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, '31-account-section-390.png'), fullPage: true });

      const opener = section.getByRole('button', { name: 'Edit name and picture' });
      assert.match(await checkFocusReturn(page, opener, { dismiss: 'Cancel', what: 'the name dialog' }), /Your name and picture/);
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Your name and picture' });
      assert.deepEqual(await axeProblems(page), [], 'axe with the name dialog open');
      const name = `Renamed ${Date.now().toString(36)}`;
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Profile picture').setInputFiles(pngFile('me.png', 48, 48, [180, 83, 9], [254, 243, 199]));
      await dialog.getByText('Uploaded. Choose another file to replace it.').waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await section.getByText('Your name and picture were saved.').waitFor();
      // The card above follows at once, without a reload.
      await page.getByRole('heading', { level: 2, name }).waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 2, name }).waitFor();
      const photo = page.getByRole('img', { name: new RegExp(name) }).first();
      assert.match((await photo.getAttribute('src')) ?? '', /^\/images\//, 'the profile shows the uploaded picture');
      assert.ok(await fitsWidth(page), 'still no sideways scroll');
    }),
  );

  it(
    'changes the password: a wrong current one is said beside it; afterwards the old one fails at sign-in and the new one works',
    h.guard('password', async () => {
      const account = await register();
      const page = await open('new password');
      await signIn(page, account.email, account.password);
      const section = await accountSection(page, '/dashBoard/myProfile');

      await section.getByRole('button', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change your password' });
      await dialog.getByLabel('Current password').fill('not-my-password');
      await dialog.getByLabel('New password').fill('changed-pass-42');
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await dialog.getByText('That password is not right.').waitFor();

      await dialog.getByLabel('Current password').fill(account.password);
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await section.getByText('Your password was changed. Your other devices were signed out.').waitFor();
      // This device carries on with the new session: still signed in after a reload.
      await page.reload();
      await page.getByRole('region', { name: 'Account', exact: true }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/dashBoard/myProfile');

      const other = await open('sign-in after the change', DESKTOP);
      assert.equal(await tryLogin(other, account.email, account.password), 'refused', 'the old password no longer signs in');
      assert.equal(await tryLogin(other, account.email, 'changed-pass-42'), 'signed in', 'the new password signs in');
    }),
  );

  it(
    'changes the e-mail through the link sent to the new address, and says so on the page the link opens',
    h.guard('e-mail', async () => {
      const account = await register();
      const newEmail = account.email.replace('@', '.new@');
      const page = await open('new e-mail');
      await signIn(page, account.email, account.password);
      const section = await accountSection(page, '/dashBoard/myProfile');

      await section.getByRole('button', { name: 'Change e-mail' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change your e-mail' });
      await dialog.getByLabel('New e-mail').fill(newEmail);
      await dialog.getByLabel('Current password').fill(account.password);
      await dialog.getByRole('button', { name: 'Send link' }).click();
      await section.getByText(`We sent a link to ${newEmail}. Open it to finish changing your e-mail.`).waitFor();

      // Sent before the server answered: the line naming the new address is there already.
      const link = await waitForMailedLink(server.output, { path: '/verify-email', email: newEmail });
      await page.goto(link);
      await page.getByText(`Your e-mail address is now ${newEmail} (it was ${account.email}). Use it to log in from now on.`).waitFor();
      const again = await accountSection(page, '/dashBoard/myProfile');
      await again.getByText(newEmail).first().waitFor();

      const other = await open('sign-in with the new address', DESKTOP);
      assert.equal(await tryLogin(other, account.email, account.password), 'refused', 'the old address no longer signs in');
      assert.equal(await tryLogin(other, newEmail, account.password), 'signed in', 'the new address signs in');
    }),
  );

  it(
    "downloads the account's data as a JSON file holding its e-mail",
    h.guard('download data', async () => {
      const account = await register();
      const page = await open('download');
      await signIn(page, account.email, account.password);
      const section = await accountSection(page, '/dashBoard/myProfile');

      const saved = page.waitForEvent('download');
      await section.getByRole('button', { name: 'Download my data' }).click();
      const file = await saved;
      assert.match(file.suggestedFilename(), /^foodbridge-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(await readFile(await file.path(), 'utf8'));
      assert.equal(data.account.email, account.email);
      assert.equal(data.account._id, account.id);
      await section.getByText(`Your data was saved as ${file.suggestedFilename()}.`).waitFor();
    }),
  );

  it(
    'deletes a restaurant with an open donation after the second question, signs out to the home page, and its sign-in then fails',
    h.guard('delete restaurant', async () => {
      const account = await register();
      const admin = await apiAs(ACCOUNTS.admin, undefined, { base: server.url });
      await admin.patch(`/users/role/${account.id}`, { role: 'restaurant' });
      const restaurant = await apiAs(account.email, account.password, { base: server.url });
      const image = await uploadPicture(restaurant, { base: server.url });
      const { insertedId } = await restaurant.post('/donations', createDonationInput({ title: `E2E soon withdrawn ${Date.now().toString(36)}`, image }));
      assert.ok(insertedId, 'the donation was posted');

      const page = await open('delete restaurant');
      await signIn(page, account.email, account.password);
      const section = await accountSection(page, '/dashBoard/restaurantProfile');
      assert.ok(await fitsWidth(page), 'the restaurant profile is no wider than the phone');
      // The restaurant's own Edit profile dialog changes its name: the section does not offer it twice.
      assert.equal(await section.getByRole('button', { name: 'Edit name and picture' }).count(), 0);

      const opener = section.getByRole('button', { name: 'Delete account' });
      await checkFocusReturn(page, opener, { dismiss: 'Keep my account', what: 'the delete dialog' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Your password').fill(account.password);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByRole('alert').getByText(/You have donations not yet picked up \(1\)\..*Delete anyway\?/).waitFor();
      assert.deepEqual(await axeProblems(page), [], 'axe at the second question');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, '31-delete-second-question-390.png') });
      await dialog.getByRole('button', { name: 'Delete anyway' }).click();

      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText('Account deleted').first().waitFor();
      await page.waitForFunction(() => localStorage.getItem('foodbridge.session') === null);
      assert.equal(await page.getByText('You have been signed out').count(), 0, 'no "signed out by the server" message for a deletion the person made');

      assert.equal(await tryLogin(page, account.email, account.password), 'refused', 'the deleted account no longer signs in');
    }),
  );

  it(
    "is in the reader's language: Spanish",
    h.guard('spanish', async () => {
      const account = await register();
      const page = await open('spanish', DESKTOP);
      await signIn(page, account.email, account.password);
      // The language menu is in the site's navbar (the dashboard has none); the choice is kept for the account.
      await page.goto('/');
      await page.getByRole('combobox', { name: 'Language' }).first().selectOption('es');
      await page.getByRole('link', { name: 'Panel' }).first().waitFor();
      const section = await accountSection(page, '/dashBoard/myProfile', 'Cuenta');
      await section.getByRole('heading', { name: 'Cuenta', exact: true }).waitFor();
      await section.getByRole('button', { name: 'Descargar mis datos' }).waitFor();
      await section.getByRole('button', { name: 'Eliminar cuenta' }).click();
      await page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' }).getByLabel('Tu contraseña').waitFor();
    }),
  );
});
