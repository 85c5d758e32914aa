// @ts-check
// Issue 12, exports: a restaurant downloads its donations from My Donations and an admin the users from the History
// screen; each file arrives through the browser's download, opens as CSV (UTF-8 with a byte-order mark, a header
// row, CRLF) and holds what the screen lists.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, describe, it } from 'node:test';
import { ACCOUNTS, DESKTOP, PHONE, openFromMenu, openHarness, signIn } from '../lib/browser.mjs';

/** @typedef {import('playwright-core').Page} Page */
const h = await openHarness();

/**
 * Opens 'Download as CSV', presses the export's button and reads the file the browser saved.
 * @param {Page} page @param {string} button
 */
async function download(page, button) {
  await page.getByText('Download as CSV', { exact: true }).click();
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await saved;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

describe('CSV exports from the screens', () => {
  after(() => h.close());

  it("a restaurant's donations, from My Donations (phone)", h.guard('restaurant export', async () => {
    const page = await h.context('restaurant', PHONE);
    await signIn(page, ACCOUNTS.restaurant);
    await openFromMenu(page, 'My Donations');
    await page.getByRole('heading', { name: 'My Donations' }).waitFor();
    const { name, text } = await download(page, 'Donations (.csv)');
    assert.match(name, /^donations-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.equal(text.charCodeAt(0), 0xfeff, 'starts with a byte-order mark, so spreadsheets read UTF-8');
    const lines = text.slice(1).split('\r\n');
    assert.match(lines[0] ?? '', /title/i, 'a header row');
    assert.ok(text.includes('Roasted vegetable lasagne trays'), "the restaurant's own donation is in it");
  }));

  it('the users, from the admin\'s History screen (desktop)', h.guard('admin export', async () => {
    const page = await h.context('admin', DESKTOP);
    await signIn(page, ACCOUNTS.admin);
    await openFromMenu(page, 'History');
    await page.getByRole('heading', { name: 'History', level: 1 }).waitFor();
    const { name, text } = await download(page, 'Users (.csv)');
    assert.match(name, /^users-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.ok(text.includes(ACCOUNTS.charity) && text.includes(ACCOUNTS.restaurant), 'the accounts are listed');
  }));
});
