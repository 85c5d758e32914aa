import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { MSG } from '@foodbridge/shared';

/** Every refusal the API gives: a status and a sentence a person can read (plus an identity-service code). */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly code?: string,
  ) {
    super(status, { message });
  }
}

/** Postgres cannot store U+0000 in text, so text holding it is refused before it gets that far. */
export const NUL_IN_TEXT = 'Text must not contain the NUL character (U+0000)';

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message: string = MSG.signInRequired, code?: string) => new ApiError(401, message, code);
export const notFound = (what = 'Resource') => new ApiError(404, `${what} not found`);
export const conflict = (message: string) => new ApiError(409, message);

function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  // Our schemas carry the spec's messages; zod's generic ones get the field name in front.
  return issue.message.startsWith('Invalid') && field ? `${field}: ${issue.message}` : issue.message;
}

interface PgError {
  code?: string;
  constraint_name?: string;
}

/** Turns anything thrown in a handler into a JSON answer; only a real server fault is a 500. */
export function errorResponse(err: unknown, c: Context) {
  if (err instanceof ApiError) {
    return c.json({ message: err.message, ...(err.code ? { code: err.code } : {}) }, err.status);
  }
  if (err instanceof HTTPException) {
    // Hono's own refusals (body limit, malformed input).
    const status = err.status;
    const message = status === 413 ? 'Request body is too large' : err.message || 'Invalid request';
    return c.json({ message }, status);
  }
  if (err instanceof z.ZodError) {
    return c.json({ message: firstIssueMessage(err), issues: err.issues.map((i) => ({ path: i.path, message: i.message })) }, 400);
  }
  const pg = err as PgError;
  switch (pg.code) {
    case '22P02': // invalid text representation (a bad uuid that got past validation)
    case '22003': // numeric out of range
    case '23514': // check constraint
    case '22001': // value too long
      return c.json({ message: 'Invalid value in request' }, 400);
    case '22021': // character not in repertoire: from our (always valid UTF-8) strings, only a NUL does this
      return c.json({ message: NUL_IN_TEXT }, 400);
    case '23505':
      return c.json({ message: 'This already exists' }, 409);
    case '23503':
      return c.json({ message: 'A referenced record does not exist' }, 400);
  }
  console.error('Unhandled error', err);
  return c.json({ message: 'Something went wrong on the server. Please try again.' }, 500);
}
