// The check of issue 13: every language has exactly the messages English has, English has exactly the messages the
// code uses, and the compiled catalogues the app loads match their .po sources (npm run i18n:compile was run).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locales';

// import.meta.url is the page's URL under happy-dom; the module runner still gives the file's own folder.
const SRC = join(import.meta.dirname, '../..');

/** msgid -> msgstr of a .po catalogue (the ids are plain keys; msgstr may carry escaped quotes). */
function readPo(locale: Locale): Map<string, string> {
  const text = readFileSync(join(SRC, 'locales', locale, 'messages.po'), 'utf8');
  const entries = new Map<string, string>();
  const unquote = (s: string) => JSON.parse(`"${s}"`) as string;
  for (const m of text.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) {
    if (m[1]) entries.set(unquote(m[1]), unquote(m[2] ?? ''));
  }
  return entries;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The ids the code uses, in the two forms Lingui's extractor reads: i18n._('id' ...) and /*i18n*\/ 'id'. */
function usedIds(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/i18n\._\(\s*'([^']+)'|\/\*i18n\*\/\s*'([^']+)'/g)) used.set(m[1] ?? m[2] ?? '', relative(SRC, file));
  }
  return used;
}

const english = readPo('en');

describe('message catalogues', () => {
  it('English has every message the code uses, and none it no longer uses (run npm run i18n:extract)', () => {
    const used = usedIds();
    expect([...used.keys()].filter((id) => !english.has(id)).map((id) => `${id} (${used.get(id)})`)).toEqual([]);
    expect([...english.keys()].filter((id) => !used.has(id))).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every message English has, and none English no longer has', (locale) => {
    const catalogue = readPo(locale);
    expect([...english.keys()].filter((id) => !catalogue.has(id))).toEqual([]);
    expect([...catalogue.keys()].filter((id) => !english.has(id))).toEqual([]);
  });

  it.each(LOCALES)('%s is translated: no message is empty or left as its id', (locale) => {
    const untranslated = [...readPo(locale)].filter(([id, text]) => !text.trim() || text === id).map(([id]) => id);
    expect(untranslated).toEqual([]);
  });

  it.each(LOCALES)('the compiled %s catalogue the app loads matches its .po file (run npm run i18n:compile)', async (locale) => {
    const { messages } = (await import(`../../locales/${locale}/messages.ts`)) as { messages: Record<string, unknown> };
    expect(Object.keys(messages).sort()).toEqual([...readPo(locale).keys()].sort());
  });
});
