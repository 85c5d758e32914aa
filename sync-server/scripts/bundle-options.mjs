// @ts-check
// How our TypeScript becomes the plain JavaScript node runs: the server (build.mjs) and the bench (bench.mjs) are
// bundled alike, so that the bench measures the code `npm start` runs.
//
// Packages stay external (node_modules is there at run time, and sharp, PGlite and friends load files of their own);
// our own code and @foodbridge/shared are bundled. A module that finds files beside itself (migrations, the API
// docs page) keeps finding them: its import.meta.url is rewritten to its own source file, relative to the bundle.
import { dirname, relative } from 'node:path';
import { readFile } from 'node:fs/promises';

/** @type {import('esbuild').Plugin} Every bare import is left to node, except our own workspace package. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@foodbridge/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * @param {string} outfile where the bundle is written
 * @returns {import('esbuild').Plugin}
 */
const ownLocation = (outfile) => ({
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const fromBundle = relative(dirname(outfile), args.path).split('\\').join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: 'ts' };
    });
  },
});

/**
 * esbuild's options for a bundle written to `outfile` (entry and output are the caller's to add). No `keepNames`: tsx
 * sets it, and then names each function it makes with a defineProperty call, a cost per request our server never pays.
 * @param {string} outfile
 * @returns {import('esbuild').BuildOptions}
 */
export const bundleOptions = (outfile) => ({
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalPackages, ownLocation(outfile)],
  logLevel: 'warning',
});
