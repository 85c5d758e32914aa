import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { errorOf, MSG, type ErrorCode, type ErrorValues } from '@foodbridge/shared';

/** What every refusal answers: the English sentence, its stable code (shared/src/errors.ts) and the parts that vary. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  values?: ErrorValues;
}

/**
 * The answer for a sentence: its code is found in shared's table unless one is given (the identity service's
 * Firebase codes, which may stand for several sentences). A sentence the table lacks gets the generic code of its
 * status; errors.test.ts keeps the table complete.
 */
export function errorBody(status: number, message: string, code?: ErrorCode, values?: ErrorValues): ErrorBody {
  const found = errorOf(message);
  const own = code ?? found?.code ?? (status >= 500 ? 'server/error' : 'request/invalid');
  const parts = { ...(found?.code === own ? found.values : undefined), ...values };
  return { message, code: own, ...(Object.keys(parts).length > 0 ? { values: parts } : {}) };
}

/** Every refusal the API gives: a status and a sentence a person can read, with its code. */
export class ApiError extends HTTPException {
  readonly body: ErrorBody;
  constructor(status: ContentfulStatusCode, message: string, code?: ErrorCode, values?: ErrorValues) {
    super(status, { message });
    this.body = errorBody(status, message, code, values);
  }

  get code(): ErrorCode {
    return this.body.code;
  }

  get values(): ErrorValues | undefined {
    return this.body.values;
  }
}

/** Postgres cannot store U+0000 in text, so text holding it is refused before it gets that far. */
export const NUL_IN_TEXT = 'Text must not contain the NUL character (U+0000)';

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message: string = MSG.signInRequired, code?: ErrorCode) => new ApiError(401, message, code);
export const notFound = (what = 'Resource') => new ApiError(404, `${what} not found`);
export const conflict = (message: string) => new ApiError(409, message);

function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  // Our schemas carry the spec's messages; zod's generic ones get the field name in front.
  return issue.message.startsWith('Invalid') && field ? `${field}: ${issue.message}` : issue.message;
}

/** A problem zod found: our schemas' sentences have their codes; zod's own words are 'validation/invalid'. */
function issueCode(issue: z.core.$ZodIssue): Pick<ErrorBody, 'code' | 'values'> {
  const found = errorOf(issue.message);
  if (found) return found;
  const field = issue.path.join('.');
  return { code: 'validation/invalid', ...(field ? { values: { field } } : {}) };
}

interface PgError {
  code?: string;
  constraint_name?: string;
}

export const DATABASE_UNAVAILABLE = 'FoodBridge is briefly unavailable. Please try again in a moment.';
/** Seconds a client is asked to wait after losing the database: about a reconnect, not a restart of Postgres. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

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

let lastWarning = 0;
/** One line a second at most: an outage under load would otherwise print one per request. */
function warnUnavailable(code: string | undefined) {
  const now = Date.now();
  if (now - lastWarning < 1000) return;
  lastWarning = now;
  console.warn(`Database unavailable (${code ?? 'unknown'}): answering 503 with Retry-After`);
}

type Fetch = (request: Request, ...rest: any[]) => Response | Promise<Response>;

/** How long a retried read waits: long enough for postgres.js to open a fresh connection after a dropped one. */
const READ_RETRY_DELAY_MS = 150;

/**
 * Wraps the app's fetch so that a read answered 503 because the database went away is tried once more before the
 * client sees it: a terminated connection is usually replaced within milliseconds. Only GET and HEAD, which change
 * nothing; writes are never repeated here (the client decides, with its Idempotency-Key). A stream is left out:
 * opening one redeems a single-use ticket, and EventSource reconnects by itself.
 */
export function retryReadsOnce<F extends Fetch>(fetch: F): F {
  const wrapped = async (request: Request, ...rest: unknown[]) => {
    const res = await fetch(request, ...rest);
    const read = request.method === 'GET' || request.method === 'HEAD';
    const path = new URL(request.url).pathname;
    // Readiness must report the outage at once, not after a retry.
    if (res.status !== 503 || !read || path.endsWith('/pull/stream') || path === '/readyz') return res;
    if (res.headers.get('retry-after') !== String(DATABASE_RETRY_AFTER_SECONDS)) return res;
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
    // Hono's own refusals (body limit, malformed input).
    const status = err.status;
    const message = status === 413 ? 'Request body is too large' : err.message || 'Invalid request';
    return c.json(errorBody(status, message), status);
  }
  if (err instanceof z.ZodError) {
    const first = err.issues[0];
    return c.json(
      {
        message: firstIssueMessage(err),
        ...(first ? issueCode(first) : { code: 'request/invalid' }),
        issues: err.issues.map((i) => ({ path: i.path, message: i.message, ...issueCode(i) })),
      },
      400,
    );
  }
  if (isDatabaseUnavailable(err)) {
    // Expected while Postgres restarts or drops connections: no stack trace, and a wait the client can honour.
    warnUnavailable((err as PgError).code);
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json(errorBody(503, DATABASE_UNAVAILABLE), 503);
  }
  const pg = err as PgError;
  switch (pg.code) {
    case '22P02': // invalid text representation (a bad uuid that got past validation)
    case '22003': // numeric out of range
    case '23514': // check constraint
    case '22001': // value too long
      return c.json(errorBody(400, 'Invalid value in request'), 400);
    case '22021': // character not in repertoire: from our (always valid UTF-8) strings, only a NUL does this
      return c.json(errorBody(400, NUL_IN_TEXT), 400);
    case '23505':
      return c.json(errorBody(409, 'This already exists'), 409);
    case '23503':
      return c.json(errorBody(400, 'A referenced record does not exist'), 400);
  }
  console.error('Unhandled error', err);
  return c.json(errorBody(500, 'Something went wrong on the server. Please try again.'), 500);
}
