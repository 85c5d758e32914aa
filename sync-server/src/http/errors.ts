import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { errorPlaceholders, errorText, issueError, type ErrorCode, type ErrorValues } from '@foodbridge/shared';
import { isTransientConflict, TRANSACTION_ATTEMPTS } from '../db/transactions.ts';

/** What every refusal answers: the English sentence, its stable code (shared/src/errors.ts) and the parts that vary. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  values?: ErrorValues;
}

/**
 * The answer for a code: its English sentence from shared's table, with `values` in its places. `values` come in the
 * order the sentence names them, then any others (a rate limit's `count` and `unit`).
 */
function bodyOf(code: ErrorCode, values: ErrorValues | undefined, message: string): ErrorBody {
  if (!values) return { message, code };
  const ordered: ErrorValues = {};
  for (const name of errorPlaceholders(code)) if (Object.hasOwn(values, name)) ordered[name] = values[name]!;
  Object.assign(ordered, values);
  return Object.keys(ordered).length > 0 ? { message, code, values: ordered } : { message, code };
}

/** The answer for a refusal answered without throwing (a middleware's, the unknown address's). */
export const errorBody = (code: ErrorCode, values?: ErrorValues): ErrorBody => bodyOf(code, values, errorText(code, values));

export interface ApiErrorOptions {
  /**
   * A sentence to answer instead of the code's own. The one place a refusal's words are not its code's: for a code
   * that stands for several sentences on purpose, where a client depends on the code. Used only by
   * - the identity service's Firebase-compatible codes given with a more precise sentence: 'auth/invalid-id-token'
   *   for a malformed Authorization header, 'auth/too-many-requests' for the rate limits of /auth/* (the
   *   'too-many-requests' sentence) and for a verification link asked for again too soon;
   * - 'too-many-requests' for the live sync connections of an account (sync.ts), which says its own limit;
   * - Hono's own refusals, in Hono's words ('request/invalid' or 'server/error': errorResponse);
   * - a refusal decision written without a code (permissions.ts `enforce`: tests only).
   * zod's own words ('validation/invalid', the field in `values`) are the answer of a failed validation, below.
   */
  message?: string;
}

/** Every refusal the API gives: a status and a code (with the parts its sentence names), answered with its sentence. */
export class ApiError extends HTTPException {
  readonly body: ErrorBody;
  constructor(status: ContentfulStatusCode, code: ErrorCode, values?: ErrorValues, options?: ApiErrorOptions) {
    super(status, { message: options?.message ?? errorText(code, values) });
    this.body = bodyOf(code, values, this.message);
  }

  get code(): ErrorCode {
    return this.body.code;
  }

  get values(): ErrorValues | undefined {
    return this.body.values;
  }
}

export const badRequest = (code: ErrorCode, values?: ErrorValues) => new ApiError(400, code, values);
export const unauthorized = (code: ErrorCode = 'auth/sign-in-required') => new ApiError(401, code);
export const notFound = (code: Extract<ErrorCode, `not-found/${string}`> = 'not-found/resource') => new ApiError(404, code);
export const conflict = (code: ErrorCode, values?: ErrorValues) => new ApiError(409, code, values);

function firstIssueMessage(error: z.ZodError, first: ErrorBody | undefined): string {
  const issue = error.issues[0];
  if (!issue || !first) return errorText('request/invalid');
  const field = issue.path.join('.');
  // Our schemas carry the spec's messages; zod's generic ones get the field name in front.
  return first.message.startsWith('Invalid') && field ? `${field}: ${first.message}` : first.message;
}

/** A problem zod found: our schemas' codes with their English; zod's own words are 'validation/invalid'. */
function issueBody(issue: z.core.$ZodIssue): ErrorBody {
  const found = issueError(issue);
  if (found) return { message: errorText(found.code, found.values), ...found };
  const field = issue.path.join('.');
  return { message: issue.message, code: 'validation/invalid', ...(field ? { values: { field } } : {}) };
}

interface PgError {
  code?: string;
  constraint_name?: string;
}

export const DATABASE_UNAVAILABLE = errorText('server/unavailable');
/** Seconds a client is asked to wait after losing the database: about a reconnect, not a restart of Postgres. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/**
 * Seconds a client is asked to wait when its change kept losing races for the same rows (a deadlock or a serialization
 * failure, after the server's own attempts, db/transactions.ts): the others' transactions end within moments.
 */
export const BUSY_RETRY_AFTER_SECONDS = 1;

// postgres.js's own connection codes and Node's socket errors: the request never reached a working database.
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: our backend was terminated (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
]);

/** One line a second at most: an outage or a hot row under load would otherwise print one per request. */
function throttledWarning(): (line: string) => void {
  let last = 0;
  return (line) => {
    const now = Date.now();
    if (now - last < 1000) return;
    last = now;
    console.warn(line);
  };
}
const warnUnavailable = throttledWarning();
const warnBusy = throttledWarning();

