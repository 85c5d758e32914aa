// @ts-check
// Numbered steps of one browser scenario: each step is a test, run in order, and a failed step skips the rest
// (a later step starts from the screen an earlier one left).
import { it } from 'node:test';

/** @typedef {import('./browser.mjs').Harness} Harness */
/** @typedef {(t: import('node:test').TestContext) => Promise<void>} StepBody */

/**
 * Returns `step(name, fn)` for one scenario; `label` starts the names of the failure artifacts of its steps.
 * @param {Harness} h
 * @param {string} label
 */
export function stepsOf(h, label) {
  /** @type {string | null} */
  let broken = null;
  /** @param {string} name @param {StepBody} fn */
  return (name, fn) =>
    it(name, async (t) => {
      if (broken) return t.skip(`an earlier step failed: ${broken}`);
      try {
        await h.guard(`${label} ${name}`, fn)(t);
      } catch (err) {
        broken = name;
        throw err;
      }
    });
}
