// Issue 5, "Done when" 4: a confirmation queued offline for a donation that changed hands meanwhile ends as a
// visible refusal on the driver's screen, not lost, and the outbox is empty. What the API allows for "meanwhile":
// an Accepted donation cannot be deleted, so while the driver is offline the pickup is confirmed from another
// device (with another Idempotency-Key) and the admin then deletes the picked donation; the driver's queued
// confirmation then finds no donation (404) when it reaches the server.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ACCOUNTS, PHONE, apiAs, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { WITH_SW, createAcceptedDonations, pickupCard, pickupLog, serverDonation, sleep, syncStatus, waitForServiceWorker } from '../lib/pwa.mjs';

const h = await openHarness();
const tag = Date.now().toString(36);
const state = { page: null, log: null, donation: null, charity: null };

/** The refusal of this donation's confirmation on My Pickups: a card naming it, with a Dismiss button. */
const refusalOf = (page, title) =>
  page
    .getByRole('list', { name: 'Pickups the server refused' })
    .locator('li')
    .filter({ hasText: title })
    .filter({ has: page.getByRole('button', { name: 'Dismiss' }) })
    .first();

describe('pickup refusal: a queued confirmation the server refuses is shown, then dismissed', () => {
  after(() => h.close());
  let broken = null;
  const step = (name, fn) =>
    it(name, async (t) => {
      if (broken) return t.skip(`an earlier step failed: ${broken}`);
      try {
        await h.guard(`pickup-refusal ${name}`, fn)(t);
      } catch (err) {
        broken = name;
        throw err;
      }
    });

  step('1. offline, the driver confirms a pickup: it waits to sync', async () => {
    [state.donation] = await createAcceptedDonations(1, { tag, titlePrefix: 'E2E refused' });
    state.charity = await apiAs(ACCOUNTS.charity);
    const page = (state.page = await h.context('charity', PHONE, WITH_SW));
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
  });

  step('2. meanwhile: picked up from another device, then deleted by the admin', async () => {
    const { id } = state.donation;
    const other = await state.charity.raw('PATCH', `/donations/pickup/${id}`, { headers: { 'Idempotency-Key': `other-device-${tag}` } });
    assert.equal(other.status, 200, `the other device's confirmation: ${JSON.stringify(other.data)}`);
    const admin = await apiAs(ACCOUNTS.admin);
    const { deletedCount } = await admin.del(`/donations/${id}`);
    assert.equal(deletedCount, 1);
    assert.equal(await serverDonation(state.charity, id), null, 'the donation is gone for the charity');
  });

  step('3. back online: the refusal shows on My Pickups and nothing waits any more', async () => {
    const { page, log } = state;
    const { id, title } = state.donation;
    await page.context().setOffline(false);
    const refusal = refusalOf(page, title);
    await refusal.waitFor({ timeout: 15_000 });
    const text = (await refusal.textContent()) ?? '';
    assert.match(text, /not found|no longer|deleted|refused|could not|failed/i, `the refusal says why: "${text}"`);
    await eventually(async () => !(await syncStatus(page).textContent()).includes('waiting to sync'), {
      what: 'the status line to stop reporting pickups waiting to sync',
    });
    assert.ok(log.calls.some((c) => c.id === id && c.status === 404), `the queued confirmation reached the server and was refused (calls: ${log.describe(id)})`);
    assert.equal(log.applied(id), 0, 'the queued confirmation changed nothing');

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
    await page.reload();
    await page.getByRole('heading', { name: 'My Pickups' }).waitFor();
    await syncStatus(page).getByText('Online').waitFor();
    await sleep(1000);
    assert.equal(await refusalOf(page, title).count(), 0, 'the dismissed refusal does not come back after a reload');
    assert.equal(await pickupCard(page, title).count(), 0, 'the deleted donation is no longer listed');
    assert.ok(!(await syncStatus(page).textContent()).includes('waiting to sync'), 'nothing waits to sync');
  });
});
