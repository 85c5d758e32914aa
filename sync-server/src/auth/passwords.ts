import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ApiError } from '../http/errors.ts';

// scrypt from node:crypto: memory-hard like argon2id, with no native add-on to install.
export const PARAMS = { N: 16384, r: 8, p: 1, keylen: 64 } as const;
/** scrypt's cost for new hashes: PARAMS.N, unless a test run lowered it. */
let cost: number = PARAMS.N;

/**
 * Test runs only (sync-server/src/testing/setup.ts): new hashes get cost `n` instead of PARAMS.N. A run registers and
 * signs in some 750 times, at ~26 ms of CPU each with the real cost; a stored hash names its own parameters, so it is
 * checked the same way whatever its cost. Refused outside vitest.
 */
export function lowerPasswordCostForTests(n: number): void {
  if (!process.env.VITEST) throw new Error('The password cost is lowered in tests only');
  cost = n;
}

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which compression, file
 * reads and DNS share. Unbounded, a burst of logins filled it: during 150 parallel wrong logins a gzip list answer took
 * 9.6 s instead of 0.2 s (issue 45). At most HASHES_AT_ONCE run together: half the cores (each hash keeps one busy for
 * its ~30-60 ms), at most 2, so that pool threads and CPU stay free for other answers. On a 2-core host two at once
 * made the list's p95 2.4-3.2x its idle figure during 200 parallel sign-ins, one at once 1.4-1.5x, for 17 sign-ins a
 * second instead of 22 (`npm run bench`). At most HASHES_WAITING more wait for a turn (a training evening's volunteers
 * signing in together), and a call beyond that is answered 503 server/busy at once instead of queueing without end
 * (the sign-in rate limits already bound one address's share).
 */
export const HASHES_AT_ONCE = Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2)));
export const HASHES_WAITING = 1000;

let running = 0;
const waiting: (() => void)[] = [];

/** How many hashes are being worked out now (for tests and metrics). */
export const hashesRunning = () => running;

async function turn(): Promise<void> {
  if (running < HASHES_AT_ONCE) {
    running++;
    return;
  }
  if (waiting.length >= HASHES_WAITING) throw new ApiError(503, 'server/busy');
  // The finishing hash hands its place over: `running` stays the same.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function done() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

async function derive(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  await turn();
  try {
    return await new Promise((resolve, reject) =>
      scrypt(password.normalize('NFKC'), salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    done();
  }
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.keylen, { N: cost, r: PARAMS.r, p: PARAMS.p, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', cost, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
