import type { Sql } from './connection.ts';

export type AccountLinkPurpose = 'verify' | 'reset';

/**
 * Stores a new link's token hash. A new link of one purpose ends the account's earlier ones of that purpose: only the
 * latest e-mail works, so an old message found in a mailbox later cannot be used.
 */
export async function storeAccountLink(
  sql: Sql,
  link: { tokenHash: string; userId: string; purpose: AccountLinkPurpose; email: string; expiresAt: Date },
): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`
      UPDATE account_links SET used_at = now()
      WHERE user_id = ${link.userId} AND purpose = ${link.purpose} AND used_at IS NULL`;
    await tx`
      INSERT INTO account_links (token_hash, user_id, purpose, email, expires_at)
      VALUES (${link.tokenHash}, ${link.userId}, ${link.purpose}, ${link.email}, ${link.expiresAt})`;
  });
}

/**
 * Uses up a link: returns its account if the token is live, for this purpose, and still names the account's e-mail,
 * marking it used in the same statement so that two clicks at once cannot both use it.
 */
export async function consumeAccountLink(
  sql: Sql,
  tokenHash: string,
  purpose: AccountLinkPurpose,
): Promise<{ userId: string } | undefined> {
  const [row] = await sql<{ user_id: string }[]>`
    UPDATE account_links l SET used_at = now()
    FROM users u
    WHERE l.token_hash = ${tokenHash} AND l.purpose = ${purpose} AND l.used_at IS NULL AND l.expires_at > now()
      AND u.id = l.user_id AND NOT u.deleted AND u.email = l.email
    RETURNING l.user_id`;
  return row ? { userId: row.user_id } : undefined;
}

/** Links that ended a day ago are of no use to anyone; dropping them keeps the table small. */
export async function purgeOldAccountLinks(sql: Sql): Promise<void> {
  await sql`DELETE FROM account_links WHERE expires_at < now() - interval '1 day'`;
}
