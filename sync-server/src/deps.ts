import type { Config } from './config.ts';
import type { Database, Sql } from './db/connection.ts';
import type { FirebaseVerifier } from './auth/firebase.ts';
import type { LocalTokenIssuer } from './auth/local-provider.ts';
import type { AuthUser } from './auth/auth-user.ts';
import type { UserCache } from './auth/user-cache.ts';
import type { UserRow } from './db/users.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Logger } from './observability/logger.ts';
import type { Metrics } from './observability/metrics.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { ChangeFeed } from './sync/change-feed.ts';
import type { PushSender } from './push/send.ts';
import type { ImageStorage } from './images/storage.ts';

/** Everything a route needs from the outside world, built once at start-up (or per test). */
export interface Deps {
  config: Config;
  db: Database;
  sql: Sql;
  tokens: LocalTokenIssuer;
  firebase?: FirebaseVerifier | undefined;
  payments: PaymentProvider;
  /** Account e-mails (verification, password reset): SMTP, or the server's log when none is configured. */
  mailer: Mailer;
  /** Committed changes of replicated tables, for the sync pull streams; close() it at shutdown. */
  changes: ChangeFeed;
  /** The accounts behind recent tokens, and the generation that tells whether an account read earlier still holds. */
  users: UserCache;
  /** Structured log (pino). */
  log: Logger;
  metrics: Metrics;
  /** Web push to users' devices (push/send.ts): call `sendToUser` after a notification's change has committed. */
  push?: PushSender | undefined;
  /** The bucket of S3_BUCKET, where new pictures go; unset: Postgres (which still serves those not yet moved). */
  imageBucket?: ImageStorage | undefined;
  /** Aborted when the server begins a graceful shutdown: open streams end with a hint to reconnect elsewhere. */
  stopping: AbortSignal;
  /** Begins the graceful shutdown of everything built on these deps (the process's own server stops itself). */
  stop(): void;
}

export interface AppEnv {
  Variables: {
    user: AuthUser | undefined;
    /** The caller's account as `authenticate` loaded it; set whenever `user` is. */
    userRow: UserRow | undefined;
    /** The request's id, on its log line and in `X-Request-Id`. */
    requestId: string;
  };
}
