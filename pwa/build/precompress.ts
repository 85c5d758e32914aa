import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the server sends often enough to be worth compressing; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than the extra header costs. */
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside each of `files` under `dir` where they come out smaller. */
export async function precompressFiles(dir: string, files: readonly string[]): Promise<string[]> {
  const written: string[] = [];
  await Promise.all(
    files
      .filter((f) => COMPRESSIBLE.test(f))
      .map(async (f) => {
        const path = join(dir, f);
        const raw = await readFile(path);
        if (raw.length < MIN_BYTES) return;
        const [br, gzipped] = await Promise.all([
          brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          gz(raw, { level: 9 }),
        ]);
        if (br.length < raw.length) written.push(await write(`${path}.br`, br));
        if (gzipped.length < raw.length) written.push(await write(`${path}.gz`, gzipped));
      }),
  );
  return written;
}

async function write(path: string, data: Buffer): Promise<string> {
  await writeFile(path, data);
  return path;
}

/**
 * Compresses the build's text files once, at the highest settings, so the server sends Brotli or gzip without
 * compressing on every request (sync-server/src/http/spa.ts picks the copy the browser accepts). A plugin rather than
 * a step after `vite build`, so every build, the browser tests' included, gets them.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'foodbridge:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(options, bundle) {
      await precompressFiles(options.dir ?? outDir, Object.keys(bundle));
    },
  };
}
