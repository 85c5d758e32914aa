// @ts-check
// Issue 5, "Done when" 4: a confirmation queued offline for a donation that was reassigned meanwhile ends as a
// visible refusal on the driver's screen, not lost, and the outbox is empty. The reassignment is the real one: two
// charities requested the donation and the driver's was accepted; while the driver is offline the admin deletes the
// accepted request (the donation is Verified again and the other request Pending again) and the restaurant accepts
// the other charity's request. (A donation picked up from another device and then deleted was a second variant; a
// collected donation can no longer be deleted, issue 50.)
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { ACCOUNTS, PHONE, apiAs, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import {
  WITH_SW,
  createAcceptedDonation,
  outboxEntries,
  pickupCard,
  pickupLog,
  registerCharity,
  serverDonation,
  sleep,
  syncStatus,
  waitForServiceWorker,
} from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

const h = await openHarness();
after(() => h.close());
const tag = Date.now().toString(36);

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('../lib/browser.mjs').Api} Api */
/** @typedef {import('../lib/pwa.mjs').AcceptedDonation & { rival?: Api & { email: string } }} Donation */

/** The refusal card of this donation's confirmation on My Pickups. */
const refusalOf = (/** @type {Page} */ page, /** @type {string} */ title) => page.getByTestId('pickup-refusal').filter({ hasText: title }).first();

/**
 * One scenario as numbered steps (a failed step skips the rest). `prepare` makes the donation given to the seeded
 * charity, `meanwhile` changes it on the server while the driver is offline.
 * @param {string} name
 * @param {{
 *   titlePrefix: string,
 *   prepare: () => Promise<Donation>,
 *   meanwhile: (state: { donation: Donation, charity: Api }) => Promise<void>,
 * }} scenario
 */
