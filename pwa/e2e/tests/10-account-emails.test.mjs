// @ts-check
// E-mail verification and password reset through the links the server e-mails, read from its output (no SMTP server
// is configured, so it prints them), and no Google button on the built-in provider. This file starts a server of its
// own: the shared one of run.mjs prints into another process.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRegisterInput } from '@foodbridge/shared/testing/factories';
import { PHONE, openHarness, signIn } from '../lib/browser.mjs';
import { waitForMailedLink } from '../lib/mail-log.mjs';
import { ownServer } from '../lib/server.mjs';

const h = await openHarness();
// Its own server: the tests read the links it prints.
const server = ownServer(h);

/** A new account, registered the way the registration page does it; the server e-mails its verification link. */
async function register() {
  const input = createRegisterInput();
  const res = await fetch(`${server.url}/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  assert.equal(res.status, 201, `registration answered ${res.status}: ${await res.text()}`);
  return input;
}

/** @param {string} label */
const phone = (label) => h.context(label, PHONE, { baseURL: server.url });

describe('account e-mails', () => {

  it(
    'a new account is asked to verify its e-mail, and the e-mailed link verifies it',
    h.guard('verify e-mail', async () => {
      const account = await register();
      const page = await phone('new account');
      await signIn(page, account.email, account.password);
      await page.goto('/dashBoard');
      const notice = page.getByRole('region', { name: 'Please verify your e-mail' });
      await notice.waitFor();

      // The registration sent a link a moment ago: asking again within the minute is refused, politely.
      const asked = page.waitForResponse((res) => res.url().endsWith('/auth/verification-email'));
      await notice.getByRole('button', { name: 'Send the link again' }).click();
      assert.equal((await asked).status(), 429);
      await notice.locator('[aria-live="polite"]').filter({ hasText: /\w/ }).waitFor();

      const link = await waitForMailedLink(server.output, { path: '/verify-email', email: account.email });
      await page.goto(link);
      await page.getByText(`Your e-mail ${account.email} is verified. Thank you!`).waitFor();
      await page.getByRole('link', { name: 'Go to your dashboard' }).click();
      await page.getByRole('heading', { name: /welcome/i }).waitFor();
      assert.equal(await notice.count(), 0, 'the notice is gone once the e-mail is verified');

      // A link works once.
      await page.goto(link);
      await page.getByRole('alert').getByText('This link is invalid or has expired.').waitFor();
      await page.getByRole('button', { name: 'Send a new link' }).waitFor();
    }),
  );

  it(
    'a forgotten password is changed through the e-mailed link, and the new one logs in',
    h.guard('reset password', async () => {
      const account = await register();
      const page = await phone('forgot password');
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL((url) => url.pathname === '/forgot-password');
      // The address changes before the page's chunk has loaded: until then the login form, with its own Email field,
      // is still on screen.
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('If an account exists for that e-mail, we sent a link to reset the password.').waitFor();

      const link = await waitForMailedLink(server.output, { path: '/reset-password', email: account.email });
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('changed-pass-42');
      await page.getByLabel('Confirm new password').fill('changed-pass-42');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password was changed. Please log in.').waitFor();
      await page.getByRole('link', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/login');

      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByText('Wrong e-mail or password.').waitFor();
      await signIn(page, account.email, 'changed-pass-42', { from: null });

      // The link is spent.
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('another-pass-43');
      await page.getByLabel('Confirm new password').fill('another-pass-43');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('alert').getByText('This link is invalid or has expired.').waitFor();
      await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    }),
  );

  it(
    'shows no Google button on the built-in provider',
    h.guard('no google button', async () => {
      const page = await phone('sign-in pages');
      for (const path of ['/login', '/registration']) {
        await page.goto(path);
        await page.getByLabel('Email').waitFor();
        // The page asks the server's mode once it is open; give it that moment before looking.
        await page.waitForLoadState('networkidle');
        assert.equal(await page.getByRole('button', { name: /google/i }).count(), 0, `${path} shows a Google button`);
      }
    }),
  );
});
