import type { Context } from 'hono';
import { IdSchema, LIST_LIMIT_MAX } from '@foodbridge/shared';
import { badRequest } from './errors.ts';
import { parseLimit } from './validate.ts';

/**
 * One page of a list, by keyset: `after` is the id of the last row of the previous page, so a page costs the same at
 * row 100,000 as at row 1, and rows added meanwhile neither repeat nor shift the pages after them (an offset would).
 */
export interface Page {
  limit: number;
  after?: string;
}

/** `?limit=` (default and most: LIST_LIMIT_MAX) and `?cursor=`, or a 400. */
export function parsePage(c: Context): Page {
  const limit = parseLimit(c.req.query('limit'), LIST_LIMIT_MAX) ?? LIST_LIMIT_MAX;
  const cursor = c.req.query('cursor');
  if (cursor === undefined || cursor === '') return { limit };
  const parsed = IdSchema.safeParse(cursor);
  if (!parsed.success) throw badRequest('request/invalid-cursor');
  return { limit, after: parsed.data };
}

/**
 * The page to answer from rows fetched with `limit + 1` (the extra row only tells that more remain). The answer stays
 * the spec's plain array; the next page's address goes in a `Link` header, relative to this request so it holds
 * behind any proxy, with this request's other parameters (status, filters) kept.
 */
export function pageOf<T extends { id: string }>(c: Context, rows: T[], page: Page): T[] {
  if (rows.length <= page.limit) return rows;
  const shown = rows.slice(0, page.limit);
  const next = new URL(c.req.url);
  next.searchParams.set('limit', String(page.limit));
  next.searchParams.set('cursor', shown.at(-1)!.id);
  c.header('Link', `<${next.pathname}${next.search}>; rel="next"`);
  return shown;
}
