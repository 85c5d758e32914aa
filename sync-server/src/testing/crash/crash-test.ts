// SIGKILL in the middle of writes: starts the real server (src/index.ts) on embedded PGlite with its own data folder,
// and on a throwaway Postgres database when one is given, sends writes in flight (donations, requests, pickup
// confirmations with Idempotency-Keys as the app's outbox sends them), kills the process without warning, restarts
// it on the same data and checks that every acknowledged write is there, every confirmation was applied once (a
// replay of its key gives the first answer) and the data opens cleanly (start-up, migrations with nothing to apply,
// queries). Not part of `npm test`: it runs real server processes for about a minute. Run with
// `npm run test:crash --workspace sync-server`.
//
// Environment: CRASH_KILLS (kills per database, default 3), CRASH_WRITES (writes in flight per kill, default 200),
// CRASH_DATABASE_URL (a Postgres server URL to create the throwaway database on; DATABASE_URL is used if unset; with
// neither, only embedded PGlite is tested).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { createDonationInput, createDonationRequestInput } from '@foodbridge/shared/testing/factories';
import { DEMO_PASSWORD } from '../../seed/seed.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const KILLS = Number(process.env.CRASH_KILLS ?? 3);
const WRITES = Number(process.env.CRASH_WRITES ?? 200);
const IN_FLIGHT = 24;
const pgServerUrl = process.env.CRASH_DATABASE_URL ?? process.env.DATABASE_URL;

interface Totals {
  acknowledged: number;
  checked: number;
  lost: number;
  confirmationsReplayed: number;
  doubleApplied: number;
  problems: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolvePort(port));
    });
  });
}

// Whatever happens to this script, no server it started outlives it.
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const t0 = Date.now();
  const port = await freePort();
  // Node itself with tsx's loader, not the tsx wrapper: SIGKILL must reach the process that serves.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      SEED_DEMO_DATA: 'always',
      // Everything comes from one address in seconds; the limits are not what is tested here.
      RATE_LIMIT_SCALE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} while starting:\n${output}`);
    try {
      const res = await fetch(`${base}/donations/verified?limit=1`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start within 60 s:\n${output}`);
    await sleep(100);
  }
  if (process.env.CRASH_VERBOSE) console.log(`    started in ${Date.now() - t0} ms`);
  return { child, base, output: () => output };
}

function kill(server: Running, signal: NodeJS.Signals): Promise<void> {
  return new Promise((done) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return done();
    server.child.once('exit', () => done());
    server.child.kill(signal);
  });
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  if (body !== undefined) h['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

async function ok(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await call(base, method, path, token, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function login(base: string, who: string): Promise<string> {
  const body = await ok(base, 'POST', '/auth/login', undefined, { email: `${who}@foodbridge.test`, password: DEMO_PASSWORD });
  return body.idToken as string;
}

/** The stored answer comes back from jsonb, whose key order is its own: compare with keys sorted. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  }
  return value;
}
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

type Write =
  | { kind: 'donation'; title: string; id?: string }
  | { kind: 'request'; donationId: string; id?: string }
  | { kind: 'pickup'; donationId: string; key: string; answer?: unknown };

interface Tokens {
  restaurant: string;
  admin: string;
  charity: string;
}

async function tokensOf(base: string): Promise<Tokens> {
  const [restaurant, admin, charity] = await Promise.all(['restaurant', 'admin', 'charity'].map((w) => login(base, w)));
  return { restaurant: restaurant!, admin: admin!, charity: charity! };
}

/** Donations to request (verified) and to confirm (accepted for the demo charity), made before the writes start. */
async function prepare(base: string, t: Tokens, toRequest: number, toConfirm: number) {
  const verified = await inParallel(toRequest + toConfirm, async () => {
    const { insertedId } = await ok(base, 'POST', '/donations', t.restaurant, createDonationInput());
    await ok(base, 'PATCH', `/donations/verify/${insertedId}`, t.admin);
    return insertedId as string;
  });
  const accepted = verified.splice(0, toConfirm);
  await inParallel(accepted.length, async (i) => {
    const { insertedId } = await ok(base, 'POST', '/donation-requests', t.charity, createDonationRequestInput({ donationId: accepted[i]! }));
    await ok(base, 'PATCH', `/donation-requests/accept/${insertedId}`, t.restaurant);
  });
  return { verified, accepted };
}

/** `make(0..n-1)`, eight at a time. */
async function inParallel<T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await make(i);
      }
    }),
  );
  return out;
}

async function send(base: string, t: Tokens, w: Write): Promise<boolean> {
  if (w.kind === 'donation') {
    const res = await call(base, 'POST', '/donations', t.restaurant, createDonationInput({ title: w.title }));
    if (res.status === 201) w.id = res.body.insertedId;
    return res.status === 201;
  }
  if (w.kind === 'request') {
    const res = await call(base, 'POST', '/donation-requests', t.charity, createDonationRequestInput({ donationId: w.donationId }));
    if (res.status === 201) w.id = res.body.insertedId;
    return res.status === 201;
  }
  const res = await call(base, 'PATCH', `/donations/pickup/${w.donationId}`, t.charity, undefined, { 'idempotency-key': w.key });
  if (res.status === 200) w.answer = res.body;
  return res.status === 200;
}

