// @ts-check
// Issue 49, its second point: a pickup confirmed offline is sent by the service worker when the connection returns,
// with no FoodBridge page open (Background Sync), exactly once; the app's next open says it went through.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { ACCOUNTS, PHONE, apiAs, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import { WITH_SW, createAcceptedDonation, pickupCard, pickupLog, serverDonation, syncStatus, waitForServiceWorker } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').BrowserContext} BrowserContext */

const QUEUE = 'pickup-confirmations';
const h = await openHarness();
/**
 * @type {{ page: Page, context: BrowserContext, log: import('../lib/pwa.mjs').PickupLog,
 *   charity: import('../lib/browser.mjs').Api, donation: { id: string, title: string } }}
 */
const state = /** @type {any} */ ({});

/**
 * The requests in the service worker's Background Sync queue (Workbox keeps them in IndexedDB), read from a page of
 * the app's origin. The database is never created from here, and the connection is closed at once: an open one
 * would block the worker's own upgrade of it.
 * @param {Page} page
 * @returns {Promise<{ url: string, key: string | undefined }[]>}
 */
const queuedInWorker = (page) =>
  page.evaluate(async (queue) => {
    const name = 'workbox-background-sync';
    if (!(await indexedDB.databases()).some((d) => d.name === name)) return [];
    /** @type {IDBDatabase} */
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('requests')) return [];
      /** @type {any[]} */
      const all = await new Promise((resolve, reject) => {
        const read = db.transaction('requests').objectStore('requests').getAll();
        read.onsuccess = () => resolve(read.result);
        read.onerror = () => reject(read.error);
      });
      return all
        .filter((r) => r.queueName === queue)
        .map((r) => ({ url: r.requestData.url, key: r.requestData.headers['idempotency-key'] ?? r.requestData.headers['Idempotency-Key'] }));
    } finally {
      db.close();
    }
  }, QUEUE);

describe('a pickup confirmed offline is sent with no page open', () => {
  after(() => h.close());
  const step = stepsOf(h, 'background-sync');

  step('1. offline, the driver confirms: the card waits to sync and the service worker holds the request', async () => {
    state.charity = await apiAs(ACCOUNTS.charity);
    state.donation = await createAcceptedDonation({ titlePrefix: 'E2E background sync' });
    const page = (state.page = await h.context('charity', PHONE, WITH_SW));
    state.context = page.context();
    state.log = pickupLog(state.context);
    await signIn(page, ACCOUNTS.charity);
    await waitForServiceWorker(page);
    await openFromMenu(page, 'My Pickups');
    const card = pickupCard(page, state.donation.title);
    await card.getByRole('button', { name: 'Confirm Pickup' }).waitFor({ timeout: 30_000 });
    await syncStatus(page).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 30_000 });

    await state.context.setOffline(true);
    await syncStatus(page).getByText('Offline').waitFor();
    await card.getByRole('button', { name: 'Confirm Pickup' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Weight received (kg)').fill('4');
    await dialog.getByRole('button', { name: /confirm/i }).click();
    await card.getByText(/waiting to sync/i).first().waitFor();
    const queued = await eventually(async () => {
      const list = await queuedInWorker(page);
      return list.length ? list : false;
    }, { timeout: 10_000, what: 'the confirmation in the service worker’s Background Sync queue' });
    assert.equal(queued.length, 1, 'queued once');
    assert.match(queued[0]?.url ?? '', new RegExp(`/donations/pickup/${state.donation.id}$`));
    assert.equal((await serverDonation(state.charity, state.donation.id))?.status, 'Accepted', 'nothing reached the server');
  });

  step('2. the app is closed, the connection returns: the server records the pickup with no page open', async () => {
    await state.page.close();
    assert.equal(state.context.pages().length, 0, 'no page of the app is open');
    await state.context.setOffline(false);
    const picked = await eventually(
      async () => {
        const d = await serverDonation(state.charity, state.donation.id);
        return d?.status === 'Picked' ? d : false;
      },
      { timeout: 60_000, interval: 500, what: 'the server to record the pickup' },
    );
    assert.ok(picked.pickupDate, 'the server set the pickup date');
    const report = await state.charity.get(`/donations/${state.donation.id}/pickup-report`);
    assert.equal(report.report?.weightKg, 4, 'the report travelled with the queued request');
    console.log(`# calls: ${state.log.describe(state.donation.id)}`);
    assert.equal(state.log.applied(state.donation.id), 1, 'applied once');
    assert.ok(state.log.calls.some((c) => c.id === state.donation.id && c.from === 'service worker' && c.status === 200), 'sent by the service worker');
  });

  step('3. the next open says it was sent, and sends nothing twice', async () => {
    const page = (state.page = await state.context.newPage());
    await page.goto('/dashBoard/myPickups');
    await page.getByText('Pickup confirmed and sent').first().waitFor({ timeout: 30_000 });
    await eventually(async () => !((await syncStatus(page).textContent()) ?? '').includes('waiting to sync'), { timeout: 15_000, what: 'no pickup waiting' });
    assert.equal(state.log.applied(state.donation.id), 1, `still applied once (calls: ${state.log.describe(state.donation.id)})`);
    assert.deepEqual(await queuedInWorker(page), [], 'the worker’s queue is empty');
  });
});
