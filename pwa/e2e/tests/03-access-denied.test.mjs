// @ts-check
// A plain user opening an admin screen sees Access Denied instead of the admin's data.
import { after, describe, it } from 'node:test';
import { ACCOUNTS, PHONE, openHarness, signIn } from '../lib/browser.mjs';

const h = await openHarness();

describe('role checks', () => {
  after(() => h.close());

  it(
    "a plain user opening /dashBoard/manageUsers sees 'Access Denied'",
    h.guard('user on admin screen', async () => {
      const page = await h.context('user', PHONE);
      await signIn(page, ACCOUNTS.user);
      await page.goto('/dashBoard/manageUsers');
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await page.getByText('You do not have permission to view this page.').waitFor();
      const table = page.getByRole('table');
      if (await table.count()) throw new Error('The users table is on screen for a plain user');
    }),
  );
});
