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
// The demo accounts' password is in the README: a production database gets them only when asked for in so many words.
if (config.NODE_ENV === 'production' && !config.ALLOW_DEMO_DATA) {
  console.error(
    'npm run seed refuses to add the demo accounts with NODE_ENV=production: anyone who read the README could sign in ' +
      'as their admin. Set ALLOW_DEMO_DATA=true if this database is a demo.',
  );
  process.exit(1);
}
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
