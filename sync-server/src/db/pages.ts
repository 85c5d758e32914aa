import type { Sql } from './connection.ts';

/** One page of a list by keyset (http/pagination.ts): at most `limit` rows after the row `after`. */
export interface PageQuery {
  limit: number;
  after?: string | undefined;
}

/** Tables whose lists page newest first, and the time column each is ordered by (with `id` after it). */
const ORDERED_BY = {
  donations: 'created_at',
  reviews: 'created_at',
  favorites: 'created_at',
  donation_requests: 'request_date',
  charity_requests: 'requested_at',
  users: 'created_at',
  // Written order: several rows of one transaction share a clock tick.
  history: 'seq',
} as const;

/**
 * The rows that come after the cursor row in the order `<time> DESC, id DESC` (`alias` names the listed table in the
 * query). The cursor names a row, not a position, so rows added meanwhile neither repeat nor shift later pages; a
 * cursor that names no row gives an empty page.
 */
export function afterCursor(sql: Sql, table: keyof typeof ORDERED_BY, alias: string, after: string | undefined) {
  if (!after) return sql`true`;
  const time = ORDERED_BY[table];
  return sql`(${sql(alias)}.${sql(time)}, ${sql(alias)}.id) < (SELECT ${sql(time)}, id FROM ${sql(table)} WHERE id = ${after})`;
}
