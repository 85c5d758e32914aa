// @ts-check
// Issue 46, the Team page and the accept-invite page: the demo charity's coordinator (its founder and owner) invites a
// new address as a driver; a new person opens the e-mailed link signed out, registers with that address on a 390 px
// phone, comes back to the link and joins; the driver then has the charity's dashboard menu and reads the Team page
// and the charity's profile without their changes; the coordinator makes them a coordinator and a driver again, then removes them (asked first,
// focus back where it was). axe on the Team page and the accept page; the Team page once in Arabic, right to left.
// The invitation's link is read from the server's output, so this file starts a server of its own (as 10 and 31 do).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import { createRegisterInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, ARTIFACTS, DEMO_PASSWORD, DESKTOP, PHONE, apiAs, box, dismissToasts, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { checkFocusReturn } from '../lib/dialogs.mjs';
import { pngFile } from '../lib/images.mjs';
import { waitForMailedLink } from '../lib/mail-log.mjs';
import { ownServer } from '../lib/server.mjs';
import { stepsOf } from '../lib/steps.mjs';
import { wordsOf } from '../lib/words.mjs';
import { axeProblems, fitsWidth } from '../lib/checks.mjs';

/** @typedef {import('playwright-core').Page} Page */

const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const CHARITY = 'Hope Community Pantry';
const CHARITY_MENU = ['Home', 'Charity Profile', 'Team', 'My Requests', 'My Pickups', 'Received Donations', 'Standing Pickups', 'Request Charity Role', 'Favorites', 'My Reviews', 'Transaction History'];
const h = await openHarness();
// Its own server: the tests read the links it prints.
const server = ownServer(h);
const step = stepsOf(h, 'team');
const driver = createRegisterInput({ name: `Ravi Driver ${Date.now().toString(36)}` });
/** @type {{ coordinator: Page, driver: Page, link: string }} */
const state = /** @type {any} */ ({});

/** @param {string} label @param {import('playwright-core').BrowserContextOptions} [device] @param {import('playwright-core').BrowserContextOptions} [options] */
const open = (label, device = PHONE_390, options = {}) => h.context(label, device, { baseURL: server.url, ...options });
const coordinatorApi = () => apiAs(ACCOUNTS.charity, undefined, { base: server.url });

/** @param {Page} page @param {string} name */
async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `32-${name}.png`), fullPage: true });
}

/** The member's row on the Team page, found by their e-mail. @param {Page} page @param {string} email */
const memberRow = (page, email) =>
  page.getByRole('region', { name: /^Members/ }).getByRole('listitem').filter({ hasText: email });

/** The Team page's live region, where each change's result is written. @param {Page} page @param {string} text */
const said = (page, text) => page.locator('[aria-live="polite"]').getByText(text, { exact: true }).waitFor();

/** The dashboard menu's links, as a phone shows them in its drawer. @param {Page} page */
async function menuLinks(page) {
  if (!new URL(page.url()).pathname.startsWith('/dashBoard')) await page.goto('/dashBoard');
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Open dashboard menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Dashboard' }).filter({ visible: true });
  await nav.waitFor();
  const names = (await nav.getByRole('link').allTextContents()).map((t) => t.trim()).filter((t) => t !== 'Back to site');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Dashboard menu' }).waitFor({ state: 'hidden' });
  return names;
}

