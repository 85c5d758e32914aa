// The server's identity and payment modes (GET /auth/config).
import type { AuthConfig } from '@foodbridge/shared/schemas/auth';
import { ApiError, call } from '@/lib/api-client';
import { isRecord, readJson, unreadableAnswer } from './server-answer';

const CONFIG_KEY = 'foodbridge.authConfig';
const FIREBASE_FIELDS = ['apiKey', 'authDomain', 'projectId', 'appId'] as const;

/**
 * The same rules as AuthConfigSchema, written out by hand: this runs on every page, and the schema would bring zod
 * (about 23 kB gzipped) into the signed-out home page, which has well under 1 kB of its budget to spare (pwa/BUDGET.md).
 * A unit test holds the two to the same answers.
 */
export function isAuthConfig(value: unknown): value is AuthConfig {
  if (!isRecord(value)) return false;
  const { provider, firebase, payments } = value;
  return (
    (provider === 'local' || provider === 'firebase') &&
    (firebase === null || (isRecord(firebase) && FIREBASE_FIELDS.every((field) => isOptionalString(firebase[field])))) &&
    isRecord(payments) &&
    (payments.mode === 'stripe' || payments.mode === 'test') &&
    (payments.publishableKey === null || typeof payments.publishableKey === 'string')
  );
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

/** What an installed app assumes on its first start offline: the built-in provider, whose tokens it keeps itself. */
const OFFLINE_DEFAULT: AuthConfig = { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } };

let configPromise: Promise<AuthConfig> | null = null;

async function fetchConfig(): Promise<AuthConfig> {
  const config: unknown = await call('GET /auth/config', { anonymous: true });
  if (!isAuthConfig(config)) throw unreadableAnswer();
  localStorage.setItem(CONFIG_KEY, JSON.stringify(config));
  return config;
}

/** The last answer this device kept, if any: what a start assumes before the server answers again. */
export function keptAuthConfig(): AuthConfig | null {
  return readJson(CONFIG_KEY, isAuthConfig);
}

/**
 * The server's identity and payment modes. The last answer is kept, so an installed app that starts offline (or
 * while the server has trouble) still knows whether it runs on Firebase and keeps its signed-in account.
 */
export function getAuthConfig(): Promise<AuthConfig> {
  configPromise ??= fetchConfig().catch((err: unknown) => {
    // The next call asks the server again rather than keeping the failure.
    configPromise = null;
    const cached = keptAuthConfig();
    if (cached) return cached;
    if (err instanceof ApiError && err.status === 0) return OFFLINE_DEFAULT;
    throw err;
  });
  return configPromise;
}
