import type { Sql } from './connection.ts';

/** 'verify' proves the e-mail, 'reset' sets a new password, 'change-email' makes `newEmail` the account's address. */
export type AccountLinkPurpose = 'verify' | 'reset' | 'change-email';

/**
 * Stores a new link's token hash. A new link of one purpose ends the account's earlier ones of that purpose: only the
 * latest e-mail works, so an old message found in a mailbox later cannot be used.
 */
export async function storeAccountLink(
  sql: Sql,
  link: { tokenHash: string; userId: string; purpose: AccountLinkPurpose; email: string; expiresAt: Date; newEmail?: string | undefined },
): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`
      UPDATE account_links SET used_at = now()
      WHERE user_id = ${link.userId} AND purpose = ${link.purpose} AND used_at IS NULL`;
    await tx`
      INSERT INTO account_links (token_hash, user_id, purpose, email, expires_at, new_email)
      VALUES (${link.tokenHash}, ${link.userId}, ${link.purpose}, ${link.email}, ${link.expiresAt}, ${link.newEmail ?? null})`;
  });
}

export interface UsedAccountLink {
  userId: string;
  purpose: AccountLinkPurpose;
  /** The address to change to, on a 'change-email' link. */
  newEmail?: string | undefined;
}

/**
 * Uses up a link: returns its account if the token is live, of one of these purposes, and still names the account's
 * e-mail, marking it used in the same statement so that two clicks at once cannot both use it.
 */
export async function consumeAccountLink(
  sql: Sql,
  tokenHash: string,
  purposes: AccountLinkPurpose | readonly AccountLinkPurpose[],
): Promise<UsedAccountLink | undefined> {
  const [row] = await sql<{ user_id: string; purpose: AccountLinkPurpose; new_email: string | null }[]>`
    UPDATE account_links l SET used_at = now()
    FROM users u
    WHERE l.token_hash = ${tokenHash} AND l.purpose IN ${sql(typeof purposes === 'string' ? [purposes] : purposes)}
      AND l.used_at IS NULL AND l.expires_at > now()
      AND u.id = l.user_id AND NOT u.deleted AND u.email = l.email
    RETURNING l.user_id, l.purpose, l.new_email`;
  return row ? { userId: row.user_id, purpose: row.purpose, newEmail: row.new_email ?? undefined } : undefined;
}

/** Links that ended a day ago are of no use to anyone; dropping them keeps the table small. */
export async function purgeOldAccountLinks(sql: Sql): Promise<void> {
  await sql`DELETE FROM account_links WHERE expires_at < now() - interval '1 day'`;
}
