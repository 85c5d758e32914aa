// `npm run build` (sync-server): the server as one plain JavaScript file, dist/index.mjs, which `npm start` and the
// image run with node alone. Under tsx the same server holds ~80 MB more (tsx's loader, its transform cache and a
// source map per module): the embedded server's 300 MB memory target is out of reach with it (issue 9, ADR 009).
// Tests, the CLIs and `npm run dev` keep running the TypeScript through tsx. How it is bundled: bundle-options.mjs.
import { build } from 'esbuild';
import { dirname, relative, resolve } from 'node:path';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleOptions } from './bundle-options.mjs';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = resolve(serverDir, 'dist/index.mjs');

await build({
  ...bundleOptions(outfile),
  entryPoints: [resolve(serverDir, 'src/index.ts')],
  outfile,
  // Not minified: a stack trace in the log still names our functions and lines of readable code; the map is there
  // for `NODE_OPTIONS=--enable-source-maps` when a trace must point into src/.
  sourcemap: 'linked',
});

// Scalar's browser bundle, the API reference at /api/docs, beside the built server: what the server serves when the
// package itself is not installed (src/openapi/reference-page.ts looks in the package first).
const scalarBundle = resolve(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser/standalone.js');
await mkdir(resolve(serverDir, 'dist/api-reference'), { recursive: true });
await copyFile(scalarBundle, resolve(serverDir, 'dist/api-reference/standalone.js'));

// The demo seed's pictures, rasterised now rather than by the server's first start (src/seed/seed-images.ts).
const prerenderer = resolve(dirname(outfile), 'prerender-seed-images.mjs');
await build({
  ...bundleOptions(prerenderer),
  stdin: {
    contents: `import { demoPictureSvgs } from './src/seed/seed.ts';
import { prerender } from './src/seed/seed-images.ts';
export const count = await prerender(demoPictureSvgs());`,
    resolveDir: serverDir,
    sourcefile: 'prerender-seed-images.ts',
    loader: 'ts',
  },
  outfile: prerenderer,
});
try {
  const { count } = await import(pathToFileURL(prerenderer).href);
  console.log(`sync-server built: ${relative(process.cwd(), outfile)}, ${count} demo pictures in dist/seed-images`);
} finally {
  await rm(prerenderer, { force: true });
}
