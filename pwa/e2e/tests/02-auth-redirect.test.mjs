// @ts-check
// A signed-out visitor is sent to /login from the dashboard and comes back after signing in.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ACCOUNTS, PHONE, openHarness, signIn } from '../lib/browser.mjs';

const h = await openHarness();

describe('protected routes', () => {
  after(() => h.close());

  it(
    'a signed-out visitor opening /dashBoard lands on /login and comes back after signing in',
    h.guard('redirect to login and back', async () => {
      const page = await h.context('visitor', PHONE);
      await page.goto('/dashBoard');
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
      const redirect = new URL(page.url()).searchParams.get('redirect') ?? '';
      assert.match(redirect, /^\/dashBoard\/?$/, `login remembers the page the visitor came from (redirect=${redirect})`);

      await signIn(page, ACCOUNTS.user, undefined, { from: null });
      await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/dashBoard');
      await page.getByRole('heading', { name: /welcome/i }).waitFor();
    }),
  );

  it(
    'logging out in one tab logs out the other tabs too',
    h.guard('log-out across tabs', async () => {
      const first = await h.context('two tabs', PHONE);
      await signIn(first, ACCOUNTS.user);
      const second = await first.context().newPage();
      await second.goto('/dashBoard/favorites');
      await second.getByRole('heading', { name: /favorites/i }).first().waitFor();

      await first.goto('/dashBoard');
      await first.getByRole('button', { name: 'Open dashboard menu' }).click();
      await first.getByRole('button', { name: 'Log Out' }).click();
      // The other tab, untouched, leaves the protected screen for the login page on its own.
      await second.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    }),
  );
});