/** One round: writes in flight, SIGKILL part-way, restart, check. Returns the restarted server. */
async function round(server: Running, env: Record<string, string>, label: string, totals: Totals): Promise<Running> {
  const t = await tokensOf(server.base);
  const pickups = Math.floor(WRITES / 4);
  const requests = Math.floor(WRITES / 4);
  const t0 = Date.now();
  const { verified, accepted } = await prepare(server.base, t, requests, pickups);
  if (process.env.CRASH_VERBOSE) console.log(`    prepared in ${Date.now() - t0} ms`);
  const writes: Write[] = [
    ...accepted.map((donationId): Write => ({ kind: 'pickup', donationId, key: `outbox-${randomUUID()}` })),
    ...verified.map((donationId): Write => ({ kind: 'request', donationId })),
  ];
  while (writes.length < WRITES) writes.push({ kind: 'donation', title: `Crash ${label} ${randomBytes(4).toString('hex')}` });
  writes.sort(() => Math.random() - 0.5);

  const acknowledged = new Set<Write>();
  const killAfter = Math.floor(WRITES * (0.3 + Math.random() * 0.4));
  let next = 0;
  let killing: Promise<void> | undefined;
  const worker = async () => {
    while (next < writes.length && !killing) {
      const w = writes[next++]!;
      try {
        if (await send(server.base, t, w)) acknowledged.add(w);
      } catch {
        // The connection died with the process: not acknowledged.
      }
      if (acknowledged.size >= killAfter) killing ??= kill(server, 'SIGKILL');
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await (killing ?? kill(server, 'SIGKILL'));
  const inFlightAtKill = next - acknowledged.size;

  const restarted = await startServer(env);
  if (/Applied migrations/.test(restarted.output())) totals.problems.push(`${label}: migrations ran again after the restart`);
  const t2 = await tokensOf(restarted.base);

  let lost = 0;
  const myRequests = await ok(restarted.base, 'GET', `/donation-requests?charityEmail=charity@foodbridge.test`, t2.charity);
  const requestIds = new Set((myRequests as { _id: string }[]).map((r) => r._id));
  for (const w of acknowledged) {
    if (w.kind === 'donation') {
      const res = await call(restarted.base, 'GET', `/donations/${w.id}`, t2.restaurant);
      if (res.status !== 200 || res.body.title !== w.title) lost++;
    } else if (w.kind === 'request') {
      if (!requestIds.has(w.id!)) lost++;
    } else {
      const res = await call(restarted.base, 'GET', `/donations/${w.donationId}`, t2.charity);
      if (res.status !== 200 || res.body.status !== 'Picked') lost++;
    }
  }
  // Every confirmation, acknowledged or not, replayed twice with its key as the outbox does after a restart: the
  // answer is the first one given (for an acknowledged one, the very answer the client got), applied once.
  for (const w of writes) {
    if (w.kind !== 'pickup') continue;
    const first = await call(restarted.base, 'PATCH', `/donations/pickup/${w.donationId}`, t2.charity, undefined, { 'idempotency-key': w.key });
    const second = await call(restarted.base, 'PATCH', `/donations/pickup/${w.donationId}`, t2.charity, undefined, { 'idempotency-key': w.key });
    totals.confirmationsReplayed++;
    if (first.status !== 200 || second.status !== 200 || !second.replayed || !same(first.body, second.body)) {
      totals.doubleApplied++;
      totals.problems.push(`${label}: replaying ${w.key} gave ${first.status}/${second.status}`);
    } else if (acknowledged.has(w) && (!first.replayed || !same(first.body, w.answer))) {
      totals.doubleApplied++;
      totals.problems.push(`${label}: the acknowledged confirmation ${w.key} was answered differently after the restart`);
    }
  }
  totals.acknowledged += acknowledged.size;
  totals.checked += acknowledged.size;
  totals.lost += lost;
  if (lost) totals.problems.push(`${label}: ${lost} acknowledged writes lost`);
  console.log(
    `  ${label}: killed after ${acknowledged.size} acknowledged writes (${inFlightAtKill} in flight); restarted in a clean state; ` +
      `${lost} lost`,
  );
  return restarted;
}

async function runDatabase(name: string, env: Record<string, string>, totals: Totals) {
  const started = Date.now();
  let server = await startServer(env);
  try {
    for (let i = 1; i <= KILLS; i++) server = await round(server, env, `${name} kill ${i}/${KILLS}`, totals);
    // The last restart must also answer ordinary reads and stop cleanly.
    await ok(server.base, 'GET', '/donations/verified?limit=5');
  } finally {
    await kill(server, 'SIGTERM');
  }
  console.log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const started = Date.now();
  const totals: Totals = { acknowledged: 0, checked: 0, lost: 0, confirmationsReplayed: 0, doubleApplied: 0, problems: [] };
  console.log(`Crash test: ${KILLS} SIGKILLs per database, ${WRITES} writes in flight each`);

  const dataDir = mkdtempSync(join(tmpdir(), 'foodbridge-crash-'));
  try {
    // An empty DATABASE_URL keeps a DATABASE_URL from the environment or .env from taking the embedded run to Postgres.
    await runDatabase('embedded PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, totals);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (pgServerUrl) {
    const dbName = `fb_crash_${randomBytes(6).toString('hex')}`;
    const admin = postgres(pgServerUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${dbName}`);
    const url = new URL(pgServerUrl);
    url.pathname = `/${dbName}`;
    const scratch = mkdtempSync(join(tmpdir(), 'foodbridge-crash-'));
    try {
      await runDatabase(`Postgres ${dbName}`, { DATABASE_URL: url.toString(), DATA_DIR: scratch }, totals);
    } finally {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
      rmSync(scratch, { recursive: true, force: true });
    }
  } else {
    console.log('  Postgres: skipped (set CRASH_DATABASE_URL or DATABASE_URL to a Postgres server to include it)');
  }

  console.log(
    `Acknowledged writes checked: ${totals.checked}, lost: ${totals.lost}; confirmations replayed: ` +
      `${totals.confirmationsReplayed}, not applied exactly once: ${totals.doubleApplied}; ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (totals.problems.length) {
    console.error(totals.problems.join('\n'));
    process.exit(1);
  }
}

await main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
