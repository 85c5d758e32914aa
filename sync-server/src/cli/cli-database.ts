// What every command run from the server's shell starts with: the settings of the repository's .env and the
// database they name, migrated. Embedded mode needs the server stopped: PGlite's data folder must not be opened by
// two processes at once, and the message says so.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The settings, read from the environment and the repository's .env. */
export function cliConfig(): Config {
  if (existsSync(join(rootDir, '.env'))) process.loadEnvFile(join(rootDir, '.env'));
  return loadConfig();
}

/** The database of `config`, migrated; exits with a message when it cannot be opened. */
export async function openCliDatabase(config: Config): Promise<Database> {
  const dataDir = resolve(rootDir, config.DATA_DIR, 'pglite');
  let db: Database;
  try {
    db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  } catch (err) {
    console.error(
      config.DATABASE_URL
        ? `Cannot open the database at DATABASE_URL: ${(err as Error).message}`
        : `Cannot open the embedded database in ${dataDir}; stop the server first (${(err as Error).message}).`,
    );
    process.exit(1);
  }
  try {
    await migrate(db.sql);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
