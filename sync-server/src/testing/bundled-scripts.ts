import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from '../../scripts/bundle-options.mjs';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface BundledScripts {
  /** The bundle of `entry` (a path relative to the repository, as given to bundleScripts), to run with node alone. */
  path(entry: string): string;
  remove(): void;
}

/**
 * Command-line scripts (paths relative to the repository) bundled as `npm start`'s server is (bundle-options.mjs), for
 * tests that run them in a process of their own. Under `node --import tsx` each start spent about 0.5 s of CPU more
 * in tsx's loader, which resolves and transforms every module of ours and of the packages; the code run is the same.
 * Written under node_modules (so the packages left outside the bundle resolve), in a folder of this call's own.
 */
export async function bundleScripts(entries: readonly string[]): Promise<BundledScripts> {
  if (new Set(entries.map((e) => basename(e))).size !== entries.length) throw new Error('two scripts of the same name');
  const cache = join(rootDir, 'node_modules/.cache/foodbridge');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(join(cache, 'scripts-'));
  try {
    await build({
      ...bundleOptions(join(outdir, 'entry.mjs')),
      // Each bundle directly in `outdir`: bundleOptions points the bundled code at its source files from there.
      entryPoints: entries.map((e) => ({ in: resolve(rootDir, e), out: basename(e, '.ts') })),
      outdir,
      outExtension: { '.js': '.mjs' },
    });
  } catch (err) {
    rmSync(outdir, { recursive: true, force: true });
    throw err;
  }
  return {
    path(entry) {
      if (!entries.includes(entry)) throw new Error(`${entry} was not bundled`);
      return join(outdir, `${basename(entry, '.ts')}.mjs`);
    },
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}