type Fetch = (request: Request, ...rest: any[]) => Response | Promise<Response>;

/** The waits of the two answers a read is retried after: the database away, or busy (errorResponse below). */
const RETRIED_WAITS = new Set([String(DATABASE_RETRY_AFTER_SECONDS), String(BUSY_RETRY_AFTER_SECONDS)]);

/** How long a retried read waits: long enough for postgres.js to open a fresh connection after a dropped one. */
const READ_RETRY_DELAY_MS = 150;

/**
 * Wraps the app's fetch so that a read answered 503 because the database went away is tried once more before the
 * client sees it: a terminated connection is usually replaced within milliseconds. So is a read answered 503 because
 * one of its statements lost a race for a row (server/busy: a statement outside a transaction is not retried by
 * db/transactions.ts). Only GET and HEAD, which change nothing; writes are never repeated here (the client decides,
 * with its Idempotency-Key). A stream is left out: opening one redeems a single-use ticket, and EventSource
 * reconnects by itself.
 */
export function retryReadsOnce<F extends Fetch>(fetch: F): F {
  const wrapped = async (request: Request, ...rest: unknown[]) => {
    const res = await fetch(request, ...rest);
    const read = request.method === 'GET' || request.method === 'HEAD';
    const path = new URL(request.url).pathname;
    // Readiness must report the outage at once, not after a retry.
    if (res.status !== 503 || !read || path.endsWith('/pull/stream') || path === '/readyz') return res;
    if (!RETRIED_WAITS.has(res.headers.get('retry-after') ?? '')) return res;
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, READ_RETRY_DELAY_MS));
    return fetch(request, ...rest);
  };
  return wrapped as F;
}

/** Whether `err` says the database cannot be reached right now (as opposed to refusing this query). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as PgError).code;
    if (typeof code !== 'string') continue;
    // Class 08: connection exceptions reported by the server.
    if (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** Turns anything thrown in a handler into a JSON answer; only a real server fault is a 500. */
export function errorResponse(err: unknown, c: Context) {
  if (err instanceof ApiError) {
    return c.json(err.body, err.status);
  }
  if (err instanceof HTTPException) {
    // Hono's own refusals (body limit, malformed input), in Hono's words.
    const status = err.status;
    const refusal =
      status === 413
        ? new ApiError(413, 'request/too-large')
        : err.message
          ? new ApiError(status, status >= 500 ? 'server/error' : 'request/invalid', undefined, { message: err.message })
          : new ApiError(status, 'request/invalid');
    return c.json(refusal.body, status);
  }
  if (err instanceof z.ZodError) {
    const bodies = err.issues.map(issueBody);
    const first = bodies[0];
    return c.json(
      {
        message: firstIssueMessage(err, first),
        ...(first ? { code: first.code, ...(first.values ? { values: first.values } : {}) } : { code: 'request/invalid' as const }),
        issues: err.issues.map((i, n) => ({ path: i.path, ...bodies[n]! })),
      },
      400,
    );
  }
  if (isDatabaseUnavailable(err)) {
    // Expected while Postgres restarts or drops connections: no stack trace, and a wait the client can honour.
    warnUnavailable(`Database unavailable (${(err as PgError).code ?? 'unknown'}): answering 503 with Retry-After`);
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json(errorBody('server/unavailable'), 503);
  }
  if (isTransientConflict(err)) {
    // A transaction that lost its race TRANSACTION_ATTEMPTS times (db/transactions.ts), or a single statement that
    // lost one: nothing of it was applied, and the same request a moment later will most likely go through.
    warnBusy(`Database contention (${(err as PgError).code ?? 'unknown'}): answering 503 with Retry-After (a transaction gets ${TRANSACTION_ATTEMPTS} attempts)`);
    c.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    return c.json(errorBody('server/busy'), 503);
  }
  const pg = err as PgError;
  switch (pg.code) {
    case '22P02': // invalid text representation (a bad uuid that got past validation)
    case '22003': // numeric out of range
    case '23514': // check constraint
    case '22001': // value too long
      return c.json(errorBody('request/invalid-value'), 400);
    case '22021': // character not in repertoire: from our (always valid UTF-8) strings, only a NUL does this
      // Postgres cannot store U+0000 in text, so parseJson and refuseNulInUrl refuse text holding it before this.
      return c.json(errorBody('request/nul-in-text'), 400);
    case '23505':
      return c.json(errorBody('request/already-exists'), 409);
    case '23503':
      return c.json(errorBody('request/missing-reference'), 400);
  }
  console.error('Unhandled error', err);
  return c.json(errorBody('server/error'), 500);
}
