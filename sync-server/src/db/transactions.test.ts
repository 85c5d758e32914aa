// Transactions that lose a race (transactions.ts): run again, a bounded number of times, and answered 503 server/busy
// with Retry-After once they keep losing; and the lock order that keeps two changes from deadlocking at all. On
// Postgres (DATABASE_URL) the races are real: two connections locking two rows in opposite order, or SERIALIZABLE
// refusing a write skew. PGlite runs one session, which never deadlocks, so there a trigger makes the database refuse
// with the same codes; the server code on the way is the real one either way.
import { setTimeout as sleep } from 'node:timers/promises';
import { Hono } from 'hono';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '@foodbridge/shared';
import { createCharityRequestInput } from '@foodbridge/shared/testing/factories';
import { BUSY_RETRY_AFTER_SECONDS, errorResponse, retryReadsOnce } from '../http/errors.ts';
import { postDonation } from '../testing/donation-flow.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import type { Sql } from './connection.ts';
import { countLoginAttempt, forgetLoginAttempt } from './identity.ts';
import { isTransientConflict, retryDelayMs, TRANSACTION_ATTEMPTS } from './transactions.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const BUSY = { message: errorText('server/busy'), code: 'server/busy' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

// errorResponse's line for the operator ("Database contention ..."): expected here, not printed among the results.
beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => {}));
afterEach(() => vi.mocked(console.warn).mockRestore());

/** A promise with its resolve at hand: one side of a meeting point between two transactions. */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Another client of the test database, whose `begin` is postgres.js's own: it is never retried. */
const rivalClient = () => postgres({ ...t.deps.db.connection, max: 1 });

/** Waits until a backend of this database waits for a lock (Postgres only: PGlite has no pg_stat_activity waits). */
async function someoneWaitsForALock(sql: Sql): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(20)) {
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    if (row!.n > 0) return;
  }
  throw new Error('Nobody waited for a lock within 10 s');
}

