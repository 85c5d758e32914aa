import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openEmbedded, openPostgres, type Database } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';

export type TestDatabase = Database;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway database on the real
 * Postgres server named by DATABASE_URL (dropped again on close), so test files never see each other's rows.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openEmbedded();
    await migrate(db.sql);
    return db;
  }
  const name = `fb_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const db = openPostgres(testUrl.toString());
  await migrate(db.sql);
  return {
    ...db,
    async close() {
      await db.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}
