import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import { errorText, type ErrorCode, type ErrorValues, type UseLimit } from '@foodbridge/shared';
import { purgeEndedLimits, takeFromLimit } from '../db/rate-limits.ts';
import type { Config } from '../config.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { clientAddress } from './client-address.ts';
import { ApiError } from './errors.ts';

/** A rate limit of a route, given in its declaration (http/route.ts `limits`). */
export interface Rule {
  /** Names the counter: one per rule and caller. */
  name: string;
  per: 'address' | 'account';
  /** The limit, or how the server's settings give it (REGISTRATIONS_PER_ADDRESS_PER_HOUR). */
  use: UseLimit | ((config: Config) => UseLimit);
  /** What was done too often, for the refusal ('too-many-requests'): 'Too many <what>.' */
  what: string;
}

/** A limit per client address (before sign-in, the only key there is; an e-mail in the body is never one). */
export const byAddress = (name: string, use: Rule['use'], what: string): Rule => ({ name, per: 'address', use, what });
/** A limit per signed-in account: counts only calls made with that account's own token. */
export const byAccount = (name: string, use: UseLimit, what: string): Rule => ({ name, per: 'account', use, what });

/** The limited routes' rules, by `METHOD /path` (their paths are literal): every other route has none. */
export type LimitedRoutes = ReadonlyMap<string, readonly Rule[]>;

export function limitedRoutes(routes: readonly { method: string; path: string; limits?: readonly Rule[] | undefined }[]): LimitedRoutes {
  const limited = new Map<string, readonly Rule[]>();
  for (const r of routes) if (r.limits) limited.set(`${r.method.toUpperCase()} ${r.path}`, r.limits);
  return limited;
}

/** About one request in this many also clears counters whose window ended long ago. */
const PURGE_EVERY = 500;

/** '42 seconds', '12 minutes', '3 hours': rounded up, as the caller has to wait at least that long. */
export function waitInWords(seconds: number): string {
  const { count, unit } = waitInUnits(seconds);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The same wait as a number and its unit, for the answer's `values` (the app says it in the reader's language). */
export function waitInUnits(seconds: number): { count: number; unit: 'second' | 'minute' | 'hour' } {
  if (seconds < 90) return { count: seconds, unit: 'second' };
  if (seconds < 90 * 60) return { count: Math.ceil(seconds / 60), unit: 'minute' };
  return { count: Math.ceil(seconds / 3600), unit: 'hour' };
}

/**
 * A limit's refusal, given the wait in words ('12 minutes'): its code and values, the wait's `count` and `unit` added
 * to them; `message` only where the code stands for several sentences (ApiError's option).
 */
export type LimitRefusal = (wait: string) => { code: ErrorCode; values?: ErrorValues; message?: string };

/**
 * Takes `cost` from the counter `key` or refuses with 429, `Retry-After` and a sentence saying when to try again.
 * For the rules below and for the routes' own quotas (bytes uploaded per day).
 */
export async function enforceLimit(c: Context, deps: Pick<Deps, 'sql'>, key: string, use: UseLimit & { cost?: number }, refusal: LimitRefusal): Promise<void> {
  const wait = await takeFromLimit(deps.sql, key, use.cost ?? 1, use.limit, use.windowSeconds);
  if (wait === null) return;
  c.header('Retry-After', String(wait));
  const { code, values, message } = refusal(waitInWords(wait));
  throw new ApiError(429, code, { ...values, ...waitInUnits(wait) }, message === undefined ? undefined : { message });
}

/**
 * Rate limits of the `limited` routes, counted in the database so that every instance shares them. Runs after
 * `authenticate`: an account's counter counts only calls made with that account's own token, so nobody can use up
 * someone else's. Before sign-in there is only the address to count by; an e-mail in the body is never a key.
 * RATE_LIMIT_SCALE raises every limit for tests, whose callers all share one address.
 */
export function rateLimits(deps: Deps, routes: LimitedRoutes) {
  const scale = deps.config.RATE_LIMIT_SCALE;
  // Not async for the calls no rule is about (almost all): no promise of its own.
  return createMiddleware<AppEnv>((c, next) => {
    const rules = routes.get(`${c.req.method} ${c.req.path}`);
    return rules ? limited(c, next, rules) : next();
  });
  async function limited(c: Context<AppEnv>, next: Next, rules: readonly Rule[]) {
    if (Math.random() < 1 / PURGE_EVERY) await purgeEndedLimits(deps.sql);
    // The identity service answers Firebase's code for its limits, with the same sentence as the others.
    const firebase = c.req.path.startsWith('/auth/');
    for (const rule of rules) {
      const who = rule.per === 'address' ? clientAddress(c, deps.config).slice(0, 100) : c.get('user')?.id;
      // Signed out on an account's route: the route refuses it (401) without any work worth limiting.
      if (who === undefined) continue;
      const given = typeof rule.use === 'function' ? rule.use(deps.config) : rule.use;
      const use = { limit: given.limit * scale, windowSeconds: given.windowSeconds };
      await enforceLimit(c, deps, `${rule.name}:${rule.per}:${who}`, use, (wait) =>
        firebase
          ? { code: 'auth/too-many-requests', message: errorText('too-many-requests', { what: rule.what, wait }) }
          : { code: 'too-many-requests', values: { what: rule.what, wait } },
      );
    }
    return next();
  }
}
