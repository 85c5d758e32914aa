import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { retryReadsOnce } from './http/errors.ts';
import { hasDemoAccounts, seedIfEmpty } from './seed/seed.ts';
import { createDeps } from './services.ts';
import { productionProblems, refusalMessage, type ProductionProblem } from './startup-checks.ts';

function exitOnProductionProblems(problems: readonly ProductionProblem[]) {
  if (!problems.length) return;
  console.error(refusalMessage(problems));
  process.exit(1);
}

// npm runs workspace scripts inside sync-server/, so relative paths (.env, DATA_DIR) are taken from the repo root.
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
if (existsSync(join(rootDir, '.env'))) process.loadEnvFile(join(rootDir, '.env'));
const config = loadConfig();
// Before anything is opened or created, so a misconfigured deployment leaves no data folder or migration behind.
exitOnProductionProblems(productionProblems(config));
const dataDir = resolve(rootDir, config.DATA_DIR);
const defaultDist = resolve(rootDir, 'pwa/dist');
if (!config.PWA_DIST && existsSync(join(defaultDist, 'index.html'))) config.PWA_DIST = defaultDist;

const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: join(dataDir, 'pglite') });
const applied = await migrate(db.sql);
if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
const databaseProblems = productionProblems(config, { demoAccountsExist: await hasDemoAccounts(db.sql) });
if (databaseProblems.length) await db.close();
exitOnProductionProblems(databaseProblems);
await seedIfEmpty(db.sql, config);

const deps = await createDeps(config, db);
const app = createApp(deps);

// 0.0.0.0 means every interface, not an address to open in a browser.
const shownHost = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
// A read that lost its database connection is tried once more before the client gets a 503.
const server = serve({ fetch: retryReadsOnce(app.fetch), port: config.PORT, hostname: config.HOST }, (info) => {
  console.log(
    `FoodBridge sync-server on http://${shownHost}:${info.port} (${db.mode === 'embedded' ? 'embedded PGlite in ' + dataDir : 'Postgres'}; ` +
      `identity: ${deps.firebase ? 'Firebase' : 'built-in'}; payments: ${deps.payments.mode === 'test' ? 'TEST MODE, no card is charged' : 'Stripe'})`,
  );
  if (!config.PWA_DIST) console.log('No built PWA found: run `npm run build` to serve the app here.');
  if (!deps.firebase && deps.mailer.mode === 'log') {
    console.log('Account e-mails: no SMTP_URL, so their links (verify e-mail, reset password) are printed in this log.');
  }
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close();
  await deps.changes.close();
  deps.mailer.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
