// @ts-check
// Issue 16: no page scrolls sideways at any width from 320 to 1440 px (the home page did at 768-800 px). Every public
// page and every role's dashboard pages are opened once and then resized through the widths in place; at each width
// the document must be no wider than the viewport. A failure names the elements that stick out, so it can be fixed.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ACCOUNTS, DESKTOP, apiAs, openHarness, signIn, within } from '../lib/browser.mjs';

/** @typedef {import('playwright-core').Page} Page */

const WIDTHS = [320, 360, 390, 414, 600, 768, 800, 900, 1024, 1280, 1440];
const h = await openHarness();

/**
 * At each width: nothing wider than the viewport. Returns what sticks out, as 'width: tag.class (right edge)'.
 * @param {Page} page
 */
async function overflowsAcrossWidths(page) {
  /** @type {string[]} */
  const problems = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // Two frames: the resize, then anything laid out from a resize observer (the virtual lists). The timer is a floor
    // for a page whose frames are held back: the check then reads the layout as it is, which a resize has already set.
    await page.evaluate(() => new Promise((r) => {
      requestAnimationFrame(() => requestAnimationFrame(r));
      setTimeout(r, 1000);
    }));
    const found = await page.evaluate(() => {
      const root = document.documentElement;
      if (root.scrollWidth <= root.clientWidth) return null;
      const limit = root.clientWidth;
      const out = [];
      /** Inside a box that scrolls or clips sideways and itself fits: it cannot widen the page. @param {Element} el */
      const clipped = (el) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          if (getComputedStyle(a).overflowX !== 'visible') return a.getBoundingClientRect().right <= limit + 0.5;
        }
        return false;
      };
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > limit + 0.5 && !clipped(el)) {
          // The outermost offender says most; its children stick out with it.
          const parent = el.parentElement;
          if (parent && parent.getBoundingClientRect().right > limit + 0.5 && !clipped(parent)) continue;
          out.push(`${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').split(/\s+/).slice(0, 4).join('.')} (${Math.round(r.right)})`);
        }
      }
      return `${root.scrollWidth} > ${limit}: ${out.slice(0, 4).join(', ') || 'nothing found'}`;
    });
    if (found) problems.push(`${width} px: ${found}`);
  }
  return problems;
}

/**
 * Opens each path and checks it across the widths; the path's own heading (or the main landmark) shows it has loaded.
 * @param {Page} page
 * @param {string[]} paths
 */
async function checkPaths(page, paths) {
  /** @type {string[]} */
  const problems = [];
  for (const path of paths) {
    // setViewportSize and evaluate wait as long as the page takes: a page that hangs fails here, named, and the
    // guard saves what it shows (the CI run of 2026-11-28 timed the whole file out once, with nothing to go on).
    const found = await within(90_000, `checking ${path} across the widths`, (async () => {
      await page.setViewportSize(DESKTOP.viewport);
      await page.goto(path);
      await page.locator('main h1, main h2').first().waitFor();
      await page.waitForLoadState('networkidle').catch(() => undefined);
      return overflowsAcrossWidths(page);
    })());
    for (const p of found) problems.push(`${path} at ${p}`);
  }
  assert.deepEqual(problems, [], `pages scroll sideways:\n${problems.join('\n')}`);
}

describe('no page scrolls sideways from 320 to 1440 px', () => {
  after(() => h.close());

  it('the public pages', h.guard('public widths', async () => {
    const [donation] = /** @type {{ _id: string }[]} */ (await (await apiAs(ACCOUNTS.charity)).get('/donations/verified?limit=1'));
    const page = await h.context('visitor', DESKTOP);
    await checkPaths(page, ['/', '/allDonations', '/login', '/registration', '/forgot-password', '/no-such-page', ...(donation ? [`/donations/${donation._id}`] : [])]);
  }));

  /** @type {[keyof typeof ACCOUNTS, string[]][]} */
  const byRole = [
    ['user', ['/dashBoard', '/dashBoard/myProfile', '/dashBoard/requestCharityRole', '/dashBoard/favorites', '/dashBoard/myReviews', '/dashBoard/transactionHistory']],
    ['restaurant', ['/dashBoard/restaurantProfile', '/dashBoard/addDonation', '/dashBoard/myDonations', '/dashBoard/requestedDonations', '/dashBoard/series']],
    ['charity', ['/dashBoard/charityProfile', '/dashBoard/myRequests', '/dashBoard/myPickups', '/dashBoard/receivedDonations', '/allDonations', '/dashBoard/series']],
    ['admin', ['/dashBoard/adminProfile', '/dashBoard/manageDonations', '/dashBoard/manageUsers', '/dashBoard/manageRoleRequests', '/dashBoard/manageRequests', '/dashBoard/history', '/dashBoard/series']],
  ];
  for (const [role, paths] of byRole) {
    it(`the ${role}'s pages`, h.guard(`${role} widths`, async () => {
      const page = await h.context(role, DESKTOP);
      await signIn(page, ACCOUNTS[role]);
      await checkPaths(page, paths);
    }));
  }
});
