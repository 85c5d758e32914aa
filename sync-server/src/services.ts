import { setMaxListeners } from 'node:events';
import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import { FirebaseVerifier } from './auth/firebase.ts';
import { LocalTokenIssuer } from './auth/local-provider.ts';
import { UserCache } from './auth/user-cache.ts';
import type { Deps } from './deps.ts';
import type { DestinationStream } from 'pino';
import { createMailer } from './mail/mailer.ts';
import { createLogger } from './observability/logger.ts';
import { Metrics } from './observability/metrics.ts';
import { StripePaymentProvider } from './payments/stripe-provider.ts';
import { TestPaymentProvider } from './payments/test-provider.ts';
import { createChangeFeed } from './sync/change-feed.ts';
import { createPushSender } from './push/send.ts';
import { createBucketImageStorage } from './images/storage.ts';
import { queriesInFlight } from './db/query-timing.ts';

/** Builds the outside-world services from configuration: Firebase or built-in identity, Stripe or test payments. */
export async function createDeps(config: Config, db: Database, opts: { logDestination?: DestinationStream } = {}): Promise<Deps> {
  const tokens = await LocalTokenIssuer.create(db.sql, {
    ttlSeconds: config.ID_TOKEN_TTL_SECONDS,
    refreshDays: config.REFRESH_TOKEN_TTL_DAYS,
  });
  const firebase = config.FIREBASE_PROJECT_ID
    ? new FirebaseVerifier(config.FIREBASE_PROJECT_ID, config.FIREBASE_JWKS_URL)
    : undefined;
  const payments = config.STRIPE_SECRET_KEY
    ? await StripePaymentProvider.create(db.sql, config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE)
    : new TestPaymentProvider(db.sql);
  const changes = createChangeFeed(db);
  const stopping = new AbortController();
  // Every open sync stream listens for the shutdown: hundreds of listeners are the normal case, not a leak (Node warns
  // of one past 10).
  setMaxListeners(0, stopping.signal);
  const log = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT, destination: opts.logDestination });
  // Keys are generated (or read) now, at start-up, rather than by the first notification.
  const push = createPushSender(db.sql, config, log);
  await push.publicKey();
  const metrics = new Metrics(() => changes.subscribers, { poolSize: db.connection.max ?? 1, queriesInFlight });
  db.onQuery((seconds, failed) => metrics.observeQuery(seconds, failed));
  return {
    config,
    db,
    sql: db.sql,
    tokens,
    firebase,
    payments,
    mailer: createMailer(config),
    changes,
    users: new UserCache(),
    log,
    push,
    imageBucket: await createBucketImageStorage(config),
    metrics,
    stopping: stopping.signal,
    stop: () => stopping.abort(),
  };
}
