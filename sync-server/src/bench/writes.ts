// Writes from many clients (issue 45): 100 accounts doing the app's mix of writes (requests, accepts, pickups with
// their reports, favourites) for BENCH_WRITES_MS, with no answer of 5xx, and at least 0.8x the writes per second of the
// same load with the replication bookkeeping turned off: the triggers that give each replicated row its change position
// (`<table>_seq`) and announce it (`<table>_notify`), disabled on the throwaway database. On Postgres, two server
// processes share it; on the embedded database, one server in this process (PGlite lives inside the server that opens
// it, and the bench needs its SQL to add donations and toggle the triggers). The two sides run in alternating rounds of
// ~10 s (R M M R R M ...), so that neither warm-up, the tables' growth nor the host's other work favours one. Part of
// `npm run bench` (run.ts); also runs alone, embedded or on Postgres:
//   npx tsx sync-server/src/bench/writes.ts
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx sync-server/src/bench/writes.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import postgres from 'postgres';
import { createRegisterInput } from '@foodbridge/shared/testing/factories';
import type { Sql } from '../db/connection.ts';
import { setUserRole } from '../db/users.ts';
import { insertManyDonations, type FixtureRestaurant } from '../testing/fixtures.ts';
import { createTestApp } from '../testing/test-app.ts';
import type { Row } from './performance-doc.ts';
import { buildServer, serverDatabase, serverDir, startServerProcess } from './server-process.ts';
import type { WriteLoadResult, WriteLoadSpec, WriteRole } from './write-load.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** Each side's time under load, in rounds: the measured one's and the reference's. */
export const WRITES_MS = Number(process.env.BENCH_WRITES_MS ?? 60_000);
/** Server processes on Postgres; the embedded database has one. */
const POSTGRES_INSTANCES = 2;
const ACCOUNTS: Record<WriteRole, number> = { restaurant: 10, charity: 60, user: 30 };
/**
 * Fresh Verified donations for each round, per second of it: on 2 cores the charities requested up to ~170 a second
 * and the restaurants accepted about a quarter of those, so the open ones never run out and nearly every request
 * finds its donation open (a taken one is a 409, counted apart).
 */
const DONATIONS_PER_SECOND = 300;

/** One side's rounds added up: the measured one (bookkeeping on) or the reference (off). */
interface Side {
  seconds: number;
  writes: number;
  answers: WriteLoadResult['answers'];
  latencies: number[];
  ranOut: number;
}
const emptySide = (): Side => ({ seconds: 0, writes: 0, answers: {}, latencies: [], ranOut: 0 });
function add(side: Side, r: WriteLoadResult) {
  side.seconds += r.seconds;
  side.writes += r.writes;
  side.ranOut += r.ranOut;
  for (const l of r.latencies) side.latencies.push(l);
  for (const [kind, byStatus] of Object.entries(r.answers)) {
    const into = (side.answers[kind] ??= {});
    for (const [key, n] of Object.entries(byStatus)) into[key] = (into[key] ?? 0) + n;
  }
}
const rateOf = (side: Side) => side.writes / side.seconds;
const p95Of = (side: Side) => [...side.latencies].sort((a, b) => a - b)[Math.floor(0.95 * (side.latencies.length - 1))] ?? 0;

type Answers = WriteLoadResult['answers'];
const countOf = (answers: Answers, test: (status: number) => boolean) =>
  Object.values(answers)
    .flatMap((byStatus) => Object.entries(byStatus))
    .filter(([key]) => test(Number(key.split(' ')[0])))
    .reduce((n, [, count]) => n + count, 0);
const failed = (status: number) => status >= 500 || status === 0;
/** A race's ordinary outcome: taken by someone else (409) or gone (404). */
const lostRace = (status: number) => status === 409 || status === 404;
const otherRefusal = (status: number) => status >= 400 && status < 500 && !lostRace(status);

/** '503 server/busy × 3, 0 × 1': the answers of one class, by status and code. */
function listOf(answers: Answers, test: (status: number) => boolean): string {
  const counts = new Map<string, number>();
  for (const byStatus of Object.values(answers)) {
    for (const [key, n] of Object.entries(byStatus)) if (test(Number(key.split(' ')[0]))) counts.set(key, (counts.get(key) ?? 0) + n);
  }
  return [...counts].map(([key, n]) => `${key} × ${n}`).join(', ');
}