describe('the retry', () => {
  it('waits tens of milliseconds, doubling, spread by jitter', () => {
    expect([retryDelayMs(1, () => 0), retryDelayMs(1, () => 0.999)]).toEqual([10, expect.closeTo(29.98, 2)]);
    expect([retryDelayMs(2, () => 0), retryDelayMs(2, () => 0.5)]).toEqual([20, 40]);
  });

  it('knows a lost race by its code, also as the cause of another error', () => {
    const failure = (code: string) => Object.assign(new Error(code), { code });
    expect(isTransientConflict(failure('40P01'))).toBe(true);
    expect(isTransientConflict(failure('40001'))).toBe(true);
    expect(isTransientConflict(new Error('wrapped', { cause: failure('40P01') }))).toBe(true);
    for (const code of ['23505', '55P03', '57P01', 'ECONNRESET']) expect(isTransientConflict(failure(code)), code).toBe(false);
  });

  it('runs a transaction that fails for another reason once', async () => {
    let attempts = 0;
    await expect(
      t.sql.begin(async (tx) => {
        attempts++;
        await tx`SELECT 1 / 0`;
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(attempts).toBe(1);
  });
});

describe.runIf(onPostgres)('real races on Postgres', () => {
  beforeAll(async () => {
    await t.sql`CREATE TABLE probe (id int PRIMARY KEY, n int NOT NULL DEFAULT 0)`;
    await t.sql`CREATE TABLE probe_log (name text NOT NULL)`;
  });
  beforeEach(async () => {
    await t.sql`TRUNCATE probe, probe_log`;
    await t.sql`INSERT INTO probe (id) VALUES (1), (2)`;
  });

  const probeRows = async () => [...(await t.sql<{ id: number; n: number }[]>`SELECT id, n FROM probe ORDER BY id`)];
  const logged = async () => (await t.sql<{ name: string }[]>`SELECT name FROM probe_log ORDER BY name`).map((r) => r.name);

  it('runs the victim of a deadlock again: both transactions commit, and each is applied once', async () => {
    const attempts = { a: 0, b: 0 };
    const failures: unknown[] = [];
    const holdsFirst = { a: signal(), b: signal() };
    // Each takes its first row, waits until the other holds its own, then asks for the other's: a lock cycle that
    // Postgres breaks after deadlock_timeout (1 s) by ending one of them. The meeting points are passed at once on a
    // retry, so the victim's second attempt simply waits for the winner to commit.
    const change = (name: 'a' | 'b', first: number, second: number, other: 'a' | 'b') =>
      t.sql.begin(async (tx) => {
        attempts[name]++;
        try {
          await tx`UPDATE probe SET n = n + 1 WHERE id = ${first}`;
          holdsFirst[name].resolve();
          await holdsFirst[other].promise;
          await tx`UPDATE probe SET n = n + 1 WHERE id = ${second}`;
          await tx`INSERT INTO probe_log (name) VALUES (${name})`;
        } catch (err) {
          failures.push((err as { code?: unknown }).code);
          throw err;
        }
      });

    await Promise.all([change('a', 1, 2, 'b'), change('b', 2, 1, 'a')]);

    expect(failures).toEqual(['40P01']);
    expect(attempts.a + attempts.b).toBe(3);
    expect(await probeRows()).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
    expect(await logged()).toEqual(['a', 'b']);
  });

  it('runs a transaction that SERIALIZABLE refused again, and the new attempt sees what the other committed', async () => {
    let attempts = 0;
    const counted = { a: signal(), b: signal() };
    // A write skew: each counts the log, then adds a line saying what it counted. Run one after the other, the second
    // counts the first's line; side by side both count none, which SERIALIZABLE refuses to one of them (40001).
    const countThenLog = (name: 'a' | 'b', other: 'a' | 'b') =>
      t.sql.begin('isolation level serializable', async (tx) => {
        attempts++;
        const [row] = await tx<{ seen: number }[]>`SELECT count(*)::int AS seen FROM probe_log`;
        counted[name].resolve();
        await counted[other].promise;
        await tx`INSERT INTO probe_log (name) VALUES (${`${name} saw ${row!.seen}`})`;
      });

    await Promise.all([countThenLog('a', 'b'), countThenLog('b', 'a')]);

    expect(attempts).toBe(3);
    const lines = await logged();
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.slice(-1)).sort()).toEqual(['0', '1']);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} deadlocks in a row, and the call is answered 503 server/busy with Retry-After`, async () => {
    const rival = rivalClient();
    const rivals: Promise<unknown>[] = [];
    let attempts = 0;
    const app = new Hono();
    app.onError(errorResponse);
    app.post('/probe', async (c) => {
      await t.sql.begin(async (tx) => {
        attempts++;
        await tx`UPDATE probe SET n = n + 1 WHERE id = 1`;
        // Every attempt meets a rival of its own that takes the rows in the other order. This attempt starts waiting
        // first, so its deadlock check runs first and it is the one Postgres ends; the rival then commits.
        const rivalHolds = signal();
        rivals.push(
          rival.begin(async (rtx) => {
            await rtx`UPDATE probe SET n = n + 1 WHERE id = 2`;
            rivalHolds.resolve();
            await sleep(300);
            await rtx`UPDATE probe SET n = n + 1 WHERE id = 1`;
          }),
        );
        await rivalHolds.promise;
        await tx`UPDATE probe SET n = n + 1 WHERE id = 2`;
        await tx`INSERT INTO probe_log (name) VALUES ('probe')`;
      });
      return c.json({ done: true });
    });

    try {
      const res = await app.request('/probe', { method: 'POST' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect(await res.json()).toEqual(BUSY);
      expect(attempts).toBe(TRANSACTION_ATTEMPTS);
      await Promise.all(rivals);
      // Only the rivals' changes are there, one per attempt; none of the probe's.
      expect(await probeRows()).toEqual([
        { id: 1, n: TRANSACTION_ATTEMPTS },
        { id: 2, n: TRANSACTION_ATTEMPTS },
      ]);
      expect(await logged()).toEqual([]);
    } finally {
      await Promise.allSettled(rivals);
      await rival.end();
    }
  });
});

describe('a change the database keeps refusing as a lost race (a trigger refuses it, on either database)', () => {
  let restaurant: TestUser;

  beforeAll(async () => {
    restaurant = await createUser(t, { role: 'restaurant' });
    // nextval is not rolled back with the transaction: the sequence counts the attempts.
    await t.sql`CREATE SEQUENCE probe_attempts`;
    await t.sql`
      CREATE FUNCTION refuse_as_lost_race() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM nextval('probe_attempts');
        RAISE EXCEPTION 'lost a race (test)' USING ERRCODE = TG_ARGV[0];
      END $$`;
    await t.sql`
      CREATE FUNCTION lost_race_once() RETURNS int LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('probe_attempts') = 1 THEN RAISE EXCEPTION 'lost a race (test)' USING ERRCODE = '40P01'; END IF;
        RETURN 1;
      END $$`;
    await t.sql`
      CREATE TRIGGER probe_deadlock BEFORE UPDATE ON donations FOR EACH ROW WHEN (NEW.title = 'Deadlock probe')
      EXECUTE FUNCTION refuse_as_lost_race('40P01')`;
    await t.sql`
      CREATE TRIGGER probe_serialization BEFORE UPDATE ON donations FOR EACH ROW WHEN (NEW.title = 'Serialization probe')
      EXECUTE FUNCTION refuse_as_lost_race('40001')`;
    await t.sql`
      CREATE TRIGGER probe_deadlock BEFORE UPDATE ON users FOR EACH ROW WHEN (NEW.name = 'Deadlock probe')
      EXECUTE FUNCTION refuse_as_lost_race('40P01')`;
  });
  beforeEach(async () => {
    await t.sql`ALTER SEQUENCE probe_attempts RESTART`;
  });

  const attempts = async () => {
    const [row] = await t.sql<{ n: number }[]>`SELECT CASE WHEN is_called THEN last_value ELSE 0 END::int AS n FROM probe_attempts`;
    return row!.n;
  };

  it.each([
    ['a deadlock', 'Deadlock probe'],
    ['a serialization failure', 'Serialization probe'],
  ])(`answers a write whose transaction lost ${TRANSACTION_ATTEMPTS} times to %s 503 server/busy, with nothing applied`, async (_, title) => {
    const id = await postDonation(t, restaurant, { title: 'Soup' });

    const res = await t.patch(`/donations/${id}`, { title }, restaurant.token);

    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(res.body).toEqual(BUSY);
    expect(await attempts()).toBe(TRANSACTION_ATTEMPTS);
    const [row] = await t.sql`SELECT title FROM donations WHERE id = ${id}`;
    expect(row).toEqual({ title: 'Soup' });
    const edits = await t.sql`SELECT 1 FROM history WHERE donation_id = ${id} AND kind = 'donation.edited'`;
    expect(edits).toHaveLength(0);
  });

  it('answers a single statement outside a transaction that lost a race 503 server/busy at once (the client retries)', async () => {
    const user = await createUser(t);

    const res = await t.request('PATCH', '/users/me', { token: user.token, body: { name: 'Deadlock probe' } });

    expect([res.status, res.headers.get('retry-after'), res.body]).toEqual([503, String(BUSY_RETRY_AFTER_SECONDS), BUSY]);
    expect(await attempts()).toBe(1);
    const [row] = await t.sql`SELECT name FROM users WHERE id = ${user.id}`;
    expect(row).toEqual({ name: user.name });
  });

  it('tries a read that lost a race once more, as index.ts serves it, and never a write', async () => {
    const app = new Hono();
    app.onError(errorResponse);
    const probe = async () => new Response(JSON.stringify(await t.sql`SELECT lost_race_once() AS n`));
    app.get('/probe', probe);
    app.post('/probe', probe);

    const read = await retryReadsOnce(app.fetch)(new Request('http://localhost/probe'));
    expect([read.status, await read.json()]).toEqual([200, [{ n: 1 }]]);
    expect(await attempts()).toBe(2);

    await t.sql`ALTER SEQUENCE probe_attempts RESTART`;
    const write = await retryReadsOnce(app.fetch)(new Request('http://localhost/probe', { method: 'POST' }));
    expect(write.status).toBe(503);
    expect(await attempts()).toBe(1);
  });
});

// Each test holds a row from another connection the way a concurrent change takes it, and lets a second lock wait at
// most lock_timeout: had the change under test taken its rows in the other order, that second lock would be waiting
// for it (a deadlock a second later) and fail with 55P03 instead.
describe.runIf(onPostgres)('lock order on Postgres', () => {
  it("forgets a sign-in's failed attempt taking the address's row before the e-mail's total, as counting does", async () => {
    const email = 'lock-order@example.test';
    const client = '203.0.113.9';
    expect(await countLoginAttempt(t.sql, email, client)).toBeNull();
    const rival = rivalClient();
    try {
      // A parallel sign-in's count: the address's row, then the total.
      const holds = signal();
      const count = rival.begin(async (tx) => {
        await tx`SELECT 1 FROM login_attempts WHERE email = ${email} AND client = ${client} FOR UPDATE`;
        holds.resolve();
        await someoneWaitsForALock(t.sql);
        await tx`SET LOCAL lock_timeout = '500ms'`;
        await tx`UPDATE login_attempts SET attempts = attempts + 1 WHERE email = ${email} AND client = '*'`;
      });
      await holds.promise;
      const forget = forgetLoginAttempt(t.sql, email, client);

      await count;
      await forget;
      const rows = await t.sql`SELECT client, attempts FROM login_attempts WHERE email = ${email}`;
      // Counted once, once more by the rival, taken back once; the address starts afresh.
      expect([...rows]).toEqual([{ client: '*', attempts: 1 }]);
    } finally {
      await rival.end();
    }
  });

  it("approves a charity-role request taking the account before the request, as removing the account does", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const u = await createUser(t);
    const intent = await t.post('/create-payment-intent', {}, u.token);
    expect((await t.post(`/test-payments/${intent.body.paymentIntentId}/confirm`, {}, u.token)).status).toBe(200);
    const submitted = await t.post('/charity-requests', createCharityRequestInput({ paymentId: intent.body.paymentIntentId }), u.token);
    expect(submitted.status).toBe(201);
    const requestId = submitted.body.insertedId as string;
    const rival = rivalClient();
    try {
      // A removal of the account (softDeleteUser): the account, then its pending charity request.
      const holds = signal();
      const removal = rival.begin(async (tx) => {
        await tx`UPDATE users SET name = name WHERE id = ${u.id}`;
        holds.resolve();
        await someoneWaitsForALock(t.sql);
        await tx`SET LOCAL lock_timeout = '500ms'`;
        await tx`UPDATE charity_requests SET mission = mission WHERE id = ${requestId}`;
      });
      await holds.promise;
      const approval = t.patch(`/charity-requests/approve/${requestId}`, {}, admin.token);

      await removal;
      expect((await approval).status).toBe(200);
      const [row] = await t.sql`SELECT role FROM users WHERE id = ${u.id}`;
      expect(row).toEqual({ role: 'charity' });
    } finally {
      await rival.end();
    }
  });
});