describe('the Team page and the accept-invite page', () => {

  step('1. the coordinator opens Team beside the charity profile and invites a new address as a driver (390 px)', async () => {
    const page = (state.coordinator = await open('coordinator'));
    await signIn(page, ACCOUNTS.charity);
    assert.deepEqual(await menuLinks(page), CHARITY_MENU, "the charity's menu, Team beside its profile");
    await openFromMenu(page, 'Team');
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    const founder = memberRow(page, ACCOUNTS.charity);
    await founder.getByText('Owner', { exact: true }).waitFor();
    await founder.getByText('Coordinator', { exact: true }).waitFor();
    await page.getByText(/One person belongs to one organisation only/).waitFor();

    const form = page.getByRole('region', { name: 'Invite someone' });
    const role = form.getByLabel('Role');
    assert.deepEqual((await role.locator('option').allTextContents()).map((t) => t.trim()), ['Coordinator', 'Driver'], "the charity's two roles");
    assert.equal(await role.inputValue(), 'driver');
    await form.getByLabel('E-mail address').fill(driver.email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await said(page, `Invitation sent to ${driver.email}.`);
    await page.getByRole('region', { name: 'Waiting invitations' }).getByText(/Driver · sent by/).waitFor();

    assert.ok(await fitsWidth(page), 'the Team page is no wider than the phone');
    assert.deepEqual(await axeProblems(page), [], "axe on the coordinator's Team page");
    await shot(page, 'team-coordinator-390');
  });

  step('2. signed out, the link explains and offers Log in and Register; registering brings the person back to it', async () => {
    state.link = await waitForMailedLink(server.output, { path: '/accept-invite', email: driver.email });
    const page = (state.driver = await open('invitee'));
    await page.goto(state.link);
    await page.getByRole('heading', { name: 'Join a team' }).waitFor();
    await page.getByText('Log in with the e-mail address the invitation was sent to', { exact: false }).waitFor();
    assert.deepEqual(await axeProblems(page), [], 'axe on the accept page, signed out');
    assert.ok(await fitsWidth(page), 'the accept page is no wider than the phone');
    await shot(page, 'accept-signed-out-390');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/registration');
    await page.getByLabel(/name/i).first().fill(driver.name);
    await page.getByLabel('Profile picture').setInputFiles(pngFile('ravi.png', 48, 48, [22, 101, 52], [254, 243, 199]));
    await page.getByLabel(/e-?mail/i).fill(driver.email);
    await page.getByLabel('Password', { exact: true }).fill(driver.password);
    const register = page.getByRole('button', { name: 'Register' });
    await eventually(() => register.isEnabled(), { what: 'the register button to be enabled' });
    await register.click();

    await page.waitForURL((url) => url.pathname === '/accept-invite' && url.search === new URL(state.link, server.url).search);
    await page.getByText(`You are signed in as ${driver.email}.`).waitFor();
    assert.deepEqual(await axeProblems(page), [], 'axe on the accept page, signed in');
    await shot(page, 'accept-signed-in-390');
  });

  step("3. Join: the Team page opens with a toast, and the account has the charity's role without signing out", async () => {
    const page = state.driver;
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashBoard/team');
    await page.getByText(`You joined ${CHARITY}`).first().waitFor();
    await page.getByText('You are in the team as driver.').first().waitFor();
    const me = await (await apiAs(driver.email, driver.password, { base: server.url })).get('/users/me');
    assert.equal(me.role, 'charity', 'the account took the organisation’s kind as its role');
  });

  step('4. the driver reads the Team page without its changes, and has the charity’s dashboard menu', async () => {
    const page = state.driver;
    const mine = memberRow(page, driver.email);
    await mine.getByText('(you)').waitFor();
    await mine.getByText('Driver', { exact: true }).waitFor();
    await page.getByText('Only coordinators invite people and change roles in the team.').waitFor();
    assert.equal(await page.getByRole('region', { name: 'Invite someone' }).count(), 0, 'no invite form');
    assert.equal(await page.getByRole('button', { name: /^(Make coordinator|Make driver|Make owner|Remove)$/ }).count(), 0, 'no changes offered');
    await page.getByRole('button', { name: 'Leave the team' }).waitFor();
    assert.deepEqual(await menuLinks(page), CHARITY_MENU, "the driver's menu is the charity's, Team included");
    assert.ok(await fitsWidth(page), "the driver's Team page is no wider than the phone");
    assert.deepEqual(await axeProblems(page), [], "axe on the driver's Team page");
    await shot(page, 'team-driver-390');
  });

  step("4b. the driver's Charity Profile is the charity's, with its changes left to the coordinators", async () => {
    const page = state.driver;
    await openFromMenu(page, 'Charity Profile');
    await page.getByRole('heading', { level: 2, name: CHARITY }).waitFor();
    await page.getByText("Only the charity's coordinators change its profile.").waitFor();
    assert.equal(await page.getByRole('button', { name: 'Edit profile' }).count(), 0, 'no Edit profile for a driver');
    // Their own name and picture are theirs to change, in the Account section.
    await page.getByRole('region', { name: 'Account' }).getByText(driver.name).waitFor();
    assert.deepEqual(await axeProblems(page), [], "axe on the driver's Charity Profile");
  });

  step('5. the coordinator makes the driver a coordinator, then a driver again', async () => {
    const page = state.coordinator;
    await page.reload();
    const row = memberRow(page, driver.email);
    await row.getByText('Driver', { exact: true }).waitFor();
    const api = await coordinatorApi();
    /** @returns {Promise<string | undefined>} */
    const roleOnServer = async () => (await api.get('/organisations/mine')).members.find((/** @type {{ email: string }} */ m) => m.email === driver.email)?.role;

    await row.getByRole('button', { name: 'Make coordinator' }).click();
    await said(page, `${driver.name} is now in the team as coordinator.`);
    await row.getByText('Coordinator', { exact: true }).waitFor();
    assert.equal(await roleOnServer(), 'coordinator');

    // The same button, now for the other role, keeps the focus.
    const back = row.getByRole('button', { name: 'Make driver' });
    await eventually(() => back.evaluate((el) => el === document.activeElement), { what: 'focus kept on the role button' });
    await back.click();
    await said(page, `${driver.name} is now in the team as driver.`);
    assert.equal(await roleOnServer(), 'driver');
  });

  step('6. the coordinator removes the driver, asked first; focus comes back from the question, then to the list', async () => {
    const page = state.coordinator;
    const row = memberRow(page, driver.email);
    const remove = row.getByRole('button', { name: 'Remove' });
    const title = await checkFocusReturn(page, remove, { dismiss: 'Cancel', what: 'the remove question' });
    assert.equal(title, `Remove ${driver.name} from ${CHARITY}?`);

    await remove.click();
    const question = page.getByRole('alertdialog', { name: `Remove ${driver.name} from ${CHARITY}?` });
    assert.deepEqual(await axeProblems(page), [], 'axe with the remove question open');
    await question.getByRole('button', { name: 'Remove from the team' }).click();
    await said(page, `${driver.name} is no longer in the team.`);
    await eventually(async () => (await row.count()) === 0, { what: 'the row to go' });
    await eventually(() => page.getByRole('heading', { name: /^Members/ }).evaluate((el) => el === document.activeElement), { what: 'focus on the members heading' });

    const members = (await (await coordinatorApi()).get('/organisations/mine')).members;
    assert.equal(members.some((/** @type {{ email: string }} */ m) => m.email === driver.email), false, 'no longer a member on the server');
    const me = await (await apiAs(driver.email, driver.password, { base: server.url })).get('/users/me');
    assert.equal(me.role, 'user', 'a plain account again');
  });

  step('7. in Arabic the Team page has its heading in Arabic and is laid out right to left', async () => {
    const t = wordsOf('ar');
    // The browser's language decides: the demo account has chosen none (nor is one saved to it from here).
    const page = await open('arabic', DESKTOP, { locale: 'ar-EG' });
    await page.goto('/login');
    await page.getByLabel(t('auth.email')).fill(ACCOUNTS.charity);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/login'));
    await page.goto('/dashBoard/team');
    const heading = page.getByRole('heading', { level: 1, name: t('team.title') });
    await heading.waitFor();
    assert.notEqual(t('team.title'), 'Team');
    await page.getByRole('button', { name: t('team.invite.send') }).waitFor();
    assert.deepEqual(await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })), { lang: 'ar', dir: 'rtl' });
    // The side menu is the grid's first column: on the right in a right-to-left page.
    const menu = await box(page.getByRole('navigation', { name: t('menu.navLabel') }).filter({ visible: true }));
    const title = await box(heading);
    assert.ok(menu.x > title.x, `the side menu (x ${menu.x}) is right of the page (x ${title.x})`);
    assert.deepEqual(await axeProblems(page), [], 'axe on the Arabic Team page');
    await shot(page, 'team-arabic');
  });
});
