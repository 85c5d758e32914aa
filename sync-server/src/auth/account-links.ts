import { createHash, randomBytes } from 'node:crypto';
import { consumeAccountLink, purgeOldAccountLinks, storeAccountLink, type AccountLinkPurpose } from '../db/account-links.ts';
import type { UserRow } from '../db/users.ts';
import type { Deps } from '../deps.ts';
import { i18nFor } from '../i18n.ts';
import { ApiError } from '../http/errors.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { passwordResetEmail, RESET_LINK_MINUTES, verificationEmail, VERIFY_LINK_HOURS } from '../mail/account-emails.ts';

const PAGES: Record<AccountLinkPurpose, string> = { verify: '/verify-email', reset: '/reset-password' };
const LIFETIME_MS: Record<AccountLinkPurpose, number> = {
  verify: VERIFY_LINK_HOURS * 3600_000,
  reset: RESET_LINK_MINUTES * 60_000,
};

/** The refusal of a link that is unknown, used, expired, or for an account that changed since. */
export const invalidLink = () => new ApiError(400, 'auth/invalid-action-code');

/** Where the e-mailed links point: the configured public address, else this server on localhost. */
export function publicUrl(deps: Pick<Deps, 'config'>): string {
  return deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;
}

/**
 * Makes a single-use link for the account and returns the e-mail that carries it, ready to send. The token is 32
 * random bytes; only its hash is stored. A new link ends the account's earlier ones of the same purpose.
 */
export async function createAccountLink(
  deps: Pick<Deps, 'sql' | 'config'>,
  account: UserRow,
  purpose: AccountLinkPurpose,
): Promise<MailMessage> {
  const token = randomBytes(32).toString('base64url');
  await storeAccountLink(deps.sql, {
    tokenHash: hashLinkToken(token),
    userId: account.id,
    purpose,
    email: account.email,
    expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]),
  });
  if (Math.random() < 0.01) await purgeOldAccountLinks(deps.sql);
  const link = `${publicUrl(deps)}${PAGES[purpose]}?token=${token}`;
  const i18n = i18nFor(account.locale);
  const message = purpose === 'verify' ? verificationEmail(i18n, account.name, link) : passwordResetEmail(i18n, account.name, link);
  return { to: account.email, ...message, link };
}

/** Uses up a link's token: the account it was for, or the 400 of an invalid link. */
export async function redeemAccountLink(deps: Pick<Deps, 'sql'>, token: string, purpose: AccountLinkPurpose): Promise<string> {
  const used = await consumeAccountLink(deps.sql, hashLinkToken(token), purpose);
  if (!used) throw invalidLink();
  return used.userId;
}

function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
