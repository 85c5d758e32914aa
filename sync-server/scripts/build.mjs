// `npm run build` (sync-server): the server as one plain JavaScript file, dist/index.mjs, which `npm start` and the
// image run with node alone. Under tsx the same server holds ~80 MB more (tsx's loader, its transform cache and a
// source map per module): the embedded server's 300 MB memory target is out of reach with it (issue 9, ADR 009).
// Tests, the CLIs and `npm run dev` keep running the TypeScript through tsx.
//
// Packages stay external (node_modules is there at run time, and sharp, PGlite and friends load files of their own);
// our own code and @foodbridge/shared are bundled. A module that finds files beside itself (migrations, the API
// docs page) keeps finding them: its import.meta.url is rewritten to its own source file, relative to the bundle.
import { build } from 'esbuild';
import { dirname, relative, resolve } from 'node:path';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = resolve(serverDir, 'dist/index.mjs');

/** Every bare import is left to node, except our own workspace package. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@foodbridge/') ? undefined : { path: args.path, external: true }));
  },
};

const ownLocation = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const fromBundle = relative(dirname(outfile), args.path).split('\\').join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', plugins: [externalPackages, ownLocation], logLevel: 'warning' };

await build({
  ...common,
  entryPoints: [resolve(serverDir, 'src/index.ts')],
  outfile,
  // Not minified: a stack trace in the log still names our functions and lines of readable code; the map is there
  // for `NODE_OPTIONS=--enable-source-maps` when a trace must point into src/.
  sourcemap: 'linked',
});

// The demo seed's pictures, rasterised now rather than by the server's first start (src/seed/seed-images.ts).
const prerenderer = resolve(dirname(outfile), 'prerender-seed-images.mjs');
await build({
  ...common,
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
