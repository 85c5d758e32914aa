import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './connection.ts';
import { keepEmbeddedTidy, tableStates, upkeepOf, type TableState, type UpkeepLog } from './embedded-upkeep.ts';
import { insertManyDonations } from '../testing/fixtures.ts';
import { openEmbeddedTestDatabase } from '../testing/test-database.ts';
import { insertUser } from './users.ts';

const quiet: UpkeepLog = { info: () => undefined, warn: () => undefined };
const table = (over: Partial<TableState>): TableState => ({ table: 't', liveRows: 1000, deadRows: 0, insertedSinceVacuum: 0, changedSinceAnalyze: 0, plannerRows: 1000, ...over });

describe('upkeepOf: autovacuum default rules', () => {
  it('vacuums past 50 + 20% dead rows or 1,000 + 20% inserted, analyses past 50 + 10% changed or a table the planner never saw', () => {
    expect(upkeepOf(table({ deadRows: 250 }))).toBeNull();
    expect(upkeepOf(table({ deadRows: 251 }))).toBe('vacuum');
    expect(upkeepOf(table({ insertedSinceVacuum: 1200, changedSinceAnalyze: 1200 }))).toBe('analyze');
    expect(upkeepOf(table({ insertedSinceVacuum: 1201, changedSinceAnalyze: 1201 }))).toBe('vacuum');
    expect(upkeepOf(table({ changedSinceAnalyze: 150 }))).toBeNull();
    expect(upkeepOf(table({ changedSinceAnalyze: 151 }))).toBe('analyze');
    expect(upkeepOf(table({ liveRows: 3, changedSinceAnalyze: 3, plannerRows: -1 }))).toBe('analyze');
    expect(upkeepOf(table({ liveRows: 0, changedSinceAnalyze: 0, plannerRows: -1 }))).toBeNull();
  });
});

// On PGlite itself, the database this is for (whatever DATABASE_URL says): it has no autovacuum of its own.
describe('keepEmbeddedTidy on the embedded database', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openEmbeddedTestDatabase();
  }, 60_000);
  afterAll(() => db.close());

  const plannerRows = async (name: string) => Number((await db.sql<{ n: number }[]>`SELECT reltuples AS n FROM pg_class WHERE relname = ${name}`)[0]!.n);
  const deadRows = async (name: string) => (await tableStates(db.sql)).find((s) => s.table === name)!.deadRows;

  it('vacuums what inserts and updates left behind, analyses what changed, and leaves the rest alone', async () => {
    const upkeep = keepEmbeddedTidy(db.sql, quiet, 3_600_000);
    try {
      const user = await insertUser(db.sql, { email: 'upkeep@example.test', name: 'Upkeep Kitchen', role: 'restaurant' });
      await insertManyDonations(db.sql, { id: user.id, name: user.name, email: user.email }, 2000);
      expect(await plannerRows('donations')).toBeLessThan(0);

      // Inserts: vacuumed (and so analysed).
      expect(await upkeep.runOnce()).toContain('vacuum donations');
      expect(await plannerRows('donations')).toBe(2000);
      // Nothing changed since: nothing to do.
      expect(await upkeep.runOnce()).toEqual([]);

      await db.sql`UPDATE donations SET quantity = quantity + 1 WHERE quantity > 10`;
      expect(await deadRows('donations')).toBeGreaterThan(450);
      expect(await upkeep.runOnce()).toEqual(['vacuum donations']);
      expect(await deadRows('donations')).toBe(0);

      // 400 of 2,000 changed: past the 250 of an analyse, short of the 450 dead rows of a vacuum.
      await db.sql`UPDATE donations SET quantity = quantity + 100 WHERE quantity <= 8`;
      expect(await upkeep.runOnce()).toEqual(['analyze donations']);
    } finally {
      await upkeep.stop();
    }
  }, 60_000);
});
