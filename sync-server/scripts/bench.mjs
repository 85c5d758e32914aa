// @ts-check
// `npm run bench` (sync-server): src/bench/run.ts bundled as the server is (bundle-options.mjs) and run with node, so
// that the API figures measure the code `npm start` runs. Under tsx the app paid for tsx's transform: it names every
// function it makes, a defineProperty call for each closure each request makes (issue 9).
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from './bundle-options.mjs';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = resolve(serverDir, 'dist/bench.mjs');
await build({ ...bundleOptions(outfile), entryPoints: [resolve(serverDir, 'src/bench/run.ts')], outfile, sourcemap: 'linked' });
const child = spawn(process.execPath, [outfile, ...process.argv.slice(2)], { cwd: serverDir, stdio: 'inherit' });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1)));
