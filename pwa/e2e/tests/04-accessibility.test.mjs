// @ts-check
// axe-core finds no serious or critical violation on the public pages, the login page and each role's dashboard.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { ACCOUNTS, ARTIFACTS, BASE_URL, DESKTOP, PHONE, openHarness, signIn, slug } from '../lib/browser.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {(page: Page) => Promise<void>} Ready */

const h = await openHarness();
const BLOCKING = new Set(['serious', 'critical']);

/** @type {import('@foodbridge/shared/schemas/donation').Donation[]} */
const verified = await fetch(`${BASE_URL}/donations/verified`).then((r) => (r.ok ? r.json() : []));
const sample = verified[0];

/** @param {Page} page @param {Ready} ready */
async function settle(page, ready) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await ready(page);
  // Skeletons and spinners are gone once the data has arrived.
  await page.locator('[aria-busy="true"], .animate-pulse').first().waitFor({ state: 'hidden' }).catch(() => {});
  // Entrance transitions (cards fading in, the carousel's first slide) end before colours are measured.
  await page.waitForTimeout(400);
}

/** @param {Page} page @param {string} name @param {import('node:test').TestContext} t */
async function audit(page, name, t) {
  const results = await new AxeBuilder({ page }).analyze();
  mkdirSync(ARTIFACTS, { recursive: true });
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const file = join(ARTIFACTS, `axe-${slug(name)}.json`);
  if (results.violations.length) writeFileSync(file, JSON.stringify(results.violations, null, 2));
  // Minor and moderate findings do not fail the test but are shown, so they get fixed too.
  for (const v of results.violations.filter((x) => !BLOCKING.has(x.impact ?? ''))) {
    t.diagnostic(`axe ${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  }
  if (blocking.length) {
    const lines = blocking.flatMap((v) => [
      `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})`,
      ...v.nodes.slice(0, 6).map((n) => `    ${n.target.join(' ')}  ${n.html.slice(0, 160)}`),
    ]);
    throw new Error(`${blocking.length} serious/critical axe violation(s) on ${name} (${page.url()}), details in ${file}:\n  ${lines.join('\n  ')}`);
  }
}

/** @type {{ name: string, path: string | null, ready: Ready }[]} */
const publicPages = [
  { name: 'home', path: '/', ready: (p) => p.getByRole('heading', { name: /platform impact/i }).waitFor() },
  { name: 'all donations', path: '/allDonations', ready: (p) => p.locator('a[href^="/donations/"]').first().waitFor() },
  {
    name: 'donation details',
    path: sample ? `/donations/${sample._id}` : null,
    ready: (p) => p.getByRole('heading', { level: 1, name: sample?.title ?? '' }).waitFor(),
  },
  { name: 'login', path: '/login', ready: (p) => p.getByRole('button', { name: 'Login', exact: true }).waitFor() },
];

/** @type {{ role: keyof typeof ACCOUNTS, device: import('playwright-core').BrowserContextOptions }[]} */
const dashboards = [
  { role: 'user', device: PHONE },
  { role: 'restaurant', device: PHONE },
  { role: 'charity', device: PHONE },
  { role: 'admin', device: DESKTOP },
];

describe('accessibility (axe-core: no serious or critical violations)', () => {
  after(() => h.close());

  for (const [deviceName, device] of /** @type {const} */ ([['phone', PHONE], ['desktop', DESKTOP]])) {
    // One signed-out visitor per device walks the public pages.
    /** @type {Page | null} */
    let visitor = null;
    for (const pg of publicPages) {
      const name = `${pg.name} (${deviceName})`;
      it(
        name,
        h.guard(`axe ${name}`, async (t) => {
          if (!pg.path) throw new Error('No verified donation found through GET /donations/verified to open a details page');
          visitor ??= await h.context(`visitor-${deviceName}`, device);
          await visitor.goto(pg.path);
          await settle(visitor, pg.ready);
          await audit(visitor, name, t);
          t.diagnostic(`checked ${visitor.url()}`);
        }),
      );
    }
  }

  for (const { role, device } of dashboards) {
    const name = `${role} dashboard home (${device === PHONE ? 'phone' : 'desktop'})`;
    it(
      name,
      h.guard(`axe ${name}`, async (t) => {
        const page = await h.context(`${role}-dashboard`, device);
        await signIn(page, ACCOUNTS[role]);
        // A fresh load, so the sign-in toast is not part of the page checked.
        await page.goto('/dashBoard');
        await settle(page, (p) => p.getByRole('heading', { name: /welcome/i }).waitFor());
        await audit(page, name, t);
        await page.context().close();
      }),
    );
  }
});
