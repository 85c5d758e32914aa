// @ts-check
// Builds the PWA when needed and runs the real sync-server on a throwaway embedded database for the browser tests.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';

export const pwaDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const rootDir = resolve(pwaDir, '..');

/** Newest modification time under a path (files and folders), for the "is dist older than src" check. */
/** @param {string} path @returns {number} */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'routeTree.gen.ts') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** @param {string} dist */
function distIsStale(dist) {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(pwaDir, p));
  inputs.push(join(rootDir, 'shared', 'src'));
  return inputs.some((p) => newestMtime(p) > built);
}

/**
 * Returns the folder of the built PWA. E2E_PRIVATE_BUILD=1 builds into a temporary folder, so the tests are not
 * disturbed by someone else rebuilding pwa/dist at the same time; otherwise pwa/dist is (re)built when it is
 * missing, older than its sources, or always in CI.
 */
export function ensureBuild(log = console.log) {
  if (process.env.E2E_PWA_DIST) return resolve(process.env.E2E_PWA_DIST);
  const privateBuild = process.env.E2E_PRIVATE_BUILD === '1';
  const dist = privateBuild ? mkdtempSync(join(tmpdir(), 'foodbridge-e2e-dist-')) : join(pwaDir, 'dist');
  if (!privateBuild && !process.env.CI && !distIsStale(dist)) {
    log(`Using the existing build in ${dist}`);
    return dist;
  }
  log(`Building the PWA into ${dist} ...`);
  const t0 = Date.now();
  const args = privateBuild
    ? ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn']
    : ['vite', 'build', '--logLevel', 'warn'];
  const res = spawnSync('npx', args, { cwd: pwaDir, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`The PWA build failed (exit ${res.status ?? res.signal})`);
  log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return dist;
}

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolvePort(port));
    });
  });
}

let serverBuilt = false;
/**
 * The built server as `npm start` runs it (sync-server/scripts/build.mjs, once per run; started by its launcher,
 * scripts/start.mjs, which sets its malloc setting and node flags; the launcher shares the process group, so stop() ends both).
 */
function builtServer() {
  if (!serverBuilt) {
    const res = spawnSync(process.execPath, ['sync-server/scripts/build.mjs'], { cwd: rootDir, stdio: 'inherit' });
    if (res.status !== 0) throw new Error('sync-server/scripts/build.mjs failed');
    serverBuilt = true;
  }
  return 'sync-server/scripts/start.mjs';
}

/**
 * Starts `tsx sync-server/src/index.ts` (or, with `built`, the built server as production runs it) in its own process group with a fresh DATA_DIR (embedded PGlite, seeded
 * demo data, payments in test mode) and waits until /auth/config answers.
 * `databaseUrl` runs it on a real Postgres database instead (several processes may share one: seed it with the
 * first, `seed: 'never'` for the others).
 * Returns { url, dataDir, stop(), output() }.
 * `env` adds settings of its own (TRUST_PROXY behind a proxy, say).
 * @param {{ dist?: string, log?: (line: string) => void, timeoutMs?: number, databaseUrl?: string, seed?: string, env?: Record<string, string>, built?: boolean }} [options]
 */
export async function startServer({ dist, log = console.log, timeoutMs = 90_000, databaseUrl = '', seed = 'always', env: extraEnv = {}, built = false } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'foodbridge-e2e-data-'));
  const tsx = join(rootDir, 'node_modules', '.bin', 'tsx');
  /** @type {[string, string[]]} */
  const [cmd, args] = built ? [process.execPath, [builtServer()]] : existsSync(tsx) ? [tsx, ['sync-server/src/index.ts']] : ['npx', ['tsx', 'sync-server/src/index.ts']];
  // Empty values win over a developer's .env (the server never overwrites variables that are already set), so the
  // run always uses the embedded database, the built-in identity provider and test-mode payments, outside production
  // mode (which refuses to start with those).
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    NODE_ENV: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: seed,
    FIREBASE_PROJECT_ID: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    ADMIN_EMAILS: '',
    // Every browser test calls from 127.0.0.1: the whole suite registers and signs in more often than one real
    // address would within the limits' windows.
    RATE_LIMIT_SCALE: '100',
    PUBLIC_URL: '',
    ...extraEnv,
  };
  if (dist) {
    env.PWA_DIST = dist;
    // Test files run in child processes that inherit this: tests that start servers of their own serve the same build.
    process.env.E2E_SERVER_DIST ??= dist;
  }
  let out = '';
  const child = spawn(cmd, args, {
    cwd: rootDir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  // Last resort when the runner itself dies: no orphaned server keeps the port and the temp folder.
  const onExit = () => {
    if (exited === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const stop = async () => {
    if (exited === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const deadline = Date.now() + 5000;
      while (exited === null && Date.now() < deadline) await sleep(100);
      if (exited === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
    process.removeListener('exit', onExit);
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`The sync-server exited (${JSON.stringify(exited)}) before answering:\n${out}`);
    }
    try {
      const res = await fetch(`${url}/auth/config`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The sync-server did not answer /auth/config within ${timeoutMs / 1000}s:\n${out}`);
    }
    await sleep(250);
  }
  log(`sync-server up at ${url} (DATA_DIR ${dataDir})`);
  return { url, dataDir, pid: child.pid, stop, output: () => out };
}

/**
 * A server of the test file's own, for the tests that read what it prints (the mailed links): started before the
 * file's tests on the build `run.mjs` made, and stopped after them, the harness `h` closed first. Its `url` and
 * `output()` are read once it runs.
 * @param {{ close(): Promise<void> }} h
 */
export function ownServer(h) {
  /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
  let running;
  before(async () => {
    const dist = process.env.E2E_SERVER_DIST ?? (existsSync(join(pwaDir, 'dist', 'index.html')) ? join(pwaDir, 'dist') : undefined);
    assert.ok(dist, 'No PWA build to serve (run through `node pwa/e2e/run.mjs`, or build pwa/dist first)');
    running = await startServer({ dist, log: (m) => console.log(`# ${m}`) });
  });
  after(async () => {
    await h.close();
    await running?.stop();
  });
  const started = () => {
    if (!running) throw new Error('the test file’s server has not started');
    return running;
  };
  return {
    get url() {
      return started().url;
    },
    output: () => started().output(),
  };
}

export const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