/** The replication triggers of every table, on (as the app runs) or off (the reference). */
async function setBookkeeping(sql: Sql, on: boolean): Promise<void> {
  const triggers = await sql<{ name: string; table: string }[]>`
    SELECT quote_ident(t.tgname) AS name, t.tgrelid::regclass::text AS table
    FROM pg_trigger t
    WHERE NOT t.tgisinternal AND t.tgfoid IN ('bump_change_seq'::regproc, 'notify_sync_change'::regproc)`;
  // users, donations, donation_requests, charity_requests, reviews, favorites and notifications have a _seq; five a _notify.
  if (triggers.length < 12) throw new Error(`expected the replication triggers, found ${triggers.map((t) => t.name).join(', ')}`);
  for (const t of triggers) await sql.unsafe(`ALTER TABLE ${t.table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${t.name}`);
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} -> ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The accounts, registered through the API (a few at a time: password hashing is rationed) and given their roles. */
async function createAccounts(urls: string[], sql: Sql) {
  const roles = (Object.entries(ACCOUNTS) as [WriteRole, number][]).flatMap(([role, n]) => Array.from({ length: n }, (_, i) => ({ role, i })));
  const accounts: (FixtureRestaurant & { role: WriteRole; token: string })[] = [];
  for (let start = 0; start < roles.length; start += 4) {
    const batch = roles.slice(start, start + 4).map(async ({ role, i }, k) => {
      const name = `Bench ${role} ${i + 1}`;
      const input = createRegisterInput({ name, email: `bench-writes-${role}-${i + 1}@bench.test` });
      const res = await fetch(`${urls[k % urls.length]}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
      const body = await json<{ idToken: string; user: { _id: string } }>(res);
      return { id: body.user._id, email: input.email, name, role, token: body.idToken };
    });
    accounts.push(...(await Promise.all(batch)));
  }
  for (const a of accounts) if (a.role !== 'user') await setUserRole(sql, a.id, a.role);
  // Every instance knows the new roles (the accounts' notification drops what they cached) before the load begins.
  for (const url of urls) {
    for (const a of accounts) {
      for (let attempt = 0; ; attempt++) {
        const me = await json<{ role: string }>(await fetch(`${url}/users/me`, { headers: { authorization: `Bearer ${a.token}` } }));
        if (me.role === a.role) break;
        if (attempt > 50) throw new Error(`${url}: ${a.email} is still ${me.role}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
  return accounts;
}

/** Runs write-load.ts in its own process with `spec` on its stdin. */
function runLoad(spec: WriteLoadSpec): Promise<WriteLoadResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'write-load.ts')], { cwd: serverDir, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise(JSON.parse(out) as WriteLoadResult) : reject(new Error(`write-load.ts exited ${code}`))));
    child.stdin.end(JSON.stringify(spec));
  });
}

/** The servers under load and the SQL beside them: two processes on Postgres, or one server in this process. */
interface WriteTarget {
  /** As the row names the database: 'Postgres' or 'embedded PGlite'. */
  kind: string;
  instances: number;
  urls: string[];
  /** The bench's own SQL on the servers' database, between rounds. */
  sql: Sql;
  /** Each instance's output so far (its warnings and errors). */
  output(): string[];
  /** Why an instance is no longer running, if one is not. */
  exited(): string | undefined;
  stop(): Promise<void>;
}

