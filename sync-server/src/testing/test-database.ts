import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { EMBEDDED_SHARED_BUFFERS, openEmbedded, openPostgres, type Database } from '../db/connection.ts';
import { migrate, migrationsDigest } from '../db/migrate.ts';

export type TestDatabase = Database;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway database on the real
 * Postgres server named by DATABASE_URL (dropped again on close), so test files never see each other's rows.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) return openEmbeddedTestDatabase();
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

/** A fresh, migrated in-memory PGlite database, whatever DATABASE_URL says (for tests of the embedded database itself). */
export async function openEmbeddedTestDatabase(): Promise<TestDatabase> {
  const db = await openEmbedded(undefined, await snapshotOnce());
  // Applies nothing when the snapshot is current; a snapshot that is not would still end up migrated.
  await migrate(db.sql);
  return db;
}

/**
 * Fills the folder `dataDir` (missing or empty) with a freshly migrated embedded database, as a server's
 * DATA_DIR/pglite: the snapshot's files, instead of initdb (2-3 s of CPU, in a process of its own: see createDataDir in
 * db/connection.ts) and every migration. For tests of what runs on a data folder (the command-line scripts).
 */
export async function writeMigratedDataDir(dataDir: string): Promise<void> {
  const [{ PGlite }, { pg_trgm }, { cube }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/cube'),
  ]);
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir, loadDataDir: await snapshotOnce(), extensions: { pg_trgm, cube } });
  await db.close();
}

let kept: Promise<Blob> | undefined;

/** The snapshot, read (or made) once per process: a test worker (isolate: false) reads it once for all its files. */
function snapshotOnce(): Promise<Blob> {
  kept ??= migratedSnapshot().catch((err: unknown) => {
    kept = undefined;
    throw err;
  });
  return kept;
}

const cacheDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache/foodbridge');

/**
 * The files of a freshly migrated embedded database, made once and kept on disk for every later test run. A run
 * opens ~90 embedded databases; a new PGlite cluster runs initdb (2.3 s on a slow 2-core host, then 0.2 s of
 * migrations), while one started from these files is up in a fraction of that. The file's name says what made it
 * (the migrations, the PGlite version, its settings), so a change to any of them makes a new one.
 */
async function migratedSnapshot(): Promise<Blob> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const version = (JSON.parse(readFileSync(join(dirname(pglite), '..', 'package.json'), 'utf8')) as { version: string }).version;
  const name = `pglite-${version}-${EMBEDDED_SHARED_BUFFERS}-${migrationsDigest().slice(0, 16)}-no-templates.tar`;
  const file = join(cacheDir, name);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet: made below.
  }
  const db = await openEmbedded();
  try {
    await migrate(db.sql);
    // Without the cluster's template databases: only CREATE DATABASE reads them, which no test runs on an embedded
    // database, and a database then starts from 26 MB of files instead of 42 (0.27 s of CPU instead of 0.42; a run
    // starts about a hundred).
    await db.sql`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`;
    await db.sql`DROP DATABASE template0`;
    await db.sql`DROP DATABASE template1`;
    const snapshot = await db.snapshot!();
    mkdirSync(cacheDir, { recursive: true });
    // Written whole under another name, then renamed: two test files making it at once never read half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await snapshot.arrayBuffer()));
    renameSync(partial, file);
    // One of an earlier migration or PGlite is not used again: 26-42 MB each.
    for (const old of readdirSync(cacheDir)) if (/^pglite-.*\.tar$/.test(old) && old !== name) rmSync(join(cacheDir, old), { force: true });
    return snapshot;
  } finally {
    await db.close();
  }
}
