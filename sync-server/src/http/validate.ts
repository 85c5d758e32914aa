import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { IdSchema, MSG } from '@foodbridge/shared';
import { badRequest, NUL_IN_TEXT } from './errors.ts';

class NulInText extends Error {}

/** JSON.parse's reviver: every string, and every field name, of the body passes here. */
function refuseNul(key: string, value: unknown): unknown {
  if (key.includes('\0') || (typeof value === 'string' && value.includes('\0'))) throw new NulInText();
  return value;
}

/**
 * Parses the JSON body with a shared schema; a malformed or invalid body is a 400 with a readable message.
 * `array`: the body is a list (a sync push) whose shape the schema alone checks, and an empty body is not `{}`.
 */
export async function parseJson<T extends z.ZodType>(c: Context, schema: T, o: { array?: boolean } = {}): Promise<z.output<T>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.length || o.array ? JSON.parse(text, refuseNul) : {};
  } catch (err) {
    throw badRequest(err instanceof NulInText ? NUL_IN_TEXT : 'Request body must be valid JSON');
  }
  if (!o.array && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest('Request body must be a JSON object');
  }
  return schema.parse(body);
}

/** `?limit=`: undefined when absent (the caller's default applies), else a whole number from 1 to `max`, or a 400. */
export function parseLimit(value: string | undefined, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const limit = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(limit >= 1 && limit <= max)) throw badRequest(`limit must be a whole number from 1 to ${max}`);
  return limit;
}

/** Validates a path parameter that names a row; anything but a uuid is a 400, never a database error. */
export function parseId(value: string | undefined): string {
  const parsed = IdSchema.safeParse(value);
  if (!parsed.success) throw badRequest(MSG.invalidId);
  return parsed.data;
}

/**
 * Refuses a request whose path or query holds a NUL before any handler reads it, as parseJson does for bodies.
 * The raw URL is enough to look at: a URL cannot carry a bare NUL (the URL parser, and Node's HTTP parser before
 * it, would encode or refuse it), so it arrives as %00, which Hono decodes into params and query values.
 */
export const refuseNulInUrl = createMiddleware(async (c, next) => {
  if (c.req.url.includes('%00')) throw badRequest(NUL_IN_TEXT);
  await next();
});
