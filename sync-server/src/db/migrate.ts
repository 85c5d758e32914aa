import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from './connection.ts';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The migrations this code expects, in the order they apply. */
export function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** A digest of every migration's name and text: what a database migrated by this code holds depends on nothing else. */
export function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const file of migrationFiles()) hash.update(`${file}\0${readFileSync(join(migrationsDir, file), 'utf8')}\0`);
  return hash.digest('hex');
}

/** Migrations of this code that the database has not applied (all of them before the first start). */
export async function pendingMigrations(sql: Sql): Promise<string[]> {
  const [table] = await sql<{ exists: boolean }[]>`SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`;
  if (!table?.exists) return migrationFiles();
  const applied = new Set((await sql<{ name: string }[]>`SELECT name FROM schema_migrations`).map((r) => r.name));
  return migrationFiles().filter((f) => !applied.has(f));
}

/** Applies every migrations/NNN-*.sql not yet applied, each in its own transaction, in file-name order. */
export async function migrate(sql: Sql): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
  const applied = new Set((await sql<{ name: string }[]>`SELECT name FROM schema_migrations`).map((r) => r.name));
  const files = migrationFiles();
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const text = readFileSync(join(migrationsDir, file), 'utf8');
    await sql.begin(async (tx) => {
      // Two instances starting at once on one database must not both apply a migration.
      await tx`SELECT pg_advisory_xact_lock(7413)`;
      const [done] = await tx`SELECT 1 FROM schema_migrations WHERE name = ${file}`;
      if (done) return;
      await tx.unsafe(text);
      await tx`INSERT INTO schema_migrations (name) VALUES (${file})`;
    });
    ran.push(file);
  }
  return ran;
}

/** Indexes that a migration makes only where their extension is available (027: pg_trgm, 029: cube), and what they serve. */
const OPTIONAL_INDEXES: Record<string, string> = {
  donations_verified_search: "the public list's search (pg_trgm)",
  donations_verified_sphere: "nearest first on the public list from far away (cube)",
  donations_sphere: "nearest first on an admin's list from far away (cube)",
};

/** The optional indexes this database lacks: each named with what it serves, for a warning at start. */
export async function missingOptionalIndexes(sql: Sql): Promise<string[]> {
  const names = Object.keys(OPTIONAL_INDEXES);
  const present = new Set((await sql<{ name: string }[]>`SELECT indexname AS name FROM pg_indexes WHERE indexname IN ${sql(names)}`).map((r) => r.name));
  return names.filter((n) => !present.has(n)).map((n) => `${n}: ${OPTIONAL_INDEXES[n]}`);
}
