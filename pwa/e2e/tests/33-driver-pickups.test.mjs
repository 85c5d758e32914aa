// @ts-check
// Issue 46 from end to end, on two 390 px phones: the demo charity's coordinator invites a driver from the Team page;
// the driver opens the e-mailed link signed in and joins; on My Pickups the driver finds a new pickup under Unclaimed,
// takes it and finds it under Mine; the coordinator gives it to nobody and back to the driver from its card, the
// driver's phone following; the driver confirms it with no signal, with a weight, and once back online the server has
// it Picked once, by that driver, with the report; a wrong tap is undone and confirmed again; the coordinator's
// dashboard counts the kilograms for that driver; removed from the team, the driver's phone loses the charity's
// pickups at its next sync. axe on every page. The invitation's link is read from the server's output, so this file
// starts a server of its own (as 10, 31 and 32 do).
// (32 tries the Team page's other changes, and registering from the link.)
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import { createRegisterInput } from '@foodbridge/shared/testing/factories';
import { ACCOUNTS, ARTIFACTS, PHONE, apiAs, dismissToasts, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { waitForMailedLink } from '../lib/mail-log.mjs';
import { createAcceptedDonation, localDocs, pickupCard, pickupLog, serverDonation, syncStatus } from '../lib/pwa.mjs';
import { ownServer } from '../lib/server.mjs';
import { stepsOf } from '../lib/steps.mjs';
import { axeProblems, fitsWidth } from '../lib/checks.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */
/** @typedef {import('../lib/browser.mjs').Api} Api */

const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const WEIGHT_KG = '4.2';
const h = await openHarness();
// Its own server: the tests read the links it prints.
const server = ownServer(h);
const step = stepsOf(h, 'driver-pickups');
const driver = createRegisterInput({ name: `Ravi Driver ${Date.now().toString(36)}` });
/**
 * Filled in as the steps go: a step runs only after every step before it passed.
 * @type {{ coordinatorApi: Api, driverApi: Api, donation: { id: string, title: string }, driverPage: Page, coordinatorPage: Page,
 *   log: ReturnType<typeof pickupLog> }}
 */
const state = /** @type {any} */ ({});

/** @param {Page} page @param {string} name */
async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `33-${name}.png`), fullPage: true });
}

/** A tab of the driver's page, by the words before its count ('Mine (1)'). @param {Page} page @param {'Mine' | 'Unclaimed'} name */
const tab = (page, name) => page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) });

/** Opens a tab (if not open) and waits for its panel. @param {Page} page @param {'Mine' | 'Unclaimed'} name */
async function openTab(page, name) {
  const t = tab(page, name);
  if ((await t.getAttribute('aria-selected')) !== 'true') await t.click();
  await eventually(async () => (await t.getAttribute('aria-selected')) === 'true', { what: `the ${name} tab to open` });
}

/** The pickup's card in the open tab (or list). @param {Page} page */
const card = (page) => pickupCard(page, state.donation.title);

/** The pickup as the server has it. */
const onServer = () => serverDonation(state.coordinatorApi, state.donation.id);

/** The page's result line for screen readers. @param {Page} page @param {string} text */
// `first()`: a result said twice (two changes in a row) is in the region twice for a moment.
const said = (page, text) => page.locator('[aria-live="polite"]').getByText(text, { exact: true }).first().waitFor({ state: 'attached' });

/** Whether the keyboard's focus is on something of the page rather than its body. @param {Page} page */
const focusKept = (page) => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body);

