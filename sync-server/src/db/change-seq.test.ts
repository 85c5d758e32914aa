import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import type { Sql } from './connection.ts';

// Replication's promise (docs/decisions/017-change-positions.md): a puller that keeps only a checkpoint, and reads the
// rows after it below change_seq_horizon(), ends up with every committed change and nothing rolled back, however the
// writers interleave. The pulls in db/sync.ts read with the same two conditions.

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Pulled {
  id: string;
  name: string;
  seq: string;
}

/** A device's puller: what it has of each row, and where it has read up to. */
function puller(sql: Sql, horizon: boolean) {
  let checkpoint = { seq: 0, id: '00000000-0000-0000-0000-000000000000' };
  const rows = new Map<string, string>();
  const seen = new Set<string>();
  return {
    rows,
    seen,
    async pull() {
      for (;;) {
        const page = await sql<Pulled[]>`
          SELECT id, name, change_seq AS seq FROM users
          WHERE (change_seq, id) > (${checkpoint.seq}::bigint, ${checkpoint.id}::uuid)
            AND (${!horizon} OR change_seq < (SELECT change_seq_horizon()))
          ORDER BY change_seq, id LIMIT 20`;
        for (const r of page) {
          rows.set(r.id, r.name);
          seen.add(r.name);
          checkpoint = { seq: Number(r.seq), id: r.id };
        }
        if (page.length < 20) return;
      }
    },
  };
}

describe('change positions', () => {
  it('hands every committed change to a puller and nothing rolled back, whatever the writers do meanwhile', async () => {
    const { sql } = db;
    const device = puller(sql, true);
    const rolledBack = new Set<string>();
    // A small seeded generator, so that a failure can be run again as it was.
    let state = 0x2545f491;
    const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const ids: string[] = [];
    let version = 0;

    async function writer(w: number) {
      for (let n = 0; n < 12; n++) {
        const name = `w${w}-v${++version}`;
        const rollBack = random() < 0.2;
        // Most transactions are short; some stay open while others commit around them.
        const hold = random() < 0.15 ? 60 + Math.floor(random() * 60) : Math.floor(random() * 4);
        try {
          await sql.begin(async (tx) => {
            if (ids.length < 8 || random() < 0.4) {
              const [row] = await tx<{ id: string }[]>`INSERT INTO users (email, name) VALUES (${`${name}@x.test`}, ${name}) RETURNING id`;
              if (!rollBack) ids.push(row!.id);
            } else {
              const id = ids[Math.floor(random() * ids.length)]!;
              await tx`UPDATE users SET name = ${name} WHERE id = ${id}`;
            }
            await sleep(hold);
            if (rollBack) throw new Error('rolled back on purpose');
          });
        } catch (err) {
          if (!rollBack) throw err;
          rolledBack.add(name);
        }
      }
    }

    let writing = true;
    const writers = Promise.all(Array.from({ length: 6 }, (_, w) => writer(w))).finally(() => (writing = false));
    while (writing) {
      await device.pull();
      await sleep(1 + Math.floor(random() * 5));
    }
    await writers;
    const all = await sql<{ id: string; name: string }[]>`SELECT id, name FROM users`;
    // Pulled until nothing is held back (another database's transaction may hold one pull: see the next test).
    const current = () => JSON.stringify([...device.rows].sort()) === JSON.stringify(all.map((r) => [r.id, r.name]).sort());
    for (let i = 0; i < 40 && (i === 0 || !current()); i++) {
      if (i) await sleep(50);
      await device.pull();
    }

    expect(all.length).toBeGreaterThan(8);
    // Every row as it is now: the puller missed no committed change.
    expect(new Map(all.map((r) => [r.id, r.name]))).toEqual(device.rows);
    expect(rolledBack.size).toBeGreaterThan(0);
    expect([...rolledBack].filter((name) => device.seen.has(name))).toEqual([]);
  });

  it('holds back a change committed while an older transaction runs, and hands out both once that one ends', async () => {
    const { sql } = db;
    // Two transactions at once need two connections: the embedded database runs one transaction at a time, where
    // commits come in transaction order anyway.
    if (db.mode !== 'postgres') return;
    const device = puller(sql, true);
    const naive = puller(sql, false);
    await Promise.all([device.pull(), naive.pull()]);
    let finishOld!: () => void;
    const oldMayFinish = new Promise<void>((r) => (finishOld = r));
    let oldWrote!: () => void;
    const oldHasWritten = new Promise<void>((r) => (oldWrote = r));
    const old = sql.begin(async (tx) => {
      await tx`INSERT INTO users (email, name) VALUES ('old@x.test', 'old')`;
      oldWrote();
      await oldMayFinish;
    });
    await oldHasWritten;
    await sql`INSERT INTO users (email, name) VALUES ('new@x.test', 'new')`;
    await Promise.all([device.pull(), naive.pull()]);
    // The newer change is committed, but the older transaction could still commit below it.
    expect(device.seen.has('new')).toBe(false);
    expect(naive.seen.has('new')).toBe(true);
    finishOld();
    await old;
    await Promise.all([device.pull(), naive.pull()]);
    // A transaction of another database that ends between a pull's snapshot and its look at pg_stat_activity counts as
    // this database's for that pull (the horizon lower, never wrong): on a server busy with other test files it can
    // hold one pull back. The next pulls, as a device's stream makes them, hand both out.
    for (let i = 0; i < 40 && !(device.seen.has('old') && device.seen.has('new')); i++) {
      await sleep(50);
      await device.pull();
    }
    expect([device.seen.has('old'), device.seen.has('new')]).toEqual([true, true]);
    // What the horizon is for: a puller without it passed the older change's position before it committed.
    expect(naive.seen.has('old')).toBe(false);
  });

  it('is not held by a transaction of another database on the same server', async () => {
    if (db.mode !== 'postgres') return;
    const other = await openTestDatabase();
    let finish!: () => void;
    const mayFinish = new Promise<void>((r) => (finish = r));
    let started!: () => void;
    const hasAnId = new Promise<void>((r) => (started = r));
    const elsewhere = other.sql.begin(async (tx) => {
      await tx`SELECT pg_current_xact_id()`;
      started();
      await mayFinish;
    });
    try {
      await hasAnId;
      const device = puller(db.sql, true);
      await db.sql`INSERT INTO users (email, name) VALUES ('here@x.test', 'here')`;
      // At once, unless a transaction that had just ended elsewhere is taken for this database's (the horizon is
      // conservative about those): within moments, while the other database's transaction stays open all along.
      const deadline = Date.now() + 2000;
      await device.pull();
      while (!device.seen.has('here') && Date.now() < deadline) {
        await sleep(20);
        await device.pull();
      }
      expect(device.seen.has('here')).toBe(true);
    } finally {
      finish();
      await elsewhere;
      await other.close();
    }
  });

  it('gives every row a transaction writes the same position, above every position before it', async () => {
    const { sql } = db;
    const [before] = await sql<{ seq: string }[]>`SELECT max(change_seq) AS seq FROM users`;
    const seqs = await sql.begin(async (tx) => {
      await tx`INSERT INTO users (email, name) VALUES ('same1@x.test', 'a'), ('same2@x.test', 'b')`;
      await tx`UPDATE users SET name = 'c' WHERE email = 'same1@x.test'`;
      return tx<{ seq: string }[]>`SELECT DISTINCT change_seq AS seq FROM users WHERE email LIKE 'same%'`;
    });
    expect(seqs).toHaveLength(1);
    expect(Number(seqs[0]!.seq)).toBeGreaterThan(Number(before!.seq));
  });
});
