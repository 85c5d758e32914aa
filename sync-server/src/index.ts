import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrate, missingOptionalIndexes } from './db/migrate.ts';
import { keepEmbeddedTidy } from './db/embedded-upkeep.ts';
import { retryReadsOnce } from './http/errors.ts';
import { hasDemoAccounts, seedIfEmpty } from './seed/seed.ts';
import { createDeps } from './services.ts';
import { startNotificationWork } from './notifications/background.ts';
import { startSeriesSchedule } from './series/generate.ts';
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
deps.metrics.withProcessMetrics();
const missingIndexes = await missingOptionalIndexes(db.sql);
if (missingIndexes.length) {
  deps.log.warn({ missing: missingIndexes }, 'an extension is missing on this Postgres server: these lists work, reading every row');
}
const app = createApp(deps);
const stopNotificationWork = await startNotificationWork(deps);
const stopSeriesSchedule = startSeriesSchedule(deps);
// Postgres analyses and vacuums its tables itself; PGlite has no background workers to (db/embedded-upkeep.ts).
const upkeep = db.mode === 'embedded' ? keepEmbeddedTidy(db.sql, deps.log) : null;

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

/** The longest a graceful shutdown may take before the process exits anyway (an orchestrator kills it soon after). */
const SHUTDOWN_LIMIT_MS = 10_000;

let stopping = false;
/**
 * Graceful shutdown: stop accepting connections, let the requests in flight finish, end the sync streams with a
 * reconnect hint, then close the change feed and the database pool. Exits within SHUTDOWN_LIMIT_MS whatever happens.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  deps.log.info({ signal }, 'shutting down: finishing the requests in flight');
  const force = setTimeout(() => {
    deps.log.error(`shutdown took over ${SHUTDOWN_LIMIT_MS / 1000} s: exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS);
  force.unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  deps.stop();
  // close() ends idle keep-alive connections once; connections whose request finishes later are ended as they idle.
  const idle = setInterval(() => (server as import('node:http').Server).closeIdleConnections(), 50);
  await closed;
  clearInterval(idle);
  await stopNotificationWork();
  await stopSeriesSchedule();
  await upkeep?.stop();
  await deps.changes.close();
  deps.mailer.close();
  await db.close();
  deps.log.info('shut down');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
