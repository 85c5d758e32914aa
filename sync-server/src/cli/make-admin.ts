// `npm run admin -- --email someone@example.org`: makes an existing account admin from the server's shell, for the
// first admin of a deployment or one whose e-mail cannot be verified. Whoever can run this already holds the database.
// Stop the server first in embedded mode: PGlite's data folder must not be opened by two processes at once.
import { parseArgs } from 'node:util';
import { EmailSchema } from '@foodbridge/shared';
import { makeAdminByEmail } from '../db/users.ts';
import { cliConfig, openCliDatabase } from './cli-database.ts';

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

const db = await openCliDatabase(cliConfig());
try {
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
