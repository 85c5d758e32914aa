// @ts-check
// Issue 5, "Done when" 2: 20 pickups confirmed offline all reach the server, none twice, when every second request
// to the server fails. Half of the failures never reach the server; the other half are applied by the server and
// only their answer is lost on the way back, the case that turns a careless retry into a double confirmation.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { ACCOUNTS, PHONE, apiAs, eventually, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';
import {
  WITH_SW,
  createAcceptedDonations,
  pickupCard,
  pickupLog,
  serverDonation,
  sleep,
  syncStatus,
  waitForServiceWorker,
} from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

const COUNT = 20;
const h = await openHarness();
const tag = Date.now().toString(36);
/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Request} Request */
/** @typedef {import('../lib/pwa.mjs').PickupLog} PickupLog */
/**
 * Filled in as the steps go: a step runs only after every step before it passed.
 * @typedef {{
 *   page: Page, log: PickupLog, charity: import('../lib/browser.mjs').Api,
 *   donations: import('../lib/pwa.mjs').AcceptedDonation[],
 *   picked: Map<string, import('@foodbridge/shared/schemas/donation').Donation>,
 *   traffic: Awaited<ReturnType<typeof breakEverySecondCall>>,
 * }} State
 */
const state = /** @type {State} */ ({ picked: new Map() });

/**
 * Requests to the server's API (not the app's files, not pictures): every second one of them fails.
 * @param {Request} request
 */
function isApiCall(request) {
  const url = new URL(request.url());
  if (request.isNavigationRequest()) return false;
  return !/^\/(assets|icons|home|images)\/|\.(js|css|png|svg|webmanifest|ico|woff2?)$|^\/(sw\.js)?$/.test(url.pathname);
}

/** @param {import('playwright-core').BrowserContext} context @param {PickupLog} log */
async function breakEverySecondCall(context, log) {
  const traffic = { total: 0, passed: 0, abortedBefore: 0, abortedAfter: 0, fromWorker: 0, pickups: { passed: 0, abortedBefore: 0, abortedAfter: 0 } };
  const isPickup = (/** @type {Request} */ request) => request.method() === 'PATCH' && new URL(request.url()).pathname.startsWith('/donations/pickup/');
  await context.route('**/*', async (route) => {
    const request = route.request();
    if (!isApiCall(request)) return route.continue();
    traffic.total += 1;
    if (request.serviceWorker()) traffic.fromWorker += 1;
    const n = traffic.total;
    const count = (/** @type {'passed' | 'abortedBefore' | 'abortedAfter'} */ what) => {
      traffic[what] += 1;
      if (isPickup(request)) traffic.pickups[what] += 1;
    };
    if (n % 2 === 1) {
      count('passed');
      return route.continue();
    }
    if (n % 4 === 0) {
      count('abortedBefore');
      return route.abort('connectionreset');
    }
    // The server gets it and answers; the answer is lost.
    count('abortedAfter');
    try {
      const res = await route.fetch();
      log.note(request, res.status(), res.headers());
    } catch {
      /* the fetch itself failed: the request may or may not have been applied; the checks below decide */
    }
    return route.abort('connectionreset');
  });
  return traffic;
}

