// `npm start` / `npm run serve`: the built server (dist/index.mjs, made by scripts/build.mjs) in a process of its
// own, started with glibc's malloc told to give large blocks back and V8's thread pool sized to the cores
// (runtime-settings.mjs says why: both must be set before the process starts). Signals are passed on, so Ctrl-C and
// SIGTERM still end in the server's graceful shutdown, and its exit status is this process's. The image runs
// dist/index.mjs directly, with the same ENV and flags (Dockerfile).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MALLOC_ENV, NODE_FLAGS } from './runtime-settings.mjs';

const server = resolve(dirname(fileURLToPath(import.meta.url)), '../dist/index.mjs');
if (!existsSync(server)) {
  console.error('The server is not built: run `npm run build` (or `npm start`, which builds it).');
  process.exit(1);
}
const child = spawn(process.execPath, [...NODE_FLAGS, ...process.execArgv, server], { stdio: 'inherit', env: { ...MALLOC_ENV, ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1)));
