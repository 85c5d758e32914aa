// A flood of sign-ins against the real server process (issue 45.4): password hashing and compression share libuv's
// thread pool, and an unbounded burst of scrypt once made a gzip list wait 9.6 s. Measured: the p95 of a gzip
// `GET /donations/verified?limit=200` while idle, then while 200 clients sign in with wrong passwords without pause.
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/seed.ts';
import type { Row } from './performance-doc.ts';
import { buildServer, serverDatabase, startServerProcess } from './server-process.ts';

const LIST = '/donations/verified?limit=200';
const SAMPLES = Number(process.env.BENCH_FLOOD_SAMPLES ?? 60);
const CLIENTS = 200;

/** One gzip request of the list, read to its end without inflating it: milliseconds and bytes. */
function gzipList(base: string): Promise<{ ms: number; bytes: number; encoding: string | undefined }> {
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const req = request(`${base}${LIST}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${LIST} -> ${res.statusCode}`));
        resolvePromise({ ms: performance.now() - started, bytes, encoding: res.headers['content-encoding'] });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

async function post(base: string, path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: path.startsWith('/donations/verify') ? 'PATCH' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function signIn(base: string, key: string): Promise<string> {
  const email = DEMO_ACCOUNTS.find((a) => a.key === key)!.email;
  const res = await post(base, '/auth/login', { email, password: DEMO_PASSWORD });
  if (!res.ok) throw new Error(`sign-in of ${key} -> ${res.status}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** The list figure idle and during the flood, on the embedded database (no `url`) or on Postgres. */
export async function measureLoginFlood(url: string | undefined): Promise<Row> {
  const kind = url ? 'Postgres' : 'embedded';
  const dataDir = mkdtempSync(join(tmpdir(), 'fb-bench-flood-'));
  const db = await serverDatabase(url);
  // The per-address limits would answer most of the flood 429 before any hash: raised, as for an office behind one
  // address signing in together, so that every sign-in is hashed.
  const server = await startServerProcess({ PORT: '0', DATA_DIR: dataDir, SEED_DEMO_DATA: 'always', PWA_DIST: '', RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn', ...db.env });
  try {
    const restaurant = await signIn(server.url, 'restaurant');
    const admin = await signIn(server.url, 'admin');
    for (let i = 0; i < 200; i++) {
      const res = await post(server.url, '/donations', createDonationInput({ title: `Flood bench tray ${i}` }), restaurant);
      const { insertedId } = (await res.json()) as { insertedId: string };
      const verified = await post(server.url, `/donations/verify/${insertedId}`, undefined, admin);
      if (!verified.ok) throw new Error(`verify -> ${verified.status}`);
    }
    for (let i = 0; i < 10; i++) await gzipList(server.url);
    const idle: number[] = [];
    for (let i = 0; i < SAMPLES; i++) idle.push((await gzipList(server.url)).ms);

    let flooding = true;
    const statuses = new Map<number, number>();
    const client = async () => {
      while (flooding) {
        // Unknown e-mails: the server hashes a decoy for them, as long as for a real account (auth/confirm-owner.ts).
        const email = `flood-${randomBytes(6).toString('hex')}@bench.test`;
        const res = await post(server.url, '/auth/login', { email, password: 'wrong-password' }).catch(() => undefined);
        await res?.arrayBuffer();
        const status = res?.status ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const floodStarted = performance.now();
    const clients = Array.from({ length: CLIENTS }, client);
    // Let the queue fill before measuring.
    await new Promise((r) => setTimeout(r, 1000));
    const loaded: number[] = [];
    let sample = { bytes: 0, encoding: undefined as string | undefined };
    for (let i = 0; i < SAMPLES; i++) {
      const one = await gzipList(server.url);
      loaded.push(one.ms);
      sample = one;
    }
    const seconds = (performance.now() - floodStarted) / 1000;
    const answeredBefore = [...statuses.values()].reduce((a, b) => a + b, 0);
    flooding = false;
    await Promise.all(clients);
    const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
    const fivexx = [...statuses].filter(([s]) => s >= 500 || s === 0).reduce((n, [, c]) => n + c, 0);
    const [idle95, loaded95] = [p95(idle), p95(loaded)];
    const ratio = loaded95 / idle95;
    return {
      figure: `p95 of a ${sample.encoding ?? 'uncompressed'} GET ${LIST} (${(sample.bytes / 1024).toFixed(0)} kB) during ${CLIENTS} parallel wrong sign-ins (${kind}, server process)`,
      result: `${loaded95.toFixed(0)} ms (${ratio.toFixed(1)}x idle); ${(answeredBefore / seconds).toFixed(0)} sign-ins answered a second, ${fivexx} of ${answered.toLocaleString('en')} 5xx or failed`,
      reference: `idle: ${idle95.toFixed(0)} ms`,
      target: '<= 2x idle, 0 answers 5xx',
      verdict: ratio <= 2 && fivexx === 0 ? 'ok' : 'MISSED',
    };
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await db.drop();
  }
}

// Alone: `npx tsx src/bench/login-flood.ts` (embedded; BENCH_POSTGRES_URL for Postgres). `npm run bench` runs it too.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildServer();
  const row = await measureLoginFlood(process.env.BENCH_POSTGRES_URL);
  console.log(`${row.verdict === 'ok' ? '✓' : '✗'} ${row.figure}: ${row.result} (reference: ${row.reference}; target: ${row.target})`);
  process.exit(0);
}
