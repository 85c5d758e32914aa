import type { Sql } from '../db/connection.ts';

/**
 * What a refused call may legitimately change, and why. Anything else a 4xx changes is a bug: the caller was told
 * "no", so nothing of theirs may have been stored.
 * - `login_attempts`: a sign-in attempt is counted before the password is checked (so a parallel burst cannot slip
 *   past the limit); every wrong password, and every 429, is a refused call that counts.
 * - `rate_limits`: a limited call is counted when it arrives, before anything decides whether it succeeds (a limit
 *   that counted only successes would let a flood of refused calls through); every 429 is a refused call too.
 * - `refresh_tokens.revoked_at`: replaying a used refresh token is refused (401) and revokes its whole family, on
 *   purpose: the replay is the sign of a stolen token.
 * The whole-table exclusions skip the table; the column ones drop just those columns from every row.
 */
export const CHANGED_BY_REFUSALS: Readonly<Record<string, 'table' | readonly string[]>> = {
  login_attempts: 'table',
  rate_limits: 'table',
  refresh_tokens: ['revoked_at'],
};

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * One checksum per table of the current schema (every table, including ones added after this helper was written),
 * independent of row order: the md5 of each row's JSON, sorted, hashed again. Compare two snapshots with
 * `changedTables`.
 */
export async function tableChecksums(sql: Sql): Promise<Map<string, string>> {
  const tables = await sql<{ name: string }[]>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`;
  const parts = tables.flatMap(({ name }) => {
    const excluded = CHANGED_BY_REFUSALS[name];
    if (excluded === 'table') return [];
    const row = excluded?.length ? `to_jsonb(t) - ${excluded.map(quoteLiteral).join(' - ')}` : 'to_jsonb(t)';
    return [
      `SELECT ${quoteLiteral(name)} AS name,
              coalesce(md5(string_agg(h, '' ORDER BY h)), '') AS sum
       FROM (SELECT md5((${row})::text) AS h FROM ${quoteIdent(name)} t) rows`,
    ];
  });
  if (!parts.length) return new Map();
  const rows = await sql.unsafe<{ name: string; sum: string }[]>(parts.join('\nUNION ALL\n'));
  return new Map(rows.map((r) => [r.name, r.sum]));
}

/** The tables whose checksum differs between two snapshots (a table that appeared or vanished counts). */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort();
}

/**
 * A mark that changes whenever a transaction that wrote has committed: the database's current snapshot as text
 * (`xmin:xmax:in-progress ids`). Only a transaction that writes is given an id, and its commit either raises xmax or
 * takes it off the in-progress list, so while two marks are equal no row of any table changed between them and
 * `tableChecksums` would answer the same. One function call, against a scan of every table. Take the mark before the
 * checksums it stands for: a commit between the two then shows as a new mark, and the checksums are read again.
 * (On a shared Postgres server other databases' transactions change it too: then the checksums are only read more
 * often than needed.)
 */
export async function writeMark(sql: Sql): Promise<string> {
  const [row] = await sql<{ mark: string }[]>`SELECT pg_current_snapshot()::text AS mark`;
  return row!.mark;
}
