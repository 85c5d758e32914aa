#!/usr/bin/env node
// @ts-check
// Browser tests: builds the PWA if needed, starts the real sync-server on a fresh embedded database, runs
// e2e/tests/*.test.mjs one file after another in Debian's Chromium, and stops the server whatever happens.
//
//   npm run test:e2e                        (from the repo root or pwa/)
//   node pwa/e2e/run.mjs main-flow a11y     (only the test files whose name contains one of the words)
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), E2E_PRIVATE_BUILD=1 (build into a temp folder instead
// of pwa/dist), E2E_PWA_DIST (use this build as is), E2E_BASE_URL (test an already running server; nothing is
// built or started), E2E_TIMEOUT_MS (per action, default 15000), E2E_TOPOLOGY=1 (two servers on a throwaway Postgres
// behind Caddy, lib/topology.mjs; the tests' address is the proxy's, and E2E_TOPOLOGY_PIDS names the servers).
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { ensureBuild, pwaDir, startServer } from './lib/server.mjs';
import { startTopology } from './lib/topology.mjs';

const artifactsDir = join(pwaDir, 'e2e', 'artifacts');

const testsDir = join(pwaDir, 'e2e', 'tests');
const filters = process.argv.slice(2);
const files = readdirSync(testsDir)
  .filter((f) => f.endsWith('.test.mjs'))
  .filter((f) => !filters.length || filters.some((w) => f.includes(w)))
  .sort()
  .map((f) => join(testsDir, f));

if (!files.length) {
  console.error(`No test file in ${testsDir} matches ${filters.join(', ')}`);
  process.exit(1);
}

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.error(`Chromium not found at ${chromiumPath}. Install it with: sudo apt-get install -y chromium`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// Screenshots and axe reports of an earlier run would be mistaken for this one's.
rmSync(artifactsDir, { recursive: true, force: true });

const started = Date.now();
/** @type {{ stop: () => Promise<void>, output?: () => string } | null} */
let server = null;
/** @type {string | null} */
let privateDist = null;
const stopServer = async () => {
  const s = server;
  server = null;
  if (s) await s.stop();
  if (privateDist) rmSync(privateDist, { recursive: true, force: true });
  privateDist = null;
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void stopServer().finally(() => process.exit(130));
  });
}

let passed = 0;
let failed = 0;
/** @type {{ name: string, tail: string[] }[]} */
const serverAtFailures = [];
let skipped = 0;
try {
  if (!process.env.E2E_BASE_URL) {
    const dist = ensureBuild();
    if (process.env.E2E_PRIVATE_BUILD === '1' && dist.startsWith(tmpdir())) privateDist = dist;
    if (process.env.E2E_TOPOLOGY === '1') {
      const topology = await startTopology({ dist });
      server = topology;
      process.env.E2E_BASE_URL = topology.url;
      process.env.E2E_TOPOLOGY_PIDS = topology.instances.map((i) => i.pid).join(',');
    } else {
      const single = await startServer({ dist });
      server = single;
      process.env.E2E_BASE_URL = single.url;
    }
  }
  // The tests build their data with shared/'s TypeScript factories, so their processes need tsx's loader: Node
  // 20's run() has no execArgv option, but its child processes inherit NODE_OPTIONS.
  const tsx = `--import ${JSON.stringify(import.meta.resolve('tsx'))}`;
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, tsx].filter(Boolean).join(' ');
  // Sequential files: they share one server, and the main flow's steps depend on each other.
  const stream = run({ files, concurrency: 1, timeout: 5 * 60_000 });
  stream.on('test:pass', (e) => {
    if (e.details?.type === 'suite') return;
    if (e.skip || e.todo) skipped++;
    else passed++;
  });
  stream.on('test:fail', (e) => {
    if (e.details?.type === 'suite') return;
    // A file that crashes before declaring its tests is reported as one failure at nesting 0.
    failed++;
    const log = server?.output?.();
    if (log && serverAtFailures.length < 5) {
      serverAtFailures.push({ name: e.name, tail: log.slice(-30_000).trimEnd().split('\n').slice(-15).map((line) => line.slice(0, 300)) });
    }
  });
  await new Promise((resolve, reject) => {
    const out = stream.compose(spec);
    out.on('data', (chunk) => process.stdout.write(chunk));
    out.on('end', resolve);
    out.on('error', reject);
  });
  // What the shared server did as each test failed (its request lines name each call and how long it took): a test
  // that hangs on the server's side shows there. The whole log goes with the screenshots.
  for (const { name, tail } of serverAtFailures) {
    console.error(`\n--- the shared sync-server's last lines when '${name}' failed ---\n${tail.join('\n')}`);
  }
  if (failed && server?.output) {
    mkdirSync(artifactsDir, { recursive: true });
    writeFileSync(join(artifactsDir, 'sync-server.log'), server.output());
  }
} catch (err) {
  console.error(err);
  failed++;
  if (server?.output) console.error(`--- sync-server output ---\n${server.output()}`);
} finally {
  await stopServer();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nBrowser tests finished in ${seconds}s${skipped ? ` (${skipped} skipped)` : ''}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
