import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import { FirebaseVerifier } from './auth/firebase.ts';
import { LocalTokenIssuer } from './auth/local-provider.ts';
import type { Deps } from './deps.ts';
import { createMailer } from './mail/mailer.ts';
import { StripePaymentProvider } from './payments/stripe-provider.ts';
import { TestPaymentProvider } from './payments/test-provider.ts';
import { createChangeFeed } from './sync/change-feed.ts';

/** Builds the outside-world services from configuration: Firebase or built-in identity, Stripe or test payments. */
export async function createDeps(config: Config, db: Database): Promise<Deps> {
  const tokens = await LocalTokenIssuer.create(db.sql, {
    ttlSeconds: config.ID_TOKEN_TTL_SECONDS,
    refreshDays: config.REFRESH_TOKEN_TTL_DAYS,
  });
  const firebase = config.FIREBASE_PROJECT_ID
    ? new FirebaseVerifier(config.FIREBASE_PROJECT_ID, config.FIREBASE_JWKS_URL)
    : undefined;
  const payments = config.STRIPE_SECRET_KEY
    ? new StripePaymentProvider(db.sql, config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE)
    : new TestPaymentProvider(db.sql);
  return { config, db, sql: db.sql, tokens, firebase, payments, mailer: createMailer(config), changes: createChangeFeed(db) };
}
