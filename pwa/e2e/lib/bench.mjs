// @ts-check
// What the browser benches (bench-lists, bench-live, bench-home) share: how they speak (--json keeps stdout for the
// one JSON line `npm run bench` reads), their statistics, and their set-up: a private build of the app, a data folder
// holding the demo data and `size` more Verified donations (sync-server/src/bench/many-donations.ts), the real server
// on it, and one clean-up.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, rootDir, startServer } from './server.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/**
 * A figure of `npm run bench`'s table (sync-server/src/bench/run.ts reads the rows from the JSON line).
 * @typedef {{ figure: string, result: string, reference: string, target: string, verdict: 'ok' | 'MISSED' | '-' }} Row
 */

export const asJson = process.argv.includes('--json');
/** A line of progress: on stderr with --json, whose stdout carries the JSON line alone. @param {string} line */
export const say = (line) => (asJson ? console.error(line) : console.log(line));

/** @param {number[]} xs */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] ?? NaN) : ((s[s.length / 2 - 1] ?? NaN) + (s[s.length / 2] ?? NaN)) / 2;
};
/** @param {number[]} xs @param {number} p a fraction, 0.95 for the 95th percentile */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};
/** @param {number} ms */
export const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
/** @param {number} ms */
export const msOf = (ms) => `${ms.toFixed(0)} ms`;
/** @param {number} bytes */
export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * The signed-out home page's JavaScript as measure-home.mjs counts it (every script it loads, gzip -9), on the server
 * at `base`: run in a process of its own, which launches its own browser.
 * @param {string} base
 * @returns {Promise<{ files: { url: string, raw: number, gzip: number }[], totalGzipBytes: number, totalRawBytes: number, budgetBytes: number }>}
 */
export function measureHomeJs(base) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(rootDir, 'pwa', 'e2e', 'measure-home.mjs'), base, '--json'], { cwd: rootDir });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => (status === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`measure-home.mjs failed (${status}): ${stderr.slice(-2000)}`))));
  });
}

/**
 * The build, the data and the server of one bench. `browser()` names the browser the clean-up closes (the bench
 * launches it later).
 * @param {{ name: string, size: number, env?: Record<string, string>, browser: () => Browser | null }} opts
 */
export async function openBench({ name, size, env = {}, browser }) {
  process.env.E2E_PRIVATE_BUILD ??= '1';
  const dist = ensureBuild(say);
  const dataDir = mkdtempSync(join(tmpdir(), `foodbridge-bench-${name}-`));
  /** @type {Awaited<ReturnType<typeof startServer>> | null} */
  let server = null;
  const cleanUp = async () => {
    await browser()?.close().catch(() => {});
    await server?.stop();
    if (dist.startsWith(tmpdir()) && !process.env.E2E_PWA_DIST) rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const t0 = performance.now();
    const made = spawnSync(join(rootDir, 'node_modules', '.bin', 'tsx'), ['sync-server/src/bench/many-donations.ts', dataDir, String(size)], {
      cwd: rootDir,
      encoding: 'utf8',
    });
    if (made.status !== 0) throw new Error(`many-donations.ts failed (${made.status}): ${made.stderr.slice(-2000)}`);
    say(`· ${size.toLocaleString('en')} Verified donations and the demo data in the database (${secs(performance.now() - t0)})`);
    server = await startServer({ dist, seed: 'never', env: { DATA_DIR: dataDir, ...env }, log: say });
  } catch (err) {
    await cleanUp();
    throw err;
  }
  /**
   * The bench's end: each row printed, the JSON line for `npm run bench` (the rows and `extra`), clean-up, exit.
   * @param {Row[]} rows @param {Record<string, unknown>} extra
   */
  const finish = async (rows, extra) => {
    for (const row of rows) say(`${row.verdict === 'MISSED' ? '✗' : row.verdict === 'ok' ? '✓' : '·'} ${row.figure}: ${row.result} (reference: ${row.reference}; target: ${row.target})`);
    if (asJson) console.log(JSON.stringify({ rows, ...extra }));
    await cleanUp();
    process.exit(0);
  };
  /** A bench that failed: the error and the server's last words, clean-up, exit 1. @param {unknown} err */
  const fail = async (err) => {
    console.error(err);
    if (server?.output) console.error(`--- sync-server output (last lines) ---\n${server.output().slice(-3000)}`);
    await cleanUp();
    process.exit(1);
  };
  return { dist, server, cleanUp, finish, fail };
}