describe("a charity's team from invitation to removal: a driver's My Pickups and the coordinator's assignment", () => {

  step('1. the coordinator invites the driver from the Team page; the driver opens the link signed in and joins (390 px)', async () => {
    const base = server.url;
    const res = await fetch(`${base}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(driver) });
    assert.equal(res.status, 201, `POST /auth/register: ${await res.text()}`);
    state.coordinatorApi = await apiAs(ACCOUNTS.charity, undefined, { base });
    state.driverApi = await apiAs(driver.email, driver.password, { base });

    const coordinator = (state.coordinatorPage = await h.context('coordinator', PHONE_390, { baseURL: base }));
    await signIn(coordinator, ACCOUNTS.charity);
    await openFromMenu(coordinator, 'Team');
    const form = coordinator.getByRole('region', { name: 'Invite someone' });
    await form.getByLabel('E-mail address').fill(driver.email);
    await form.getByLabel('Role').selectOption('driver');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await said(coordinator, `Invitation sent to ${driver.email}.`);

    const link = await waitForMailedLink(server.output, { path: '/accept-invite', email: driver.email });
    const page = (state.driverPage = await h.context('driver', PHONE_390, { baseURL: base }));
    state.log = pickupLog(page.context());
    await signIn(page, driver.email, driver.password);
    await page.goto(link);
    await page.getByText(`You are signed in as ${driver.email}.`).waitFor();
    assert.deepEqual(await axeProblems(page), [], 'axe on the accept page');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashBoard/team');
    await page.getByText('You are in the team as driver.').first().waitFor();
    const team = await state.coordinatorApi.get('/organisations/mine');
    assert.equal(team.members.find((/** @type {{ email: string }} */ m) => m.email === driver.email)?.role, 'driver');

    state.donation = await createAcceptedDonation({ base, titlePrefix: 'E2E driver run' });
    const d = await onServer();
    assert.equal(d?.status, 'Accepted');
    assert.equal(d?.assigneeName, undefined, 'nobody has it yet');
  });

  step('2. the driver (390 px) finds it under Unclaimed, Mine first; axe finds nothing serious', async () => {
    const page = state.driverPage;
    await dismissToasts(page);
    await openFromMenu(page, 'My Pickups');
    await page.getByRole('heading', { level: 1, name: 'My Pickups' }).waitFor();
    // The tabs come once the page knows the account is a driver (GET /organisations/mine).
    await tab(page, 'Unclaimed').waitFor();
    assert.deepEqual(
      (await page.getByRole('tab').allTextContents()).map((t) => t.replace(/\(\d+\)/, '').trim()),
      ['Mine', 'Unclaimed'],
      'two tabs, Mine first',
    );
    assert.equal(await tab(page, 'Mine').getAttribute('aria-selected'), 'true', 'Mine is open first');
    await page.getByText('You have no pickups yet. Take one under Unclaimed.').waitFor();

    await openTab(page, 'Unclaimed');
    await card(page).waitFor({ timeout: 30_000 });
    await card(page).getByText('Nobody has it yet').waitFor();
    await card(page).getByRole('button', { name: 'Confirm Pickup' }).waitFor();
    await syncStatus(page).getByText('Online').waitFor();
    assert.ok(await fitsWidth(page), 'My Pickups is no wider than the phone');
    assert.deepEqual(await axeProblems(page), [], "axe on the driver's Unclaimed tab");
    await shot(page, 'driver-unclaimed-390');
  });

  step('3. Take this pickup: the server names the driver, the card moves to Mine, the focus stays in the page', async () => {
    const page = state.driverPage;
    await card(page).getByRole('button', { name: /^Take this pickup/ }).click();
    await said(page, `You have ${state.donation.title} now. It is under Mine.`);
    await eventually(async () => (await card(page).count()) === 0, { what: 'the card to leave Unclaimed' });
    await eventually(() => focusKept(page), { what: 'the focus to stay in the page (not its body) when the card leaves' });
    const d = await onServer();
    assert.equal(d?.status, 'Assigned');
    assert.equal(d?.assigneeName, driver.name);

    await dismissToasts(page);
    await openTab(page, 'Mine');
    await card(page).getByText('You have it').waitFor();
    await card(page).getByRole('button', { name: 'Confirm Pickup' }).waitFor();
    assert.equal(await card(page).getByRole('button', { name: /^Take this pickup/ }).count(), 0, 'nothing to take on one’s own pickup');
    assert.deepEqual(await axeProblems(page), [], "axe on the driver's Mine tab");
    await shot(page, 'driver-mine-390');
  });

  step('4. the coordinator sees who has it, and gives it to nobody, then back to the driver, from its card', async () => {
    const page = state.coordinatorPage;
    await dismissToasts(page);
    await openFromMenu(page, 'My Pickups');
    await card(page).getByText(`${driver.name} has it`).waitFor({ timeout: 30_000 });
    assert.equal(await page.getByRole('tab').count(), 0, 'a coordinator has every pickup in one list');
    const choice = card(page).getByLabel('Give it to');
    await eventually(async () => (await choice.locator('option:checked').textContent()) === `${driver.name} (driver)`, { what: 'the choice to show the driver' });
    assert.deepEqual(await axeProblems(page), [], "axe on the coordinator's My Pickups");
    assert.ok(await fitsWidth(page), "the coordinator's My Pickups is no wider than the phone");
    await shot(page, 'coordinator-390');

    await choice.selectOption({ label: 'Nobody' });
    await said(page, `Nobody has ${state.donation.title} now: any driver can take it.`);
    await card(page).getByText('Nobody has it yet').waitFor();
    let d = await onServer();
    assert.equal(d?.status, 'Accepted');
    assert.equal(d?.assigneeName, undefined);
    // The driver's phone follows through replication: the pickup is unclaimed again.
    const phone = state.driverPage;
    await eventually(async () => (await tab(phone, 'Mine').textContent()) === 'Mine (0)', { timeout: 20_000, what: "the driver's Mine to empty" });

    await choice.selectOption({ label: `${driver.name} (driver)` });
    await said(page, `${driver.name} has ${state.donation.title} now.`);
    await card(page).getByText(`${driver.name} has it`).waitFor();
    d = await onServer();
    assert.equal(d?.status, 'Assigned');
    assert.equal(d?.assigneeName, driver.name);
    await eventually(async () => (await tab(phone, 'Mine').textContent()) === 'Mine (1)', { timeout: 20_000, what: "the pickup back in the driver's Mine" });
  });

  step('5. offline, the driver confirms it with a weight; back online, the server has it Picked once, with the report', async () => {
    const page = state.driverPage;
    await dismissToasts(page);
    await openTab(page, 'Mine');
    await card(page).getByText('You have it').waitFor();
    await page.context().setOffline(true);
    await syncStatus(page).getByText('Offline').waitFor();

    await card(page).getByRole('button', { name: 'Confirm Pickup' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Weight received (kg)').fill(WEIGHT_KG);
    await dialog.getByRole('button', { name: 'Yes, confirm pickup' }).click();
    await card(page).getByText(/waiting to sync/i).first().waitFor();
    assert.equal((await onServer())?.status, 'Assigned', 'nothing reached the server while offline');

    await page.context().setOffline(false);
    const picked = await eventually(
      async () => {
        const d = await onServer();
        return d?.status === 'Picked' ? d : false;
      },
      { timeout: 15_000, interval: 250, what: `GET /donations/${state.donation.id} to report Picked` },
    );
    assert.equal(picked.assigneeName, driver.name, 'still the driver’s pickup');
    const stored = await state.coordinatorApi.get(`/donations/${state.donation.id}/pickup-report`);
    assert.equal(stored.report?.weightKg, Number(WEIGHT_KG), 'the reported weight');
    assert.equal(stored.report?.outcome, 'all');
    await card(page).getByText(/pickup confirmed/i).first().waitFor();
    assert.equal(state.log.applied(state.donation.id), 1, `applied once (calls: ${state.log.describe(state.donation.id)})`);
    assert.equal(state.log.keysOf(state.donation.id).length, 1, 'one Idempotency-Key');
  });
  step('5b. a wrong tap: the driver undoes the confirmation (back under Mine to confirm), then confirms it again', async () => {
    const page = state.driverPage;
    await dismissToasts(page);
    const undo = card(page).getByRole('button', { name: `Undo pickup ${state.donation.title}` });
    // From the keyboard: the confirmation's own toast may come up over the card at any moment (a pointer's click would
    // land on it), and a keyboard user undoes it this way too.
    await undo.focus();
    await page.keyboard.press('Enter');
    await said(page, `${state.donation.title} is waiting to be collected again.`);
    const d = await onServer();
    assert.equal(d?.status, 'Assigned', 'the driver has it again');
    assert.equal(d?.pickupDate, undefined);
    await card(page).getByRole('button', { name: 'Confirm Pickup' }).waitFor();
    assert.deepEqual(await axeProblems(page), [], 'axe after the undoing');

    await dismissToasts(page);
    await card(page).getByRole('button', { name: 'Confirm Pickup' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Weight received (kg)').fill(WEIGHT_KG);
    await dialog.getByRole('button', { name: 'Yes, confirm pickup' }).click();
    await eventually(async () => (await onServer())?.status === 'Picked', { timeout: 15_000, interval: 250, what: 'Picked again' });
    const history = await state.coordinatorApi.get(`/donations/${state.donation.id}/history`);
    assert.deepEqual(
      history.filter((/** @type {{ kind: string }} */ h) => h.kind.startsWith('pickup.confirmed') || h.kind === 'pickup.undone').map((/** @type {{ kind: string }} */ h) => h.kind),
      ['pickup.confirmed', 'pickup.undone', 'pickup.confirmed'],
      'the history keeps both confirmations and the undoing, newest first',
    );
  });

  step("6. the coordinator's dashboard counts the driver's kilograms", async () => {
    const page = state.coordinatorPage;
    await dismissToasts(page);
    await page.goto('/dashBoard');
    const members = page.getByRole('region', { name: 'Kilograms collected by each member, last 12 months' });
    await members.getByRole('button', { name: 'Show as table' }).click();
    const row = members.getByRole('row').filter({ hasText: driver.name });
    await row.getByText(`${WEIGHT_KG} kg`, { exact: true }).waitFor();
    const figures = await state.coordinatorApi.get('/dashboard');
    assert.equal(figures.byMember.find((/** @type {{ name: string }} */ m) => m.name === driver.name)?.totalKg, Number(WEIGHT_KG));
    assert.ok(await fitsWidth(page), 'the dashboard is no wider than the phone');
    assert.deepEqual(await axeProblems(page), [], "axe on the coordinator's dashboard");
    await shot(page, 'coordinator-dashboard-390');
  });

  step("7. removed from the team, the driver's phone loses the charity's pickups at its next sync", async () => {
    const page = state.driverPage;
    const pickup = await createAcceptedDonation({ base: server.url, titlePrefix: 'E2E after removal' });
    await page.goto('/dashBoard/myPickups');
    await openTab(page, 'Unclaimed');
    await pickupCard(page, pickup.title).waitFor({ timeout: 30_000 });
    const held = async () => (await localDocs(page, 'donations')).filter((d) => d._id === pickup.id || d._id === state.donation.id).length;
    assert.equal(await held(), 2, 'both pickups are on the phone before');

    const { userId } = (await state.coordinatorApi.get('/organisations/mine')).members.find((/** @type {{ email: string }} */ m) => m.email === driver.email);
    await state.coordinatorApi.del(`/organisations/mine/members/${userId}`);
    // The session ended with the membership: the server ends the phone's streams within a heartbeat (15 s), their
    // reconnection is refused, and the app signs out and removes its store.
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/login', { timeout: 45_000 });
    await eventually(async () => (await held()) === 0, { timeout: 15_000, what: "the charity's pickups to leave the phone" });
    await assert.rejects(state.driverApi.get('/users/me'), /-> 401/, 'the old session is over');
  });
});
