// @ts-check
// What the browser tests check of a page again and again: axe's serious findings, and that nothing scrolls sideways.
import { AxeBuilder } from '@axe-core/playwright';

/**
 * Serious and critical axe findings, as 'rule: help (where)' lines. Read with reduced motion, as a visitor who asks for
 * it sees the page: a toast half way through its fade (sonner animates opacity over 0.4 s) is then either shown or
 * gone, and axe judged its colours at 40% opacity otherwise (browser tests 32 and 33 failed on it now and then).
 * @param {import('playwright-core').Page} page
 */
export async function axeProblems(page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

/** Whether the page is no wider than its viewport. @param {import('playwright-core').Page} page */
export const fitsWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
