// `npm run admin -- --email someone@example.org`: makes an existing account admin from the server's shell, for the
// first admin of a deployment or one whose e-mail cannot be verified. Whoever can run this already holds the database.
// Stop the server first in embedded mode: PGlite's data folder must not be opened by two processes at once.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EmailSchema } from '@foodbridge/shared';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { makeAdminByEmail } from '../db/users.ts';

const usage = 'Usage: npm run admin -- --email someone@example.org';

const { values } = parseArgs({ options: { email: { type: 'string' }, help: { type: 'boolean' } }, strict: true });
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const email = EmailSchema.safeParse(values.email ?? '');
if (!email.success) {
  console.error(`${values.email ? `Not an e-mail address: ${values.email}` : 'No --email given.'}\n${usage}`);
  process.exit(2);
}

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
if (existsSync(join(rootDir, '.env'))) process.loadEnvFile(join(rootDir, '.env'));
const config = loadConfig();
const dataDir = resolve(rootDir, config.DATA_DIR, 'pglite');

let db;
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
  const row = await makeAdminByEmail(db.sql, email.data);
  if (!row) {
    console.error(`No account has the e-mail ${email.data}. The person registers first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(`${row.name} <${row.email}> is now an admin. The change applies to their next request.`);
  }
} finally {
  await db.close();
}
