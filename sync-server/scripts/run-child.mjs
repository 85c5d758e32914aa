// @ts-check
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/**
 * Runs node with `args` in a process of its own, standing in for it: signals are passed on (so Ctrl-C and SIGTERM
 * still end a server in its graceful shutdown) and its exit status becomes this process's. For what must be set
 * before a process starts (start.mjs), or run as built rather than through tsx (bench.mjs).
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 */
export function runAsChild(args, options = {}) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', ...options });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1)));
}
