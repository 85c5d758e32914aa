// `npm start` / `npm run serve`: the built server (dist/index.mjs, made by scripts/build.mjs) in a process of its
// own, started with glibc's malloc told to give large blocks back and V8's thread pool sized to the cores
// (runtime-settings.mjs says why: both must be set before the process starts). Signals are passed on, so Ctrl-C and
// SIGTERM still end in the server's graceful shutdown, and its exit status is this process's. The image runs
// dist/index.mjs directly, with the same ENV and flags (Dockerfile).
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAsChild } from './run-child.mjs';
import { MALLOC_ENV, NODE_FLAGS } from './runtime-settings.mjs';

const server = resolve(dirname(fileURLToPath(import.meta.url)), '../dist/index.mjs');
if (!existsSync(server)) {
  console.error('The server is not built: run `npm run build` (or `npm start`, which builds it).');
  process.exit(1);
}
runAsChild([...NODE_FLAGS, ...process.execArgv, server], { env: { ...MALLOC_ENV, ...process.env } });
