// The database going away under a running server: connections terminated by Postgres, and Postgres out of reach
// for a few seconds (a restart, played by a TCP relay in front of the real server that we cut and restore, so the
// machine's Postgres, shared with other test runs, is never restarted). Requests must get 2xx or a quick 503 with
// Retry-After, never a 500 or a long hang, and everything, live streams included, must come back by itself.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@foodbridge/shared';
import { createDonationInput, createRegisterInput } from '@foodbridge/shared/testing/factories';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { DATABASE_UNAVAILABLE, retryReadsOnce } from '../http/errors.ts';
import { createDeps } from '../services.ts';
import { startRelay } from '../testing/tcp-relay.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { openPostgres, type Database } from './connection.ts';
import { setUserRole } from './users.ts';

const databaseUrl = process.env.DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The real app on `db`, as index.ts serves it (reads retried once). */
async function appOn(db: Database) {
  const config = loadConfig({ ADMIN_EMAILS: 'admin@foodbridge.test', RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'silent' });
  const deps = await createDeps(config, db);
  const app = createApp(deps);
  const fetch = retryReadsOnce(app.fetch);
  async function call(method: string, path: string, token?: string, body?: unknown) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = Date.now();
    const res = await fetch(new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    const json = (res.headers.get('content-type') ?? '').includes('application/json') ? await res.json() : undefined;
    return { method, status: res.status, body: json as any, retryAfter: res.headers.get('retry-after'), ms: Date.now() - started };
  }
  async function user(role: Role) {
    const input = createRegisterInput();
    const res = await call('POST', '/auth/register', undefined, input);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await setUserRole(db.sql, res.body.user._id, role);
    return { id: res.body.user._id as string, token: res.body.idToken as string };
  }
  /** An open donations stream; `sees(id)` waits until a message carries that donation. */
  async function stream(token: string) {
    const res = await fetch(new Request('http://localhost/sync/donations/pull/stream', { headers: { authorization: `Bearer ${token}` } }));
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let pending: ReturnType<typeof reader.read> | undefined;
    let ended = false;
    return {
      /** Whether the server ended the stream (the client's EventSource would then open a new one). */
      get ended() {
        return ended;
      },
      async sees(id: string, ms: number): Promise<boolean> {
        const deadline = Date.now() + ms;
        while (!text.includes(id)) {
          const left = deadline - Date.now();
          if (left <= 0) return false;
          pending ??= reader.read();
          const got = await Promise.race([pending, sleep(left).then(() => 'timeout' as const)]);
          if (got === 'timeout') return false;
          pending = undefined;
          if (got.done) {
            ended = true;
            return false;
          }
          text += decoder.decode(got.value, { stream: true });
        }
        return true;
      },
      close: () => reader.cancel(),
    };
  }
  return { deps, call, user, stream };
}

type Answer = Awaited<ReturnType<Awaited<ReturnType<typeof appOn>>['call']>>;

/** Only 2xx, or 503 with our message and Retry-After; returns how many of each. */
function expectNoFailureBut503(answers: Answer[]) {
  const wrong = answers.filter((a) => !(a.status >= 200 && a.status < 300) && a.status !== 503);
  expect(wrong.map((a) => [a.status, a.body])).toEqual([]);
  for (const a of answers.filter((r) => r.status === 503)) {
    expect(a.body).toEqual({ message: DATABASE_UNAVAILABLE, code: 'server/unavailable' });
    expect(a.retryAfter).toBe('5');
  }
  return { ok: answers.filter((a) => a.status < 300).length, unavailable: answers.filter((a) => a.status === 503).length };
}

