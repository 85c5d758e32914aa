import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay } from '../testing/tcp-relay.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';

// The package's folder, where the server resolves it from (its entry lies a few folders down).
let packageDir = createRequire(import.meta.url).resolve('postgres');
while (basename(packageDir) !== 'postgres') packageDir = dirname(packageDir);
const installed = (file: string) => join(packageDir, file.replace(/^node_modules\/postgres\//, ''));
const patchesDir = fileURLToPath(new URL('../../../patches/', import.meta.url));

/** Each file of a patch-package patch with the text its hunks leave there (context and added lines). */
function patchedPassages(patch: string): Array<{ file: string; passages: string[] }> {
  return patch
    .split(/^diff --git /m)
    .slice(1)
    .map((section) => {
      const file = /^\+\+\+ b\/(.+)$/m.exec(section)![1]!;
      const passages = section
        .split(/^@@ [^\n]*\n/m)
        .slice(1)
        .map((hunk) =>
          hunk
            .split('\n')
            .filter((line) => line.startsWith(' ') || (line.startsWith('+') && !line.startsWith('+++')))
            .map((line) => line.slice(1))
            .join('\n'),
        );
      return { file, passages };
    });
}

interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}

// The server must never run on an unpatched postgres.js: a connection lost at the wrong moment would end the process
// or let a transaction's statements run outside it, a pool under steady load would slow down with every query, and a
// transaction could share its connection with other callers (docs/decisions/015-postgres-js-patched.md says why).
// This fails if an install skipped the patch (the root's postinstall runs patch-package), or postgres.js was
// upgraded: then check whether the release fixes each fault (the ADR lists them), and drop or rebase the patch.
describe('postgres.js as installed', () => {
  it('is the version patches/ was made for', () => {
    const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
    const patches = readdirSync(patchesDir).filter((f) => f.startsWith('postgres+'));
    expect(patches, 'patches/postgres+<installed version>.patch (ADR 015)').toEqual([`postgres+${version}.patch`]);
  });

  it('has every passage of the patch in the code the server loads, ESM and CommonJS', () => {
    const [name] = readdirSync(patchesDir).filter((f) => f.startsWith('postgres+'));
    const files = patchedPassages(readFileSync(join(patchesDir, name!), 'utf8'));
    expect(files.map((f) => f.file).sort()).toEqual(
      ['connection.js', 'index.js', 'queue.js'].flatMap((f) => [`node_modules/postgres/cjs/src/${f}`, `node_modules/postgres/src/${f}`]).sort(),
    );
    for (const { file, passages } of files) {
      const text = readFileSync(installed(file), 'utf8');
      // The fixes carry a mark, so that a reader of the installed code sees them.
      expect(text, file).toContain('/* foodbridge');
      for (const passage of passages) expect(text.includes(passage), `${file} lacks:\n${passage}`).toBe(true);
    }
  });

  it("keeps the pool's queue a queue while it drops its blanked front", async () => {
    const { default: Queue } = (await import(pathToFileURL(installed('node_modules/postgres/src/queue.js')).href)) as {
      default: <T>(initial?: T[]) => Queue<T>;
    };
    // What the pool does on every query: take the first connection, remove it from the queue it is in (already gone:
    // shifted), and push it to the back. Long enough to pass the point where the blanked front is dropped many times.
    const q = Queue(['a', 'b', 'c', 'd', 'e']);
    for (let i = 0; i < 10_000; i++) {
      const c = q.shift()!;
      expect(q.remove(c)).toBeNull();
      q.push(c);
    }
    expect(q.length).toBe(5);
    // 10,000 rotations of five bring the order back round; removing one from the middle keeps the others in order.
    expect(q.remove('c')).toBe('c');
    expect(q.remove('c')).toBeNull();
    expect([q.shift(), q.shift(), q.shift(), q.shift(), q.shift()]).toEqual(['a', 'b', 'd', 'e', undefined]);
    expect(q.length).toBe(0);
    // A queue that fills and drains: pending queries behind a busy pool.
    for (let i = 0; i < 100; i++) q.push(String(i));
    for (let i = 0; i < 60; i++) expect(q.shift()).toBe(String(i));
    expect(q.remove('70')).toBe('70');
    expect(q.length).toBe(39);
    expect(q.shift()).toBe('60');
  });
});

// What a terminated backend used to do to a transaction (ADR 015): on a real server only, since PGlite
// has one backend and cannot terminate it alone.
describe.skipIf(!process.env.DATABASE_URL)('postgres.js when a transaction loses its connection', () => {
  let db: TestDatabase;
  let killer: postgres.Sql;
  beforeAll(async () => {
    db = await openTestDatabase();
    killer = postgres({ ...db.connection, max: 1 });
    await db.sql`CREATE TABLE patch_probe (note text)`;
  });
  afterAll(async () => {
    await killer?.end({ timeout: 1 });
    await db?.close();
  });

  /** A promise and what resolves it: holds a transaction's callback, or the test, at a chosen point. */
  function latch<T = void>() {
    let open!: (value: T) => void;
    const promise = new Promise<T>((resolve) => (open = resolve));
    return { promise, open };
  }

  /** A pool of one connection, so that what the transaction leaves behind meets the next query. */
  const pool = () => postgres({ ...db.connection, max: 1 });
  const terminate = (pid: number) => killer`SELECT pg_terminate_backend(${pid})`;

  it('rejects what the transaction asks after the close, instead of running it on the next connection', async () => {
    const sql = pool();
    try {
      const started = latch<number>();
      const paused = latch();
      let late: Promise<unknown> | undefined;
      const tx = sql.begin(async (t) => {
        const [row] = await t<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        started.open(row!.pid);
        await paused.promise;
        // Still inside the callback after begin() has failed: this insert must not be stored.
        late = t`INSERT INTO patch_probe VALUES ('after the close')`.execute();
        await late;
      });
      // It fails while the test waits for the termination: handled now, checked below (unhandled, it fails the run).
      tx.catch(() => {});
      await terminate(await started.promise);
      await expect(tx).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
      // The pool reconnects its one connection for the next query.
      expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
      paused.open();
      await expect.poll(() => late !== undefined).toBe(true);
      await expect(late).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
      expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
      expect(await db.sql`SELECT note FROM patch_probe`).toEqual([]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it("settles the transaction's queries that were waiting for their turn", async () => {
    const sql = pool();
    try {
      const started = latch<number>();
      const waiting: Promise<unknown>[] = [];
      const tx = sql.begin(async (t) => {
        const [row] = await t<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        started.open(row!.pid);
        // A statement with a parameter is described first: the ones after it wait in the transaction's own queue.
        waiting.push(t`SELECT pg_sleep(${5})`.execute(), t`SELECT 1`.execute(), t`SELECT 2`.execute());
        await Promise.all(waiting);
      });
      tx.catch(() => {});
      await terminate(await started.promise);
      await expect(tx).rejects.toBeTruthy();
      const settled = await Promise.allSettled(waiting);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    } finally {
      await sql.end({ timeout: 1 });
    }
  }, 10_000);

  it("gives the next query on a reconnected connection its own answer, not the old backend's error", async () => {
    const sql = pool();
    try {
      const [row] = await sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      const pid = row!.pid;
      const running = sql`SELECT pg_sleep(5)`.execute().then(
        () => 'answered',
        () => 'failed',
      );
      await expect.poll(async () => (await killer`SELECT 1 FROM pg_stat_activity WHERE pid = ${pid} AND state = 'active'`).length).toBe(1);
      await terminate(pid);
      expect(await running).toBe('failed');
      expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  }, 10_000);

  it('gives every later query its own answer after a reset connection whose transaction rolled back in the gap', async () => {
    // The link reset as a terminated backend often does it (relay.reset): the transaction's callback asks for its
    // ROLLBACK between the socket's error and its close.
    const target = db.connection as { host: string; port: number };
    const relay = await startRelay({ host: target.host, port: target.port });
    const sql = postgres({ ...db.connection, host: '127.0.0.1', port: relay.port, max: 1 });
    try {
      const asleep = latch();
      const tx = sql.begin(async (t) => {
        const sleep = t`SELECT pg_sleep(5)`.execute();
        asleep.open();
        await sleep;
      });
      tx.catch(() => {});
      await asleep.promise;
      await new Promise((resolve) => setTimeout(resolve, 100));
      relay.reset();
      await expect(tx).rejects.toThrow();
      // Each on the reconnected connection, each with its own answer and none waiting for good.
      const answers = Promise.all([
        sql`SELECT 1 AS n`.execute(),
        sql.begin((t) => t`SELECT 2 AS n`),
        sql`SELECT ${3}::int AS n`.execute(),
        sql`SELECT 4 AS n`.execute(),
      ]);
      const timeout = new Promise((resolve) => setTimeout(() => resolve('no answer in 3 s'), 3000));
      expect(await Promise.race([answers, timeout])).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }], [{ n: 4 }]]);
    } finally {
      await sql.end({ timeout: 1 });
      await relay.close();
    }
  }, 10_000);

  it('reserves the connection for a transaction whose BEGIN fills the pipeline', async () => {
    const sql = pool();
    try {
      // 99 queries sent at once on the one connection, then BEGIN as the 100th: postgres.js's pipeline limit.
      const before = Array.from({ length: 99 }, (_, i) => sql`SELECT ${i}::int AS i`.execute());
      const entered = latch();
      const finished = latch();
      const tx = sql.begin(async (t) => {
        await t`INSERT INTO patch_probe VALUES ('in the transaction')`;
        entered.open();
        await finished.promise;
        throw new Error('rolled back');
      });
      tx.catch(() => {});
      await entered.promise;
      // While the transaction is open, a query from outside must wait for another connection (here: for the end of
      // the transaction), not run inside it and see its uncommitted row.
      const outside = sql<{ n: number }[]>`SELECT count(*)::int AS n FROM patch_probe`.execute();
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished.open();
      await expect(tx).rejects.toThrow('rolled back');
      expect((await outside)[0]!.n).toBe(0);
      await Promise.all(before);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
