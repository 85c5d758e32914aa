// `npm run seed --workspace sync-server`: the start-up seed on demand, for a database that already has users of its
// own (a shared Postgres, say). Adds the demo accounts and their data unless a demo account already exists.
// Stop the server first in embedded mode: PGlite's data folder must not be opened by two processes at once.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { accountsBox, seedDemoData } from './seed.ts';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
if (existsSync(join(rootDir, '.env'))) process.loadEnvFile(join(rootDir, '.env'));
const config = loadConfig();
const dataDir = resolve(rootDir, config.DATA_DIR, 'pglite');

const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
try {
  await migrate(db.sql);
  const result = await seedDemoData(db.sql, 'always');
  console.log(result ? accountsBox(result) : 'Demo accounts already exist: nothing seeded.');
  console.log(db.mode === 'embedded' ? `Database: embedded PGlite in ${dataDir}` : 'Database: DATABASE_URL');
} finally {
  await db.close();
}
