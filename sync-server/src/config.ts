import { z } from 'zod';

const list = z
  .string()
  .optional()
  .transform((s) =>
    (s ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

/** An explicit yes: only 'true' turns it on, and a typo ('yes') is an error rather than a silent no. */
const flag = z
  .enum(['true', 'false', ''])
  .optional()
  .transform((v) => v === 'true');

const Settings = z.object({
  /** 'production' turns on the start-up checks of startup-checks.ts and listens on every interface by default. */
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO_DATA: z.enum(['auto', 'always', 'never']).default('auto'),
  ALLOW_TEST_PAYMENTS: flag,
  ALLOW_DEMO_DATA: flag,
  ALLOW_EMBEDDED_DATABASE: flag,
  ADMIN_EMAILS: list,
  ID_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  PUBLIC_URL: z.string().optional(),
  FIREBASE_PROJECT_ID: z.string().optional(),
  FIREBASE_JWKS_URL: z
    .string()
    .default('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'),
  FIREBASE_API_KEY: z.string().optional(),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_APP_ID: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Only for tests: where the stripe SDK sends its requests (a local stub server). */
  STRIPE_API_BASE: z.string().optional(),
  PWA_DIST: z.string().optional(),
});

const ConfigSchema = Settings.transform((settings) => ({
  ...settings,
  // A developer's server stays off the network; a production one usually runs in a container, reached from outside.
  HOST: settings.HOST || (settings.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
}));

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
