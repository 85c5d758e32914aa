import type { Context } from 'hono';
import { z } from 'zod';
import { IdSchema, MSG } from '@foodbridge/shared';
import { badRequest } from './errors.ts';

/** Parses the JSON body with a shared schema; a malformed or invalid body is a 400 with a readable message. */
export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.length ? JSON.parse(text) : {};
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object');
  }
  return schema.parse(body);
}

/** Validates a path parameter that names a row; anything but a uuid is a 400, never a database error. */
export function parseId(value: string | undefined): string {
  const parsed = IdSchema.safeParse(value);
  if (!parsed.success) throw badRequest(MSG.invalidId);
  return parsed.data;
}
