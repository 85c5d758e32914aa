// @ts-check
// `npm run bench` (sync-server): src/bench/run.ts bundled as the server is (bundle-options.mjs) and run with node, so
// that the API figures measure the code `npm start` runs. Under tsx the app paid for tsx's transform: it names every
// function it makes, a defineProperty call for each closure each request makes (issue 9).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from './bundle-options.mjs';
import { runAsChild } from './run-child.mjs';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = resolve(serverDir, 'dist/bench.mjs');
await build({ ...bundleOptions(outfile), entryPoints: [resolve(serverDir, 'src/bench/run.ts')], outfile, sourcemap: 'linked' });
runAsChild([outfile, ...process.argv.slice(2)], { cwd: serverDir });
