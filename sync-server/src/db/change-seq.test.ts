import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('change sequence', () => {
  it('serializes writers so that a later sequence value never commits before an earlier one', async () => {
    const { sql } = db;
    const events: string[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((r) => (releaseFirst = r));
    let firstInserted!: () => void;
    const firstDidInsert = new Promise<void>((r) => (firstInserted = r));

    const first = sql.begin(async (tx) => {
      const [row] = await tx<{ change_seq: string }[]>`INSERT INTO users (email) VALUES ('slow@x.test') RETURNING change_seq`;
      events.push('first wrote');
      firstInserted();
      await firstHolds; // a slow transaction still open after taking its sequence value
      events.push('first commits');
      return Number(row!.change_seq);
    });
    await firstDidInsert;
    const second = sql.begin(async (tx) => {
      const [row] = await tx<{ change_seq: string }[]>`INSERT INTO users (email) VALUES ('fast@x.test') RETURNING change_seq`;
      events.push('second wrote');
      return Number(row!.change_seq);
    });

    await sleep(300);
    // Without the advisory lock the second writer would already hold a higher, committed value here, and a client
    // pulling "everything above it" would never see the first writer's row.
    expect(events).toEqual(['first wrote']);
    releaseFirst();
    const [a, b] = await Promise.all([first, second]);
    expect(events).toEqual(['first wrote', 'first commits', 'second wrote']);
    expect(b).toBeGreaterThan(a);
  });

  it('lets a reader that pulls "above the checkpoint" see every row, in sequence order', async () => {
    const { sql } = db;
    const writers = Array.from({ length: 6 }, (_, i) =>
      sql.begin(async (tx) => {
        await tx`INSERT INTO users (email) VALUES (${`w${i}@x.test`})`;
        await sleep(3 * (i % 3));
      }),
    );
    // A reader polling while the writers run: whatever it has seen up to a sequence value must be everything up to
    // that value, so the checkpoint it keeps never skips a row.
    let checkpoint = 0;
    const seen = new Set<string>();
    const done = Promise.all(writers);
    let finished = false;
    void done.then(() => (finished = true));
    while (!finished) {
      const rows = await sql<{ email: string; change_seq: string }[]>`
        SELECT email, change_seq FROM users WHERE change_seq > ${checkpoint} ORDER BY change_seq`;
      for (const r of rows) {
        seen.add(r.email);
        checkpoint = Number(r.change_seq);
      }
      await sleep(2);
    }
    const rest = await sql<{ email: string }[]>`SELECT email FROM users WHERE change_seq > ${checkpoint}`;
    for (const r of rest) seen.add(r.email);
    const all = await sql<{ email: string }[]>`SELECT email FROM users`;
    expect(seen.size).toBe(all.length);
  });
});