describe('flaky network: 20 offline confirmations arrive once each', () => {
  after(() => h.close());
  const step = stepsOf(h, 'flaky-network');

  step(`1. ${COUNT} donations accepted for the charity (API); My Pickups lists them all`, async () => {
    state.donations = await createAcceptedDonations(COUNT, { tag, titlePrefix: 'E2E flaky' });
    state.charity = await apiAs(ACCOUNTS.charity);
    const page = (state.page = await h.context('charity', PHONE, WITH_SW));
    state.log = pickupLog(page.context());
    await signIn(page, ACCOUNTS.charity);
    await waitForServiceWorker(page);
    await openFromMenu(page, 'My Pickups');
    await syncStatus(page).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 30_000 });
    for (const { title } of state.donations) await pickupCard(page, title).getByRole('button', { name: 'Confirm Pickup' }).waitFor();
  });

  step(`2. offline: Confirm Pickup on all ${COUNT}, each waits to sync`, async () => {
    const { page } = state;
    await page.context().setOffline(true);
    await syncStatus(page).getByText('Offline').waitFor();
    for (const [i, { title }] of state.donations.entries()) {
      const card = pickupCard(page, title);
      await card.getByRole('button', { name: 'Confirm Pickup' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.or(card.getByText(/waiting to sync/i)).first().waitFor();
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: /confirm/i }).click();
      await card.getByText(/waiting to sync/i).first().waitFor();
      await syncStatus(page).getByText(`${i + 1} ${i ? 'pickups' : 'pickup'} waiting to sync`).waitFor();
    }
  });

  step(`3. online with every second request failing: all ${COUNT} reach the server Picked, each applied once`, async () => {
    const { page, log } = state;
    state.traffic = await breakEverySecondCall(page.context(), log);
    await page.context().setOffline(false);
    const t0 = Date.now();
    const ids = state.donations.map((d) => d.id);
    await eventually(
      async () => {
        for (const id of ids) {
          if (state.picked.has(id)) continue;
          const d = await serverDonation(state.charity, id);
          if (d?.status === 'Picked') state.picked.set(id, d);
        }
        return state.picked.size === ids.length;
      },
      { timeout: 90_000, interval: 500, what: `all ${COUNT} donations Picked on the server (${state.picked.size} so far)` },
    );
    console.log(`# all ${COUNT} Picked ${Date.now() - t0} ms after going online; calls to the API: ${JSON.stringify(state.traffic)}`);

    const status = syncStatus(page);
    await eventually(async () => !((await status.textContent()) ?? '').includes('waiting to sync'), {
      timeout: 30_000,
      what: 'the status line to stop reporting pickups waiting to sync',
    });
    assert.equal(await page.getByRole('button', { name: 'Dismiss' }).count(), 0, 'no confirmation was refused');
    const twice = state.donations.filter(({ id }) => log.applied(id) > 1).map(({ id, title }) => `${title}: ${log.describe(id)}`);
    assert.deepEqual(twice, [], 'no confirmation was applied twice');
    const keys = state.donations.filter(({ id }) => log.keysOf(id).length > 1).map(({ id, title }) => `${title}: ${log.describe(id)}`);
    assert.deepEqual(keys, [], 'each donation kept one Idempotency-Key across its retries');
    const { pickups } = state.traffic;
    assert.ok(pickups.abortedBefore > 0 && pickups.abortedAfter > 0, `confirmations were lost both before and after the server: ${JSON.stringify(pickups)}`);
    const replayed = log.calls.filter((c) => c.replayed).length;
    console.log(`# confirmations: ${log.calls.length} answers seen, ${replayed} of them replays of an applied key`);
  });

  step('4. after further replays (reload, network back to normal) every donation is as the first confirmation left it', async () => {
    const { page, log } = state;
    await page.context().unrouteAll({ behavior: 'ignoreErrors' });
    await page.reload();
    await page.getByRole('heading', { name: 'My Pickups' }).waitFor();
    await syncStatus(page).getByText('Online').waitFor();
    await sleep(3000);
    const moved = [];
    for (const { id, title } of state.donations) {
      const first = state.picked.get(id);
      const now = await serverDonation(state.charity, id);
      if (now?.status !== 'Picked' || now.updatedAt !== first?.updatedAt || now.pickupDate !== first?.pickupDate) {
        moved.push(`${title}: ${JSON.stringify({ status: now?.status, updatedAt: [first?.updatedAt, now?.updatedAt], pickupDate: [first?.pickupDate, now?.pickupDate] })}`);
      }
      assert.ok(log.applied(id) <= 1, `${title} applied once (${log.describe(id)})`);
    }
    assert.deepEqual(moved, [], 'no donation was written again');
    for (const { title } of state.donations) await pickupCard(page, title).getByText(/pickup confirmed/i).first().waitFor();
    assert.ok(!((await syncStatus(page).textContent()) ?? '').includes('waiting to sync'), 'the outbox is empty');
  });
});