/** Two server processes, built as `npm start` runs them, on a throwaway database of the Postgres server at `postgresUrl`. */
async function startPostgresTarget(postgresUrl: string): Promise<WriteTarget> {
  const db = await serverDatabase(postgresUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'fb-bench-writes-'));
  const sql = postgres(db.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
  const servers: Awaited<ReturnType<typeof startServerProcess>>[] = [];
  const stop = async () => {
    for (const s of servers) s.stop();
    await sql.end({ timeout: 5 });
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const env = { PORT: '0', DATA_DIR: dataDir, SEED_DEMO_DATA: 'never', PWA_DIST: '', RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn', ...db.env };
    // One after the other: the first migrates the database.
    for (let i = 0; i < POSTGRES_INSTANCES; i++) servers.push(await startServerProcess(env));
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    kind: 'Postgres',
    instances: POSTGRES_INSTANCES,
    urls: servers.map((s) => s.url),
    sql,
    output: () => servers.map((s) => s.output()),
    exited: () => {
      const i = servers.findIndex((s) => s.exitCode() !== null);
      return i < 0 ? undefined : `server ${i + 1} exited (${servers[i]!.exitCode()}): ${servers[i]!.output().slice(-2000)}`;
    },
    stop,
  };
}

/**
 * One server on an in-memory PGlite in this process, as run.ts serves its API figures: the test app (the real app,
 * rate limits raised by RATE_LIMIT_SCALE as for the server processes) over loopback HTTP. Its SQL is the app's own
 * single connection (db/connection.ts), used only between rounds.
 */
async function startEmbeddedTarget(): Promise<WriteTarget> {
  let log = '';
  const t = await createTestApp({ LOG_LEVEL: 'warn', LOG_FORMAT: 'json' }, { logDestination: { write: (line: string) => void (log += line) } });
  // createTestApp opens DATABASE_URL's server when it is set: this figure is the embedded one's.
  if (t.deps.db.mode !== 'embedded') {
    await t.close();
    throw new Error('the embedded write figure runs without DATABASE_URL');
  }
  // Without SMTP_URL each sign-up's link is printed: a server process's output is kept for its failures, this one's
  // would fill the bench's own with 100 lines.
  t.deps.mailer = { mode: 'log', send: async () => {}, close: () => {} };
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((r) => server.once('listening', () => r()));
  return {
    kind: 'embedded PGlite',
    instances: 1,
    urls: [`http://127.0.0.1:${(server.address() as AddressInfo).port}`],
    sql: t.sql,
    output: () => [log],
    exited: () => undefined,
    async stop() {
      await new Promise((r) => server.close(r));
      await t.close();
    },
  };
}

/**
 * The figure: on the embedded database (no `postgresUrl`), one server in this process; on a throwaway database of the
 * Postgres server at `postgresUrl`, two server processes. 100 accounts and fresh donations for each round; a warm-up,
 * then `durationMs` of each side in alternating rounds.
 */
export async function measureWrites(postgresUrl: string | undefined, durationMs = WRITES_MS): Promise<Row[]> {
  const target = postgresUrl ? await startPostgresTarget(postgresUrl) : await startEmbeddedTarget();
  const { kind, instances, urls, sql } = target;
  try {
    const accounts = await createAccounts(urls, sql);
    const restaurants = accounts.filter((a) => a.role === 'restaurant');
    const clients = accounts.map(({ role, token, email }) => ({ role, token, email }));

    const known = new Set<string>();
    // Deadlocks are retried by the server and logged nowhere: the database counts them (its statistics reach the view
    // within a second or so, so a round's count may show in the next one's).
    const deadlocks = async () => Number((await sql<{ n: string }[]>`SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()`)[0]!.n);
    const deadlocksBefore = await deadlocks();
    /** One run of the load on fresh donations, with the bookkeeping on or off. */
    const round = async (label: string, bookkeeping: boolean, ms: number, into?: Side) => {
      const perRestaurant = Math.ceil((DONATIONS_PER_SECOND * ms) / 1000 / restaurants.length);
      for (const r of restaurants) await insertManyDonations(sql, r, perRestaurant);
      const donationIds = (await sql<{ id: string }[]>`SELECT id FROM donations`).map((d) => d.id).filter((id) => !known.has(id));
      for (const id of donationIds) known.add(id);
      // The planner's statistics as autovacuum (or the embedded server's upkeep) keeps them, the same for every round.
      await sql`ANALYZE`;
      await setBookkeeping(sql, bookkeeping);
      const logFrom = target.output().map((o) => o.length);
      const deadlocksFrom = await deadlocks();
      const result = await runLoad({ urls, durationMs: ms, clients, donationIds });
      const serverLog = target.output().map((o, i) => o.slice(logFrom[i])).join('');
      const fives = countOf(result.answers, failed);
      console.log(
        `· writes, ${label}, bookkeeping ${bookkeeping ? 'on ' : 'off'}: ${(result.writes / result.seconds).toFixed(0)} writes/s, p95 ${result.p95.toFixed(0)} ms, ` +
          `${fives} × 5xx or no answer${fives ? ` (${listOf(result.answers, failed)})` : ''}, ${(await deadlocks()) - deadlocksFrom} deadlocks retried; ` +
          `load average ${loadavg()[0]!.toFixed(2)}`,
      );
      if (fives) {
        for (const f of result.failures) console.log(`    ! ${f.kind} -> ${f.status}: ${f.body}`);
        console.log(`    ! the servers logged:\n${serverLog.slice(-4000)}`);
      }
      if (into) add(into, result);
    };

    // Warm-up (the servers' code optimised, the connection pools full), then short rounds of each, alternating as
    // R M M R R M ...: whatever else the host runs falls on both sides alike (one side's 60 s in one piece read
    // 0.77x and 1.39x in two runs while other work came and went).
    await round('warm-up', true, Math.min(20_000, durationMs / 2));
    const roundsEach = 2 * Math.max(1, Math.round(durationMs / 20_000));
    const roundMs = durationMs / roundsEach;
    const measured = emptySide();
    const reference = emptySide();
    for (let i = 0; i < 2 * roundsEach; i++) {
      const on = i % 4 === 1 || i % 4 === 2;
      await round(`round ${i + 1} of ${2 * roundsEach} (${(roundMs / 1000).toFixed(0)} s)`, on, roundMs, on ? measured : reference);
    }
    await setBookkeeping(sql, true);
    await new Promise((r) => setTimeout(r, 1500));
    console.log(`· writes: ${kind} counted ${(await deadlocks()) - deadlocksBefore} deadlocks in all (the server runs their transactions again)`);
    const exited = target.exited();
    if (exited) throw new Error(`during the run, ${exited}`);
    for (const [name, side] of [['measured', measured], ['reference', reference]] as const) {
      console.log(`· writes, ${name}, by call (status and code × answers):`);
      for (const [kind, byStatus] of Object.entries(side.answers)) console.log(`    ${kind}: ${Object.entries(byStatus).map(([k, n]) => `${k} × ${n}`).join(', ')}`);
      if (side.ranOut) console.log(`    ! charities found no open donation ${side.ranOut} times: the bench makes too few`);
    }

    const ratio = rateOf(measured) / rateOf(reference);
    const fives = countOf(measured.answers, failed);
    const races = countOf(measured.answers, lostRace);
    const others = countOf(measured.answers, otherRefusal);
    const referenceFives = countOf(reference.answers, failed);
    const shownRatio = (Math.floor(ratio * 100) / 100).toFixed(2);
    const clientsText = `${clients.length} clients (${ACCOUNTS.restaurant} restaurants, ${ACCOUNTS.charity} charities, ${ACCOUNTS.user} users)`;
    return [
      {
        figure: `writes on ${kind}, ${instances} instance${instances === 1 ? '' : 's'}, ${clientsText}, ${(durationMs / 1000).toFixed(0)} s: requests, accepts, pickups with reports, favourites`,
        result:
          `${rateOf(measured).toFixed(0)} writes/s (${shownRatio}x), ${fives} × 5xx${fives ? ` (${listOf(measured.answers, failed)})` : ''} (p95 ${p95Of(measured).toFixed(0)} ms); ` +
          `${races} answers of 409 or 404 (taken, gone)${others ? `; other refusals: ${listOf(measured.answers, otherRefusal)}` : ''}`,
        reference:
          `bookkeeping off (the _seq and _notify triggers disabled), in ${roundsEach} rounds of ${(roundMs / 1000).toFixed(0)} s alternating with the measured ones: ` +
          `${rateOf(reference).toFixed(0)} writes/s (p95 ${p95Of(reference).toFixed(0)} ms)${referenceFives ? `, ${referenceFives} × 5xx` : ''}`,
        target: '0 × 5xx, >= 0.8x the reference',
        verdict: fives === 0 && ratio >= 0.8 ? 'ok' : 'MISSED',
      },
    ];
  } finally {
    await target.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Postgres when one is named, the embedded database otherwise.
  const url = process.env.BENCH_POSTGRES_URL || process.env.DATABASE_URL || undefined;
  if (url) buildServer();
  console.log(`· load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const row of await measureWrites(url)) {
    console.log(`${row.verdict === 'ok' ? '✓' : '✗'} ${row.figure}: ${row.result} (reference: ${row.reference}; target: ${row.target})`);
  }
  process.exit(0);
}
