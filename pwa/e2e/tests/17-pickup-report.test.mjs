// @ts-check
// Issue 12, pickup report: a charity driver with no signal confirms a pickup with its report (part of it, a weight
// other than the listed one, a note); the report waits in the outbox through a reload, and once back online the
// server has it, exactly once: GET /impact's kilograms rise by the reported weight, not by the listed quantity (no
// route returns the report itself yet). Every try, from the page or its service worker, carried the report as its
// body under one Idempotency-Key. One test per step; a failed step skips the rest.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { ACCOUNTS, BASE_URL, DESKTOP, PHONE, apiAs, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { WITH_SW, createAcceptedDonation, offlineAndBack, pickupCard, pickupLog, serverDonation, sleep, syncStatus, waitForServiceWorker } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

const h = await openHarness();
const REPORT = { weightKg: 3.7, outcome: 'part', note: 'Two trays left for tomorrow' };
/** @typedef {import('playwright-core').Page} Page */
/**
 * Filled in as the steps go: a step runs only after every step before it passed.
 * @typedef {{
 *   page: Page, log: import('../lib/pwa.mjs').PickupLog, charity: import('../lib/browser.mjs').Api,
 *   donation: { id: string, title: string }, kgBefore: number, kgAfter: number,
 *   sent: { key: string | undefined, body: string | null, from: string }[], otherId: string,
 * }} State
 */
const state = /** @type {State} */ (/** @type {unknown} */ ({ sent: [] }));

/** The platform's kilograms rescued, as anyone reads them (public, and never cached by this client). */
async function kgRescued() {
  const res = await fetch(`${BASE_URL}/impact`);
  if (!res.ok) throw new Error(`GET /impact -> ${res.status}: ${await res.text()}`);
  return /** @type {import('@foodbridge/shared/schemas/impact').Impact} */ (await res.json()).kgRescued;
}

/** Tenths of a kilogram, the precision GET /impact answers with: no floating-point noise in the comparisons. */
const tenths = (/** @type {number} */ kg) => Math.round(kg * 10);

