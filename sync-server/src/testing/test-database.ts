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
  if (!url) {
    const db = await openEmbedded(undefined, await snapshotOnce());
    // Applies nothing when the snapshot is current; a snapshot that is not would still end up migrated.
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

let kept: Promise<Blob> | undefined;

/** The snapshot, read (or made) once per process: a test file opening three databases reads its 40 MB once. */
function snapshotOnce(): Promise<Blob> {
  kept ??= migratedSnapshot().catch((err: unknown) => {
    kept = undefined;
    throw err;
  });
  return kept;
}

const cacheDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache/foodbridge');

/**
 * The files of a freshly migrated embedded database, made once and kept on disk for every later test file. A run
 * opens ~90 embedded databases, each test file in a process of its own; a new PGlite cluster runs initdb (2.3 s on a
 * slow 2-core host, then 0.2 s of migrations), while one started from these files is up in 0.8 s. The file's name
 * says what made it (the migrations, the PGlite version, its settings), so a change to any of them makes a new one.
 */
async function migratedSnapshot(): Promise<Blob> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const version = (JSON.parse(readFileSync(join(dirname(pglite), '..', 'package.json'), 'utf8')) as { version: string }).version;
  const name = `pglite-${version}-${EMBEDDED_SHARED_BUFFERS}-${migrationsDigest().slice(0, 16)}.tar`;
  const file = join(cacheDir, name);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet: made below.
  }
  const db = await openEmbedded();
  try {
    await migrate(db.sql);
    const snapshot = await db.snapshot!();
    mkdirSync(cacheDir, { recursive: true });
    // Written whole under another name, then renamed: two test files making it at once never read half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await snapshot.arrayBuffer()));
    renameSync(partial, file);
    // One of an earlier migration or PGlite is not used again: 40 MB each.
    for (const old of readdirSync(cacheDir)) if (/^pglite-.*\.tar$/.test(old) && old !== name) rmSync(join(cacheDir, old), { force: true });
    return snapshot;
  } finally {
    await db.close();
  }
}