function scenario(name, { titlePrefix, prepare, meanwhile }) {
  describe(name, () => {
    /**
     * Filled in as the steps go: a step runs only after every step before it passed.
     * @typedef {{ page: Page, log: import('../lib/pwa.mjs').PickupLog, donation: Donation, charity: Api, reason: string }} State
     */
    const state = /** @type {State} */ ({});
    const step = stepsOf(h, `pickup-refusal ${titlePrefix}`);

    step('1. offline, the driver confirms a pickup: it waits to sync', async () => {
      state.donation = await prepare();
      state.charity = await apiAs(ACCOUNTS.charity);
      const page = (state.page = await h.context(`charity ${titlePrefix}`, PHONE, WITH_SW));
      state.log = pickupLog(page.context());
      await signIn(page, ACCOUNTS.charity);
      await waitForServiceWorker(page);
      await openFromMenu(page, 'My Pickups');
      await syncStatus(page).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 30_000 });
      const card = pickupCard(page, state.donation.title);
      await card.getByRole('button', { name: 'Confirm Pickup' }).waitFor();

      await page.context().setOffline(true);
      await syncStatus(page).getByText('Offline').waitFor();
      await card.getByRole('button', { name: 'Confirm Pickup' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.or(card.getByText(/waiting to sync/i)).first().waitFor();
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: /confirm/i }).click();
      await card.getByText(/waiting to sync/i).first().waitFor();
      await syncStatus(page).getByText('1 pickup waiting to sync').waitFor();
      const queued = await outboxEntries(page);
      assert.deepEqual(
        queued.map((e) => [e.donationId, e.state]),
        [[state.donation.id, 'pending']],
        'one confirmation waits in the outbox',
      );
    });

    step('2. meanwhile, on the server, the donation changes hands', async () => {
      await meanwhile(state);
      // Once verified, a donation stays readable (a deleted one does not): it is no longer this charity's, and the
      // other charity's e-mail is not shown.
      const seen = await serverDonation(state.charity, state.donation.id);
      assert.notEqual(seen?.charityEmail, ACCOUNTS.charity, 'the donation is no longer given to the driver');
      assert.equal(seen?.charityEmail, undefined, "another charity's e-mail is not shown to the driver");
      // What the server now answers the driver's charity for this pickup (another key: a refusal stores nothing).
      const probe = await state.charity.raw('PATCH', `/donations/pickup/${state.donation.id}`, {
        headers: { 'Idempotency-Key': `probe-${titlePrefix}-${tag}` },
      });
      assert.ok(probe.status >= 400 && probe.status < 500 && ![401, 408, 429].includes(probe.status), `a refusal, not a retry: ${probe.status}`);
      assert.ok(probe.data?.message, `the refusal has a reason: ${JSON.stringify(probe.data)}`);
      state.reason = probe.data.message;
    });

    step('3. back online: the refusal shows with the server reason and nothing waits any more', async () => {
      const { page, log } = state;
      const { id, title } = state.donation;
      await page.context().setOffline(false);
      const refusal = refusalOf(page, title);
      await refusal.waitFor({ timeout: 15_000 });
      const text = (await refusal.textContent()) ?? '';
      assert.ok(text.includes(state.reason), `the refusal gives the server's reason "${state.reason}": "${text}"`);
      await eventually(async () => !((await syncStatus(page).textContent()) ?? '').includes('waiting to sync'), {
        what: 'the status line to stop reporting pickups waiting to sync',
      });
      assert.ok(
        log.calls.some((c) => c.id === id && c.status >= 400 && c.status < 500),
        `the queued confirmation reached the server and was refused (calls: ${log.describe(id)})`,
      );
      assert.equal(log.applied(id), 0, 'the queued confirmation changed nothing');
      assert.deepEqual(
        (await outboxEntries(page)).map((e) => [e.donationId, e.state, e.refusal]),
        [[id, 'refused', state.reason]],
        'the outbox keeps the refusal, and nothing pending',
      );

      // Still there after a reload: a refusal is kept until the driver has seen it and dismissed it.
      await page.reload();
      await page.getByRole('heading', { name: 'My Pickups' }).waitFor();
      await refusalOf(page, title).waitFor();
    });

    step('4. Dismiss: the refusal goes, for good, and the outbox is empty', async () => {
      const { page } = state;
      const { title } = state.donation;
      const refusal = refusalOf(page, title);
      await refusal.getByRole('button', { name: 'Dismiss' }).click();
      await refusal.waitFor({ state: 'detached' });
      await eventually(async () => (await outboxEntries(page)).length === 0, { what: 'the outbox to be empty' });
      await page.reload();
      await page.getByRole('heading', { name: 'My Pickups' }).waitFor();
      await syncStatus(page).getByText('Online').waitFor();
      await sleep(1000);
      assert.equal(await page.getByTestId('pickup-refusal').count(), 0, 'the dismissed refusal does not come back after a reload');
      assert.equal(await pickupCard(page, title).count(), 0, 'the donation is no longer among the driver\'s pickups');
      assert.ok(!((await syncStatus(page).textContent()) ?? '').includes('waiting to sync'), 'nothing waits to sync');
      assert.deepEqual(await outboxEntries(page), [], 'the outbox is empty');
    });
  });
}

scenario('pickup refusal: the donation was reassigned to another charity meanwhile', {
  titlePrefix: 'E2E reassigned',
  async prepare() {
    const rival = await registerCharity();
    const donation = await createAcceptedDonation({ tag, titlePrefix: 'E2E reassigned', rivals: [rival] });
    return { ...donation, rival };
  },
  async meanwhile({ donation }) {
    const { rival } = donation;
    assert.ok(rival, 'prepare registered the rival charity');
    const admin = await apiAs(ACCOUNTS.admin);
    const restaurant = await apiAs(ACCOUNTS.restaurant);
    const deleted = await admin.del(`/donation-requests/${donation.requestId}`);
    assert.deepEqual(deleted, { deletedCount: 1, reopenedCount: 1 }, 'the accepted request is gone, the rival one Pending again');
    assert.equal((await serverDonation(admin, donation.id))?.status, 'Verified');
    await restaurant.patch(`/donation-requests/accept/${donation.rivalRequestIds[0]}`);
    const now = await serverDonation(rival, donation.id);
    assert.equal(now?.status, 'Accepted');
    assert.equal(now?.charityEmail, rival.email, 'the donation now belongs to the other charity');
  },
});
