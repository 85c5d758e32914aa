import { z } from 'zod';
import { IMAGE_MAX_BYTES, RATE_LIMITS, UPLOAD_QUOTA } from '@foodbridge/shared/constants';
import { DEFAULT_MAP_TILES_URL } from '@foodbridge/shared/schemas/map-config';

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

/** `NAME=` (empty, as a .env line or a test's override leaves it) means not set, not an invalid value. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

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
  /** The address users open, without a trailing slash: the links in account e-mails point there. */
  PUBLIC_URL: unsetIfEmpty(
    z.url({ protocol: /^https?$/, message: 'PUBLIC_URL must be an http(s) address such as https://foodbridge.example.org' }),
  ).transform((u) => u?.replace(/\/+$/, '')),
  /** smtp(s)://user:password@host:port of the mail server for account e-mails; unset: the links are logged instead. */
  SMTP_URL: unsetIfEmpty(
    z.url({ protocol: /^smtps?$/, message: 'SMTP_URL must look like smtp://user:password@host:587 or smtps://...:465' }),
  ),
  MAIL_FROM: z.string().default('FoodBridge <no-reply@foodbridge.invalid>'),
  /** pino's level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 'json' (one object per line, for a log shipper) or 'pretty'; default: pretty in a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty']).default(process.stdout.isTTY ? 'pretty' : 'json'),
  /**
   * Bearer token that GET /metrics asks for. Unset: /metrics is open, except with NODE_ENV=production, where it is
   * off (404) unless a token is set.
   */
  /** How often the reminder scheduler looks for food about to expire (issue 11); one instance at a time sends. */
  REMINDERS_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often the regular donations' schedule writes the coming week (issue 47); one instance at a time writes. */
  SERIES_EVERY_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  METRICS_TOKEN: unsetIfEmpty(z.string().min(16, { message: 'METRICS_TOKEN must be at least 16 characters' })),
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
  /** Web push's VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints); unset: kept in the database. */
  VAPID_PUBLIC_KEY: unsetIfEmpty(z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, { message: 'VAPID_PUBLIC_KEY must be a base64url P-256 public key' })),
  VAPID_PRIVATE_KEY: unsetIfEmpty(z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, { message: 'VAPID_PRIVATE_KEY must be a base64url P-256 private key' })),
  /** The contact push services see: mailto:someone@example.org or an https page. Unset: an https PUBLIC_URL, else a placeholder. */
  VAPID_SUBJECT: unsetIfEmpty(z.string().regex(/^(mailto:.+@.+|https:\/\/.+)$/, { message: 'VAPID_SUBJECT must be mailto:you@example.org or an https:// address' })),
  /** Only for tests: accept push endpoints on any host, http too (a local push-service stub); else browsers' push services only. */
  PUSH_ALLOW_HTTP_ENDPOINTS: flag,
  /**
   * Tile URL template of All Donations' map ({z}/{x}/{y}, optionally {s}); the app learns it from GET /map/config and
   * the Content-Security-Policy allows its host's pictures. Default: OpenStreetMap's standard tiles.
   */
  MAP_TILES_URL: unsetIfEmpty(
    z
      .string()
      .regex(/^https?:\/\/[^/?#\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}/, {
        message: 'MAP_TILES_URL must be an http(s) tile address with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      }),
  ).transform((u) => u ?? DEFAULT_MAP_TILES_URL),
  /** A Nominatim-compatible service (https://nominatim.openstreetmap.org) for GET /geocode; unset: no address search. */
  GEOCODER_URL: unsetIfEmpty(
    z.url({ protocol: /^https?$/, message: 'GEOCODER_URL must be an http(s) address such as https://nominatim.openstreetmap.org' }),
  ).transform((u) => u?.replace(/\/+$/, '')),
  /** How long GET /geocode waits for that service (ms); shorter only in tests of a service that hangs. */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(5000),
  /**
   * The least time between two requests to that service (ms), per process. 1000 is the public Nominatim's usage
   * policy (at most one request a second): the server refuses less for it; a service of your own may allow more.
   */
  GEOCODER_MIN_INTERVAL_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  /**
   * Pictures in S3-compatible object storage (images/storage.ts). Unset S3_BUCKET: they stay in Postgres. The endpoint
   * is for MinIO, R2 and the like (unset: AWS); unset keys: the SDK's own chain (AWS_* variables, instance role).
   * S3_PUBLIC_URL, where the bucket's objects are readable by anyone: pictures are then redirected there, not streamed.
   */
  S3_BUCKET: unsetIfEmpty(z.string()),
  S3_ENDPOINT: unsetIfEmpty(z.url({ protocol: /^https?$/, message: 'S3_ENDPOINT must be an http(s) address such as https://minio.example.org:9000' })),
  S3_REGION: unsetIfEmpty(z.string()).transform((r) => r ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: unsetIfEmpty(z.string()),
  S3_SECRET_ACCESS_KEY: unsetIfEmpty(z.string()),
  S3_FORCE_PATH_STYLE: flag,
  S3_PUBLIC_URL: unsetIfEmpty(
    z.url({ protocol: /^https?$/, message: 'S3_PUBLIC_URL must be an http(s) address such as https://pictures.example.org' }),
  ).transform((u) => u?.replace(/\/+$/, '')),
  /**
   * How many reverse proxies in front of this server append to X-Forwarded-For: the caller's address is read that
   * many entries from the right. 'false' (default): the socket's address, as a forged header must not choose it.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const s = v.trim().toLowerCase();
      if (s === 'false' || s === '' || s === '0') return 0;
      if (/^[1-9]$/.test(s)) return Number(s);
      ctx.addIssue({ code: 'custom', message: "TRUST_PROXY must be 'false' or the number of proxies (1-9)" });
      return z.NEVER;
    }),
  /** Origins (scheme://host[:port]) of other sites' pages allowed to call the API. None: same-origin only. */
  CORS_ORIGINS: list.transform((origins) => origins.map((o) => o.replace(/\/+$/, ''))),
  /**
   * Multiplies every rate limit of http/rate-limit.ts. Only for tests, whose many callers share one address and
   * one process; 1 in real use.
   */
  RATE_LIMIT_SCALE: z.coerce.number().int().positive().default(1),
  /**
   * Pictures one account may store per day (routes/images.ts): their bytes together (at least one picture of the
   * largest size), and their number.
   */
  UPLOAD_QUOTA_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(IMAGE_MAX_BYTES, { message: `UPLOAD_QUOTA_BYTES_PER_DAY must be at least ${IMAGE_MAX_BYTES} (one picture of the largest size)` })
    .default(UPLOAD_QUOTA.bytesPerDay),
  UPLOAD_QUOTA_FILES_PER_DAY: z.coerce.number().int().positive().default(UPLOAD_QUOTA.filesPerDay),
  /** New accounts one address may register per hour (a food bank signing its volunteers up on one Wi-Fi). */
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(RATE_LIMITS.registerPerAddress.limit),
});

/** Every setting's name, as the environment spells it. */
export const SETTING_NAMES: readonly string[] = Object.keys(Settings.shape);

/** The public Nominatim, whose usage policy allows one request a second at most. */
const PUBLIC_NOMINATIM_HOST = 'nominatim.openstreetmap.org';
const PUBLIC_NOMINATIM_MIN_INTERVAL_MS = 1000;

const ConfigSchema = Settings.transform((settings, ctx) => {
  if (
    settings.GEOCODER_URL &&
    new URL(settings.GEOCODER_URL).hostname === PUBLIC_NOMINATIM_HOST &&
    settings.GEOCODER_MIN_INTERVAL_MS < PUBLIC_NOMINATIM_MIN_INTERVAL_MS
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['GEOCODER_MIN_INTERVAL_MS'],
      message: `GEOCODER_MIN_INTERVAL_MS must be at least ${PUBLIC_NOMINATIM_MIN_INTERVAL_MS} for ${PUBLIC_NOMINATIM_HOST} (its usage policy: one request a second)`,
    });
    return z.NEVER;
  }
  return {
    ...settings,
    // A developer's server stays off the network; a production one usually runs in a container, reached from outside.
    HOST: settings.HOST || (settings.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
  };
});

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
