import { describe, expect, it } from 'vitest';
import { openEmbedded } from '../db/connection.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { openEmbeddedTestDatabase, openTestDatabase } from './test-database.ts';

describe('test databases', () => {
  it('are each migrated and see nothing of another', async () => {
    const a = await openTestDatabase();
    const b = await openTestDatabase();
    try {
      expect(await pendingMigrations(a.sql)).toEqual([]);
      expect(await pendingMigrations(b.sql)).toEqual([]);
      await a.sql`INSERT INTO users (id, email, name, role) VALUES (gen_random_uuid(), 'only-in-a@example.test', 'A', 'user')`;
      const [inA] = await a.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE email = 'only-in-a@example.test'`;
      const [inB] = await b.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE email = 'only-in-a@example.test'`;
      expect(inA?.n).toBe(1);
      expect(inB?.n).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('an embedded database started from a snapshot', () => {
  it('holds what the snapshot held, and its own writes stay its own', async () => {
    // Itself started from the migrated database's files (an initdb costs 2-3 s of CPU; this is not its test).
    const original = await openEmbeddedTestDatabase();
    let copy: Awaited<ReturnType<typeof openEmbedded>> | undefined;
    try {
      await original.sql`CREATE TABLE kept (n int)`;
      await original.sql`INSERT INTO kept VALUES (1), (2)`;
      const snapshot = await original.snapshot!();
      copy = await openEmbedded(undefined, snapshot);
      await copy.sql`INSERT INTO kept VALUES (3)`;
      expect((await copy.sql<{ n: number }[]>`SELECT n FROM kept ORDER BY n`).map((r) => r.n)).toEqual([1, 2, 3]);
      expect((await original.sql<{ n: number }[]>`SELECT n FROM kept ORDER BY n`).map((r) => r.n)).toEqual([1, 2]);
    } finally {
      await copy?.close();
      await original.close();
    }
  });
});