describe('pickup report: confirmed offline with a report, recorded once online', () => {
  after(() => h.close());
  const step = stepsOf(h, 'pickup-report');

  step('1. online: a donation of 5 kg accepted for the charity; My Pickups offers Confirm Pickup', async () => {
    state.donation = await createAcceptedDonation({ titlePrefix: 'E2E report' });
    state.charity = await apiAs(ACCOUNTS.charity);
    const listed = await serverDonation(state.charity, state.donation.id);
    assert.equal(listed?.unit, 'kg', 'the factory lists kilograms');
    assert.notEqual(listed?.quantity, REPORT.weightKg, 'the report weight differs from the listed quantity');
    state.kgBefore = await kgRescued();

    const page = (state.page = await h.context('charity', PHONE, WITH_SW));
    state.log = pickupLog(page.context());
    // Every confirmation that leaves the page or its worker, with its key and body as sent.
    page.context().on('request', (req) => {
      if (req.method() !== 'PATCH' || new URL(req.url()).pathname !== `/donations/pickup/${state.donation.id}`) return;
      state.sent.push({ key: req.headers()['idempotency-key'], body: req.postData(), from: req.serviceWorker() ? 'service worker' : 'page' });
    });
    await signIn(page, ACCOUNTS.charity);
    await waitForServiceWorker(page);
    await openFromMenu(page, 'My Pickups');
    await pickupCard(page, state.donation.title).getByRole('button', { name: 'Confirm Pickup' }).waitFor();
    await syncStatus(page).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 30_000 });
  });

  step('2. offline: the report is filled in and confirmed; it waits to sync, also after a reload', async () => {
    const { page } = state;
    await page.context().setOffline(true);
    await syncStatus(page).getByText('Offline').waitFor();
    const card = pickupCard(page, state.donation.title);
    await card.getByRole('button', { name: 'Confirm Pickup' }).click();

    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Confirm this pickup?' }).waitFor();
    const weight = dialog.getByLabel('Weight received (kg)');
    assert.equal(await weight.inputValue(), '5', 'the weight starts at the listed kilograms');
    await dialog.getByText('Part of it', { exact: true }).click();
    assert.equal(await dialog.getByRole('radio', { name: 'Part of it' }).isChecked(), true);

    // A weight the form refuses first: the message shows at the field, which is marked invalid and focused.
    await weight.fill('0');
    await dialog.getByRole('button', { name: 'Yes, confirm pickup' }).click();
    await dialog.getByText('Enter the weight picked up').waitFor();
    assert.equal(await weight.getAttribute('aria-invalid'), 'true');
    assert.equal(await weight.evaluate((el) => el === document.activeElement), true, 'the bad field has the focus');
    // The form with a message showing, as a screen reader meets it: nothing serious or critical.
    const axe = await new AxeBuilder({ page }).include('[role="alertdialog"]').analyze();
    const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(blocking.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], 'axe on the report form');

    await weight.fill(String(REPORT.weightKg));
    await dialog.getByLabel('Note (optional)').fill(`  ${REPORT.note}  `);
    await dialog.getByRole('button', { name: 'Yes, confirm pickup' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText(/waiting to sync/i).first().waitFor();
    await syncStatus(page).getByText('1 pickup waiting to sync').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'My Pickups' }).waitFor();
    await pickupCard(page, state.donation.title).getByText(/waiting to sync/i).first().waitFor();
    assert.equal((await serverDonation(state.charity, state.donation.id))?.status, 'Accepted', 'nothing reached the server while offline');
    assert.equal(tenths(await kgRescued()), tenths(state.kgBefore), 'the figures have not moved');
  });

  step('3. back online: the server has it Picked, and the kilograms rise by the reported weight exactly', async () => {
    const { page, log } = state;
    const { id } = state.donation;
    await page.context().setOffline(false);
    await eventually(async () => (await serverDonation(state.charity, id))?.status === 'Picked', {
      timeout: 15_000,
      interval: 200,
      what: `GET /donations/${id} to report Picked`,
    });
    state.kgAfter = await kgRescued();
    assert.equal(tenths(state.kgAfter - state.kgBefore), tenths(REPORT.weightKg), `kgRescued rose by the report's ${REPORT.weightKg} kg, not the listed 5`);

    await pickupCard(page, state.donation.title).getByText(/pickup confirmed/i).first().waitFor();
    assert.equal(log.applied(id), 1, `the server applied the confirmation once (calls: ${log.describe(id)})`);
    assert.ok(state.sent.length >= 1, 'the confirmation went out');
    assert.equal(new Set(state.sent.map((s) => s.key)).size, 1, `every try carried one Idempotency-Key (${JSON.stringify(state.sent)})`);
    console.log(`# sent: ${JSON.stringify(state.sent)}; calls: ${log.describe(id)}`);
    // Chromium does not hand Playwright the body of a request its service worker makes (postData() is null there);
    // the worker forwards the page's request as it is, and the kilograms above are what its body said.
    const readable = state.sent.filter((s) => s.body !== null);
    assert.ok(readable.some((s) => s.from === 'page'), 'the page sent the confirmation itself');
    for (const s of readable) assert.deepEqual(JSON.parse(s.body ?? 'null'), REPORT, `the ${s.from}'s request carried the report, note trimmed`);
  });

  step("3b. the home page's Platform Impact shows the new figure", async () => {
    // A visitor's fresh browser: GET /impact may be cached for a minute by a browser that read it before.
    const visitor = await h.context('visitor', PHONE);
    await visitor.goto('/');
    const food = visitor.locator('section[aria-labelledby="impact-heading"]');
    await food.getByText(`${state.kgAfter.toLocaleString('en')} kg`, { exact: true }).first().waitFor();
    assert.ok(state.kgAfter > state.kgBefore, 'the figure shown is the one after the pickup');
  });

  step('4. a reload and another offline/online change send nothing more: the figures stay', async () => {
    const { page, log } = state;
    await page.reload();
    await page.getByRole('heading', { name: 'My Pickups' }).waitFor();
    await offlineAndBack(page);
    await sleep(2000);
    assert.equal(tenths(await kgRescued()), tenths(state.kgAfter), 'kgRescued unchanged');
    assert.equal(log.applied(state.donation.id), 1, `still applied once (calls: ${log.describe(state.donation.id)})`);
  });

  step("5. the donation's details page asks for the same report: nothing collected, with its reason, counts 0 kg", async () => {
    const { page } = state;
    const other = await createAcceptedDonation({ titlePrefix: 'E2E report details' });
    const kgBefore = await kgRescued();
    await page.goto(`/donations/${other.id}`);
    await page.getByRole('heading', { name: other.title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Confirm Pickup' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Confirm this pickup?' }).waitFor();
    await dialog.getByText('Nothing', { exact: true }).click();
    await dialog.getByLabel('Why nothing?').selectOption('Nobody there');
    await dialog.getByRole('button', { name: 'Yes, confirm pickup' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(async () => (await serverDonation(state.charity, other.id))?.status === 'Picked', { what: `GET /donations/${other.id} to report Picked` });
    assert.equal(tenths(await kgRescued()), tenths(kgBefore), 'nothing collected adds no kilograms');

    // The donation's own history says so, folded until asked for.
    await page.reload();
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByText(/Pickup confirmed by .+ - nothing collected: Nobody there/).waitFor();
    await page.getByText(/^Request accepted by /).waitFor();
    state.otherId = other.id;
  });

  step("6. the admin's History screen finds the same change by donation and by kind, newest first", async () => {
    const admin = await h.context('admin', DESKTOP);
    await signIn(admin, ACCOUNTS.admin);
    await openFromMenu(admin, 'History');
    await admin.getByRole('heading', { name: 'History', level: 1 }).waitFor();
    await admin.getByLabel('Donation id').fill(state.otherId);
    await admin.getByLabel('Kind').selectOption('pickup.confirmed');
    await admin.getByRole('button', { name: 'Show' }).click();
    const list = admin.getByRole('list', { name: 'Changes, newest first' });
    await list.getByText(/Pickup confirmed by .+ - nothing collected: Nobody there/).waitFor();
    assert.equal(await list.getByRole('listitem').count(), 1, 'one pickup of that donation');
    // A filter the server refuses says why.
    await admin.getByLabel('Donation id').fill('not-an-id');
    await admin.getByRole('button', { name: 'Show' }).click();
    await admin.getByText('Invalid id', { exact: true }).waitFor();
  });
});
