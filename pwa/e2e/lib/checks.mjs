// @ts-check
// What the browser tests check of a page again and again: axe's serious findings, and that nothing scrolls sideways.
import { AxeBuilder } from '@axe-core/playwright';

/** Serious and critical axe findings, as 'rule: help (where)' lines. @param {import('playwright-core').Page} page */
export async function axeProblems(page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`);
}

/** Whether the page is no wider than its viewport. @param {import('playwright-core').Page} page */
export const fitsWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
