// @ts-check
// Focus return for the dialog tests (12, 12b): a dialog opened by keyboard gives focus back to its opener when it
// closes, by Escape and by its own dismiss button.
import { eventually } from './browser.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

/** The dismiss buttons the app's dialogs use. */
export const DISMISS = /^(Cancel|Not yet|Keep it|Close menu)$/;

/** @param {Locator} locator */
const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement);

/**
 * Opens the dialog from `opener` with the keyboard (focus, Enter), closes it with Escape, opens it again and closes it
 * with its dismiss button (focused and pressed with Enter); after each close, focus must be on `opener` again.
 * Returns the dialog's accessible name as it showed.
 * @param {Page} page
 * @param {Locator} opener
 * @param {{ dismiss?: RegExp | string, what?: string }} [options]
 */
export async function checkFocusReturn(page, opener, { dismiss = DISMISS, what = 'the dialog' } = {}) {
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]').filter({ visible: true }).first();
  const open = async () => {
    await opener.scrollIntoViewIfNeeded();
    await opener.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    // The dialog has taken focus (Radix moves it in as it opens).
    await eventually(() => dialog.evaluate((el) => el.contains(document.activeElement)), { what: `focus inside ${what}` });
  };
  const focusBack = async (/** @type {string} */ how) =>
    eventually(() => isFocused(opener), { timeout: 5000, what: `focus back on the opener of ${what} after ${how}` });

  await open();
  const title = (await dialog.getAttribute('aria-label')) ?? ((await dialog.locator('h2').first().textContent().catch(() => '')) || what);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await focusBack('Escape');

  await open();
  const button = dialog.getByRole('button', { name: dismiss }).filter({ visible: true }).last();
  await button.focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await focusBack('its dismiss button');
  return title;
}
