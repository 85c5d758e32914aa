// The check of issue 13: every language has exactly the messages English has, English has exactly the messages the
// code uses, and the compiled catalogues the app loads match their .po sources (npm run i18n:compile was run).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locales';

// import.meta.url is the page's URL under happy-dom; the module runner still gives the file's own folder.
const SRC = join(import.meta.dirname, '../..');
const SHARED = join(SRC, '../../shared/src');
/** The folders of catalogues (lingui.config.ts): the app's, and shared/'s that the server reads too. */
const CATALOGUE_DIRS = [join(SRC, 'locales'), join(SHARED, 'locales')];

/** Each catalogue's name and folder, from English's files (every language must have the same ones). */
const catalogueFiles = CATALOGUE_DIRS.flatMap((dir) =>
  readdirSync(join(dir, 'en'))
    .filter((f) => f.endsWith('.po'))
    .map((f) => ({ dir, name: f.slice(0, -3) })),
);

/** msgid -> msgstr of one .po catalogue (the ids are plain keys; msgstr may carry escaped quotes). */
function readPo(dir: string, locale: Locale, name: string): Map<string, string> {
  const text = readFileSync(join(dir, locale, `${name}.po`), 'utf8');
  const entries = new Map<string, string>();
  const unquote = (s: string) => JSON.parse(`"${s}"`) as string;
  for (const m of text.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) {
    if (m[1]) entries.set(unquote(m[1]), unquote(m[2] ?? ''));
  }
  return entries;
}

/** Every message of a language, whichever catalogue holds it. */
function readAll(locale: Locale): Map<string, string> {
  return new Map(catalogueFiles.flatMap(({ dir, name }) => [...readPo(dir, locale, name)]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' || name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The ids the code uses, in the two forms Lingui's extractor reads: i18n._('id' ...) and /*i18n*\/ 'id'. */
function usedIds(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of [...sourceFiles(SRC), ...sourceFiles(SHARED)]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/i18n\._\(\s*'([^']+)'|\/\*i18n\*\/\s*'([^']+)'/g)) used.set(m[1] ?? m[2] ?? '', relative(SRC, file));
  }
  return used;
}

const english = readAll('en');

describe('message catalogues', () => {
  it('English has every message the code uses, and none it no longer uses (run npm run i18n:extract)', () => {
    const used = usedIds();
    expect([...used.keys()].filter((id) => !english.has(id)).map((id) => `${id} (${used.get(id)})`)).toEqual([]);
    expect([...english.keys()].filter((id) => !used.has(id))).toEqual([]);
  });

  it('no message is in two catalogues (a file belongs to one, lingui.config.ts)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { dir, name } of catalogueFiles) {
      for (const id of readPo(dir, 'en', name).keys()) {
        if (seen.has(id)) twice.push(`${id} (${seen.get(id)} and ${name})`);
        seen.set(id, name);
      }
    }
    expect(twice).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every message English has, in the same catalogues, and none English no longer has', (locale) => {
    for (const { dir, name } of catalogueFiles) {
      const own = readPo(dir, 'en', name);
      const catalogue = readPo(dir, locale, name);
      expect([...own.keys()].filter((id) => !catalogue.has(id)), `${locale}/${name}.po lacks`).toEqual([]);
      expect([...catalogue.keys()].filter((id) => !own.has(id)), `${locale}/${name}.po has extra`).toEqual([]);
    }
  });

  it.each(LOCALES)('%s is translated: no message is empty or left as its id', (locale) => {
    const untranslated = [...readAll(locale)].filter(([id, text]) => !text.trim() || text === id).map(([id]) => id);
    expect(untranslated).toEqual([]);
  });

  it.each(LOCALES)('the compiled %s catalogues the app loads match their .po files (run npm run i18n:compile)', async (locale) => {
    for (const { dir, name } of catalogueFiles) {
      const { messages } = (await import(/* @vite-ignore */ join(dir, locale, `${name}.ts`))) as { messages: Record<string, unknown> };
      expect(Object.keys(messages).sort(), `${locale}/${name}.ts`).toEqual([...readPo(dir, locale, name).keys()].sort());
    }
  });
});
