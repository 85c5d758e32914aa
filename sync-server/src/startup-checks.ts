// What NODE_ENV=production refuses to start with. Each default that makes `npm start` work on a fresh clone (test
// payments, the embedded database, demo accounts with a published password) is unsafe for real users, so a
// production server says which setting to change instead of falling back to it silently.
import type { Config } from './config.ts';
import { demoSeedMode } from './seed/seed.ts';

export type StartupConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'STRIPE_SECRET_KEY'
  | 'DATABASE_URL'
  | 'SEED_DEMO_DATA'
  | 'ALLOW_TEST_PAYMENTS'
  | 'ALLOW_DEMO_DATA'
  | 'ALLOW_EMBEDDED_DATABASE'
  | 'RATE_LIMIT_SCALE'
  | 'PUBLIC_URL'
  | 'FIREBASE_PROJECT_ID'
>;

export interface ProductionProblem {
  /** The setting that accepts this risk on purpose (or, for a setting meant only for tests, that setting). */
  allowedBy: 'ALLOW_TEST_PAYMENTS' | 'ALLOW_EMBEDDED_DATABASE' | 'ALLOW_DEMO_DATA' | 'RATE_LIMIT_SCALE' | 'PUBLIC_URL';
  message: string;
}

/**
 * The reasons not to start. Called once before the database is opened (`database` undefined: only what the settings
 * say) and once after it is migrated, when the demo accounts can be looked for.
 */
export function productionProblems(
  config: StartupConfig,
  database?: { demoAccountsExist: boolean },
): ProductionProblem[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: ProductionProblem[] = [];
  if (!config.STRIPE_SECRET_KEY && !config.ALLOW_TEST_PAYMENTS) {
    problems.push({
      allowedBy: 'ALLOW_TEST_PAYMENTS',
      message:
        'Payments would run in test mode (no STRIPE_SECRET_KEY): set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, ' +
        'or ALLOW_TEST_PAYMENTS=true if this deployment takes no real payments.',
    });
  }
  if (!config.DATABASE_URL && !config.ALLOW_EMBEDDED_DATABASE) {
    problems.push({
      allowedBy: 'ALLOW_EMBEDDED_DATABASE',
      message:
        'The database is the embedded PGlite (no DATABASE_URL), a store for one process and for demos: set ' +
        'DATABASE_URL to a Postgres server, or ALLOW_EMBEDDED_DATABASE=true.',
    });
  }
  if (!config.PUBLIC_URL && !config.FIREBASE_PROJECT_ID) {
    problems.push({
      allowedBy: 'PUBLIC_URL',
      message:
        'The links in account e-mails (verify your e-mail, reset your password) would point to localhost: set ' +
        'PUBLIC_URL to the address users open, e.g. https://foodbridge.example.org.',
    });
  }
  if (config.RATE_LIMIT_SCALE > 1) {
    problems.push({
      allowedBy: 'RATE_LIMIT_SCALE',
      message:
        `RATE_LIMIT_SCALE=${config.RATE_LIMIT_SCALE} multiplies every abuse limit (sign-in, registration, uploads), a ` +
        'setting for test runs that share one address: unset it.',
    });
  }
  if (!config.ALLOW_DEMO_DATA) {
    const seedMode = demoSeedMode(config);
    if (seedMode !== 'never') {
      const why = seedMode === 'auto' ? 'SEED_DEMO_DATA=auto seeds the embedded database' : 'SEED_DEMO_DATA=always';
      problems.push({
        allowedBy: 'ALLOW_DEMO_DATA',
        message:
          `Demo data would be seeded (${why}), with accounts whose password is in the README: ` +
          'set SEED_DEMO_DATA=never, or ALLOW_DEMO_DATA=true.',
      });
    } else if (database?.demoAccountsExist) {
      problems.push({
        allowedBy: 'ALLOW_DEMO_DATA',
        message:
          'The database holds the demo accounts (admin@foodbridge.test and others), whose password is in the ' +
          'README: delete them or start on a fresh database, or set ALLOW_DEMO_DATA=true.',
      });
    }
  }
  return problems;
}

/** The text printed before exiting, one problem a line. */
export function refusalMessage(problems: readonly ProductionProblem[]): string {
  return [
    'FoodBridge refuses to start with NODE_ENV=production:',
    ...problems.map((p) => `  - ${p.message}`),
    'Every setting is described in .env.example.',
  ].join('\n');
}