/** Readers and writers in parallel until `until` resolves. */
async function underLoad(app: Awaited<ReturnType<typeof appOn>>, restaurant: { token: string }, until: Promise<unknown>) {
  const answers: Answer[] = [];
  let done = false;
  void until.finally(() => (done = true));
  // A request that hangs fails the test by its timeout, which names no request: this says which, while it hangs.
  const started: (number | null)[] = [];
  const watch = setInterval(() => {
    const now = Date.now();
    started.forEach((at, i) => at !== null && now - at > 5000 && console.log(`worker ${i} (${i % 2 === 0 ? 'read' : 'write'}) waiting ${now - at} ms`));
  }, 5000);
  const worker = async (i: number) => {
    while (!done) {
      started[i] = Date.now();
      answers.push(
        i % 2 === 0
          ? await app.call('GET', '/donations?limit=5', restaurant.token)
          : await app.call('POST', '/donations', restaurant.token, createDonationInput()),
      );
      started[i] = null;
    }
  };
  try {
    await Promise.all([0, 1, 2, 3, 4, 5].map(worker));
  } finally {
    clearInterval(watch);
  }
  return answers;
}

describe.skipIf(!databaseUrl)('losing the database (Postgres only: PGlite runs inside the server process)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db?.close());

  it('answers 2xx or 503 while its connections are terminated, and recovers by itself, live streams too', async () => {
    const app = await appOn(db);
    const [restaurant, admin] = await Promise.all([app.user('restaurant'), app.user('admin')]);
    let live = await app.stream(admin.token);
    // A connection of its own, not the server's, ends every other session on the test database.
    const killer = postgres({ ...db.connection, max: 1 });
    try {
      const terminations = (async () => {
        // A backend is named by its pid and its start: on a busy machine pids come round again (this one's pid_max is
        // 32,768 and every connection is a process), and a new backend with a terminated one's pid is not that one.
        const killed: string[] = [];
        for (let round = 0; round < 6; round++) {
          await sleep(150);
          const rows = await killer<{ backend: string }[]>`
            SELECT pid || '@' || backend_start AS backend, pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()`;
          killed.push(...rows.map((r) => r.backend));
        }
        // A backend exits some time after it is told to: until then a query may still reach it and fail. Not waited
        // for without end: the load stops either way, and what follows allows for a late one (one 503 a connection).
        // (A CI run once stalled in this phase past the test's 60 s, here or in a request that did not come back: the
        // watchdog in underLoad covers the second. Anything still listed is named. The requests that did not come back,
        // about one run in ten, were postgres.js's doing, now patched: patches/, ADR 015.)
        const deadline = Date.now() + 10_000;
        let alive: { pid: number; state: string | null; wait: string | null; query: string | null }[] = [];
        do {
          alive = await killer`
            SELECT pid, state, wait_event AS wait, left(query, 80) AS query FROM pg_stat_activity
            WHERE pid || '@' || backend_start IN ${killer(killed)}`;
          if (alive.length) await sleep(50);
        } while (alive.length && Date.now() < deadline);
        if (alive.length) console.log(`still listed 10 s after pg_terminate_backend: ${JSON.stringify(alive)}`);
        return killed.length;
      })();
      const answers = await underLoad(app, restaurant, terminations);
      const counts = expectNoFailureBut503(answers);
      expect(await terminations).toBeGreaterThan(0);
      expect(counts.ok).toBeGreaterThan(0);
      console.log(`terminations: ${answers.length} requests, ${counts.ok} ok, ${counts.unavailable} answered 503`);

      // A pooled connection whose backend was terminated while it sat idle fails the one query that next uses it
      // (then it is replaced): at most one 503 per pooled connection, after which every request succeeds.
      const settling = await underLoad(app, restaurant, sleep(300));
      expectNoFailureBut503(settling);
      expect(settling.filter((a) => a.status === 503).length).toBeLessThanOrEqual(8);
      const after = await underLoad(app, restaurant, sleep(300));
      expect(after.filter((a) => a.status >= 300).map((a) => [a.method, a.status, a.body])).toEqual([]);
      // A stream that was reading when its query's connection died has ended; the client opens a new one, as
      // EventSource does. One that was waiting stays open and must hear of later changes.
      const marker = await app.call('POST', '/donations', restaurant.token, createDonationInput());
      if (!(await live.sees(marker.body.insertedId, 3000))) {
        expect(live.ended).toBe(true);
        live = await app.stream(admin.token);
      }
      const created = await app.call('POST', '/donations', restaurant.token, createDonationInput());
      expect(created.status).toBe(201);
      expect(await live.sees(created.body.insertedId, 5000)).toBe(true);
    } finally {
      await live.close();
      await killer.end({ timeout: 1 });
      await app.deps.changes.close();
    }
  }, 60_000);

  describe('through a relay that plays Postgres going away', () => {
    let relay: Awaited<ReturnType<typeof startRelay>>;
    let relayed: Database;
    let app: Awaited<ReturnType<typeof appOn>>;
    beforeAll(async () => {
      const target = db.connection as { host: string; port: number; database: string; username: string };
      relay = await startRelay({ host: target.host, port: target.port });
      relayed = openPostgres(`postgres://${target.username}@127.0.0.1:${relay.port}/${target.database}`);
      app = await appOn(relayed);
    });
    afterAll(async () => {
      await app?.deps.changes.close();
      await relayed?.close();
      await relay?.close();
    });

    it('answers 503 within about a second while Postgres refuses connections, then serves again and streams resume', async () => {
      const [restaurant, admin] = await Promise.all([app.user('restaurant'), app.user('admin')]);
      const live = await app.stream(admin.token);
      try {
        await relay.down();
        // Long enough for several reconnect attempts of the server and of its change feed to fail.
        const during = await underLoad(app, restaurant, sleep(2500));
        const counts = expectNoFailureBut503(during);
        expect(counts.unavailable).toBeGreaterThan(0);
        // Reconnect attempts are at most 1 s apart (postgres.js's default backoff grows to 20 s); a read is tried
        // twice.
        const slowest = (method: string) => Math.max(...during.filter((a) => a.method === method).map((a) => a.ms));
        console.log(
          `refused for 2.5 s: ${during.length} requests, ${counts.ok} ok, ${counts.unavailable} answered 503; slowest write ` +
            `${slowest('POST')} ms, slowest read ${slowest('GET')} ms`,
        );
        expect(slowest('POST')).toBeLessThan(1500);
        expect(slowest('GET')).toBeLessThan(3000);
        await relay.up();

        await expect.poll(async () => (await app.call('GET', '/donations?limit=1', restaurant.token)).status, { timeout: 5000 }).toBe(200);
        const created = await app.call('POST', '/donations', restaurant.token, createDonationInput());
        expect(created.status).toBe(201);
        expect(await live.sees(created.body.insertedId, 5000)).toBe(true);
      } finally {
        await relay.up();
        await live.close();
      }
    }, 60_000);

    it('gives up on a database that does not answer within the connect timeout (no long hang), then recovers', async () => {
      const [restaurant, admin] = await Promise.all([app.user('restaurant'), app.user('admin')]);
      const live = await app.stream(admin.token);
      relay.hang();
      try {
        const [read, write] = await Promise.all([
          app.call('GET', '/donations?limit=1', restaurant.token),
          app.call('POST', '/donations', restaurant.token, createDonationInput()),
        ]);
        expectNoFailureBut503([read, write]);
        expect([read.status, write.status]).toEqual([503, 503]);
        // connect_timeout is 3 s; the read is retried once, so it may take two of them.
        expect(write.ms).toBeLessThan(5000);
        expect(read.ms).toBeLessThan(9000);
        // Past the connect timeout of the change feed's own attempt too.
        await sleep(1500);
      } finally {
        await relay.up();
      }
      await expect.poll(async () => (await app.call('GET', '/donations?limit=1', restaurant.token)).status, { timeout: 8000 }).toBe(200);
      const created = await app.call('POST', '/donations', restaurant.token, createDonationInput());
      expect(created.status).toBe(201);
      expect(await live.sees(created.body.insertedId, 5000)).toBe(true);
      await live.close();
    }, 60_000);
  });
});

describe.runIf(!databaseUrl)('losing the database on PGlite', () => {
  it.skip('is not tested: embedded PGlite runs inside the server process, so its connection cannot be lost alone', () => {});
});
