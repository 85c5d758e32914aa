// @ts-check
// The app's words in one language, read from the same .po catalogues the app compiles, so a browser test drives the
// app in Spanish or Arabic by message id and never repeats a translation by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FOLDERS = [new URL('../../src/locales/', import.meta.url), new URL('../../../shared/src/locales/', import.meta.url)];

/**
 * @param {string} locale 'en', 'es' or 'ar'
 * @returns {(id: string, values?: Record<string, string | number>) => string} the message, with `{name}` values put in
 */
export function wordsOf(locale) {
  /** @type {Map<string, string>} */
  const messages = new Map();
  for (const folder of FOLDERS) {
    const dir = fileURLToPath(new URL(`${locale}/`, folder));
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.po'))) {
      const text = readFileSync(`${dir}${file}`, 'utf8');
      for (const m of text.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)) messages.set(JSON.parse(`"${m[1]}"`), JSON.parse(`"${m[2]}"`));
    }
  }
  return (id, values = {}) => {
    const message = messages.get(id);
    if (message === undefined) throw new Error(`no message ${id} in ${locale}`);
    // Plain {name} placeholders only: a test asks for words it can predict, not for plurals.
    return message.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
  };
}
