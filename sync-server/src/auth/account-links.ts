import { createHash, randomBytes } from 'node:crypto';
import { consumeAccountLink, purgeOldAccountLinks, storeAccountLink, type AccountLinkPurpose, type UsedAccountLink } from '../db/account-links.ts';
import type { UserRow } from '../db/users.ts';
import type { Deps } from '../deps.ts';
import { i18nFor } from '../i18n.ts';
import { ApiError } from '../http/errors.ts';
import type { MailMessage } from '../mail/mailer.ts';
import {
  CHANGE_EMAIL_LINK_HOURS,
  emailChangedNotice,
  emailChangeEmail,
  passwordResetEmail,
  RESET_LINK_MINUTES,
  verificationEmail,
  VERIFY_LINK_HOURS,
} from '../mail/account-emails.ts';

// An e-mail change's link opens the verification page: opening it proves the new address, as a verification does.
const PAGES: Record<AccountLinkPurpose, string> = { verify: '/verify-email', reset: '/reset-password', 'change-email': '/verify-email' };
const LIFETIME_MS: Record<AccountLinkPurpose, number> = {
  verify: VERIFY_LINK_HOURS * 3600_000,
  reset: RESET_LINK_MINUTES * 60_000,
  'change-email': CHANGE_EMAIL_LINK_HOURS * 3600_000,
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
  purpose: Exclude<AccountLinkPurpose, 'change-email'>,
): Promise<MailMessage> {
  const link = await storeLink(deps, account, purpose);
  const i18n = i18nFor(account.locale);
  const message = purpose === 'verify' ? verificationEmail(i18n, account.name, link) : passwordResetEmail(i18n, account.name, link);
  return { to: account.email, ...message, link };
}

/**
 * The link that makes `newEmail` the account's address once opened, in the e-mail to that address: the change waits
 * until its owner shows they read it. A password change or reset ends it (db/users.ts).
 */
export async function createEmailChangeLink(deps: Pick<Deps, 'sql' | 'config'>, account: UserRow, newEmail: string): Promise<MailMessage> {
  const link = await storeLink(deps, account, 'change-email', newEmail);
  return { to: newEmail, ...emailChangeEmail(i18nFor(account.locale), account.name, link), link };
}

/** The notice to the address an account had, once an e-mail change took effect. */
export function emailChangedMessage(deps: Pick<Deps, 'config'>, account: UserRow, oldEmail: string): MailMessage {
  return { to: oldEmail, ...emailChangedNotice(i18nFor(account.locale), account.name, account.email), link: publicUrl(deps) };
}

async function storeLink(deps: Pick<Deps, 'sql' | 'config'>, account: UserRow, purpose: AccountLinkPurpose, newEmail?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await storeAccountLink(deps.sql, {
    tokenHash: hashLinkToken(token),
    userId: account.id,
    purpose,
    email: account.email,
    newEmail,
    expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]),
  });
  if (Math.random() < 0.01) await purgeOldAccountLinks(deps.sql);
  return `${publicUrl(deps)}${PAGES[purpose]}?token=${token}`;
}

/** Uses up a link's token: the account it was for, or the 400 of an invalid link. */
export async function redeemAccountLink(deps: Pick<Deps, 'sql'>, token: string, purpose: AccountLinkPurpose): Promise<string> {
  return (await redeemLink(deps, token, purpose)).userId;
}

/** Uses up the token of a verification or e-mail change link (both open the verification page), or the 400. */
export function redeemEmailLink(deps: Pick<Deps, 'sql'>, token: string): Promise<UsedAccountLink> {
  return redeemLink(deps, token, ['verify', 'change-email']);
}

async function redeemLink(deps: Pick<Deps, 'sql'>, token: string, purposes: AccountLinkPurpose | readonly AccountLinkPurpose[]): Promise<UsedAccountLink> {
  const used = await consumeAccountLink(deps.sql, hashLinkToken(token), purposes);
  if (!used) throw invalidLink();
  return used;
}

function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
