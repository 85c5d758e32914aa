// @ts-check
// The API reference at /api/docs (Scalar's, served by the sync-server from its own origin) shows our operations and
// sends a test request under the page's Content-Security-Policy, with nothing from anywhere else: no violation of the
// policy, no console error, no request to another origin (Scalar's fonts, proxy, chat and toolbar are turned off).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { BASE_URL, DESKTOP, openHarness } from '../lib/browser.mjs';

const h = await openHarness();

describe('API reference', () => {
  after(() => h.close());

  it(
    'shows GET /donations/{id} and sends a request to this server, within the policy and this origin',
    h.guard('api reference', async () => {
      const page = await h.context('reader', DESKTOP);
      const origin = new URL(BASE_URL).origin;
      /** @type {string[]} */
      const problems = [];
      // The page's own report of each refusal (Chromium also logs them as console errors, caught below).
      await page.addInitScript(() => {
        const seen = /** @type {string[]} */ ((/** @type {any} */ (window).__cspViolations = []));
        document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} refused ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`));
      });
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(`console.error: ${msg.text()} (${msg.location().url})`);
      });
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      page.context().on('request', (req) => {
        const url = new URL(req.url());
        if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) problems.push(`request to another origin: ${req.method()} ${req.url()}`);
      });
      /** @type {import('playwright-core').Response | undefined} */
      let bundle;
      page.on('response', (res) => {
        if (new URL(res.url()).pathname === '/api/docs/scalar.js') bundle = res;
      });

      const res = await page.goto('/api/docs');
      assert.equal(res?.status(), 200);
      assert.match((await res.allHeaders())['content-security-policy'] ?? '', /script-src 'self';/);

      // Our document, rendered: the Donations group opened in the sidebar, then one of its operations.
      await page.getByRole('button', { name: 'Open Group - Donations' }).click();
      await page.getByText('One donation', { exact: true }).first().click();
      await page.getByRole('heading', { name: 'One donation', exact: true }).waitFor();
      await page.getByText('/donations/{id}', { exact: true }).first().waitFor();

      // A test request from the page: straight to this server (no proxy), allowed by connect-src 'self'.
      const verified = 'Verified donations open to requests (public)';
      await page.getByText(verified, { exact: true }).first().click();
      const section = page.locator('section').filter({ has: page.getByRole('heading', { name: verified, exact: true }) }).last();
      await section.getByRole('button', { name: 'Test Request' }).click();
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/donations/verified');
      await page.getByRole('button', { name: /^Send get request/ }).click();
      assert.equal((await answer).status(), 200);
      await page.getByText('200 OK', { exact: true }).waitFor();

      assert.ok(bundle, 'Scalar’s bundle was loaded');
      const headers = await bundle.allHeaders();
      assert.equal(headers['content-encoding'], 'br');
      assert.equal(headers['cache-control'], 'public, max-age=31536000, immutable');
      const sizes = await bundle.request().sizes();
      console.log(`# Scalar's bundle: ${(sizes.responseBodySize / 1e6).toFixed(2)} MB on the wire (Brotli)`);

      const violations = /** @type {string[]} */ (await page.evaluate(() => /** @type {any} */ (window).__cspViolations));
      assert.deepEqual([...violations.map((v) => `CSP: ${v}`), ...problems], []);
    }),
  );
});
