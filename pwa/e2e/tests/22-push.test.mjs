// @ts-check
// Issue 11, "On the phone": the service worker shows a notification for a push delivered through the DevTools
// protocol (ServiceWorker.deliverPushMessage), with the app's icon, and a click on it opens the screen it is about in
// the open window. The profile's 'Notifications on this device' section renders, and says plainly when the browser
// blocks notifications or (as headless Chromium, which has no push service) cannot subscribe.
// One test per step; a failed step skips the rest.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { ACCOUNTS, BASE_URL, PHONE, eventually, openHarness, signIn } from '../lib/browser.mjs';
import { WITH_SW, waitForServiceWorker } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

const h = await openHarness();
const origin = new URL(BASE_URL).origin;
const SECTION = 'Notifications on this device';
/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Worker} Worker */
/** @type {{ page: Page, worker: Worker, registrationId: string }} */
const state = /** @type {any} */ ({});

/**
 * The notifications the app's worker shows, read through its registration from the page: the page outlives the
 * worker, which the browser may stop and start again between two pushes (a handle on the old one then fails).
 * @param {Page} page
 * @returns {Promise<{ title: string, body: string, icon: string, tag: string, data: any }[]>}
 */
function notificationsOf(page) {
  return page.evaluate(async () => {
    const list = await (await navigator.serviceWorker.ready).getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, icon: n.icon, tag: n.tag, data: n.data }));
  });
}

/**
 * Delivers a push through the DevTools protocol until a notification it made shows, three times at most: a busy
 * machine may drop a delivery made while the worker is being started (again after a navigation, say). A push with a
 * tag replaces its copy; one without may leave two, so a caller asks for each kind it expects, not for the count.
 * @param {import('playwright-core').CDPSession} cdp
 * @param {Page} page
 * @param {string} registrationId
 * @param {string} data
 * @param {(n: Awaited<ReturnType<typeof notificationsOf>>[number]) => boolean} isIt
 */
async function deliverUntilShown(cdp, page, registrationId, data, isIt) {
  for (let attempt = 1; ; attempt++) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
    const seen = await eventually(async () => (await notificationsOf(page)).some(isIt), {
      what: `the push ${data.slice(0, 30)} to be shown`,
      timeout: attempt === 3 ? 30_000 : 5000,
    }).catch((err) => {
      if (attempt === 3) throw err;
      return false;
    });
    if (seen) return;
  }
}

/** The app's service worker as Playwright sees it (to evaluate inside it). @param {Page} page */
async function appWorker(page) {
  const ctx = page.context();
  return ctx.serviceWorkers().find((w) => w.url().startsWith(origin)) ?? (await ctx.waitForEvent('serviceworker'));
}

describe('web push: the service worker shows a pushed notification and opens its screen on click', () => {
  after(() => h.close());
  const step = stepsOf(h, 'push');

  step('1. the charity, with notifications allowed, opens its profile: the section and its button show', async () => {
    const page = (state.page = await h.context('charity', PHONE, { ...WITH_SW, permissions: ['notifications'] }));
    await signIn(page, ACCOUNTS.charity);
    await waitForServiceWorker(page);
    await page.goto('/dashBoard/charityProfile');
    const section = page.getByRole('region', { name: SECTION });
    await section.waitFor();
    await section.getByRole('button', { name: 'Turn on' }).waitFor();
    state.worker = await appWorker(page);
  });

  step('2. a push delivered through the DevTools protocol is shown with its title, body, icon and link', async () => {
    const { page } = state;
    const cdp = await page.context().newCDPSession(page);
    /** @type {Promise<string>} */
    const registrationId = new Promise((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const reg = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
        if (reg) resolve(reg.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    state.registrationId = await registrationId;
    const message = { kind: 'request.accepted', title: 'Request accepted', body: 'Pick up the soup by 18:00.', link: '/dashBoard/myPickups', id: 'e2e-push-1' };
    await deliverUntilShown(cdp, page, state.registrationId, JSON.stringify(message), () => true);
    const shown = await notificationsOf(page);
    assert.equal(shown.length, 1);
    assert.deepEqual(shown[0], {
      title: message.title,
      body: message.body,
      icon: `${origin}/icons/icon-192.png`,
      tag: message.id,
      data: { link: message.link, id: message.id, kind: message.kind },
    });
  });

  step('3. a click on the notification brings the open window to the screen it is about', async () => {
    const { page, worker } = state;
    // Headless Chromium shows no notification to click: the worker gets the click event the browser would send.
    await worker.evaluate(async () => {
      const sw = /** @type {any} */ (self);
      const [notification] = await sw.registration.getNotifications();
      if (!notification) throw new Error('no notification to click');
      sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }));
    });
    await page.waitForURL('**/dashBoard/myPickups');
    await page.getByRole('heading', { name: 'My Pickups' }).waitFor();
    const left = await eventually(async () => {
      const n = (await notificationsOf(page)).length;
      return n === 0 ? 'closed' : false;
    }, { what: 'the clicked notification to close' });
    assert.equal(left, 'closed');
  });

  step('4. a push whose link leaves the app gets the home page as its link, and an unreadable one still shows', async () => {
    const { page, registrationId } = state;
    // The page was navigated by the click: a fresh session, with the domain enabled again.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await deliverUntilShown(
      cdp,
      page,
      registrationId,
      JSON.stringify({ kind: 'test', title: 'Elsewhere', body: 'x', link: 'https://example.org/phish', id: 'e2e-push-2' }),
      (n) => n.title === 'Elsewhere',
    );
    await deliverUntilShown(cdp, page, registrationId, 'not json', (n) => n.body === 'not json');
    const listed = (await notificationsOf(page)).map((n) => ({ title: n.title, body: n.body, link: n.data?.link }));
    const shown = [...new Map(listed.map((n) => [JSON.stringify(n), n])).values()];
    assert.deepEqual(
      shown.sort((a, b) => String(a.title).localeCompare(String(b.title))),
      [
        { title: 'Elsewhere', body: 'x', link: '/' },
        { title: 'FoodBridge', body: 'not json', link: '/' },
      ],
    );
    await page.evaluate(async () => {
      for (const n of await (await navigator.serviceWorker.ready).getNotifications()) n.close();
    });
  });

  step('5. turning notifications on where the browser has no push service says so kindly', async () => {
    const { page } = state;
    await page.goto('/dashBoard/charityProfile');
    const section = page.getByRole('region', { name: SECTION });
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByRole('alert').getByText(/could not reach its push service/).waitFor({ timeout: 20_000 });
    // Still off, and the button is there to try again.
    await section.getByRole('button', { name: 'Turn on' }).waitFor();
    const results = await new AxeBuilder({ page }).include('[aria-labelledby="push-settings-title"]').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(serious.map((v) => `${v.id}: ${v.help}`), [], 'the section has no serious accessibility problem');
  });

  step('6. where the browser blocks notifications, the button says how to allow them', async () => {
    const page = await h.context('user', PHONE, WITH_SW);
    await signIn(page, ACCOUNTS.user);
    await waitForServiceWorker(page);
    await page.goto('/dashBoard/myProfile');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin });
    const section = page.getByRole('region', { name: SECTION });
    await section.getByRole('button', { name: 'Turn on' }).click();
    const alert = section.getByRole('alert');
    await alert.waitFor();
    const permission = await page.evaluate(() => Notification.permission);
    assert.equal(permission, 'denied', 'the browser refused the permission');
    assert.match((await alert.textContent()) ?? '', /Notifications are blocked for FoodBridge in this browser/);
  });
});
