import { DEFAULT_ROLE, type Role } from '@foodbridge/shared';
import type { Config } from '../config.ts';

/**
 * Whether ADMIN_EMAILS names this address. It counts only for an e-mail its owner proved (a verification or reset
 * link opened, or a provider that says it is verified): whoever registers an address first has not shown they own it.
 */
export function isAdminEmail(config: Pick<Config, 'ADMIN_EMAILS'>, email: string): boolean {
  return config.ADMIN_EMAILS.includes(email.trim().toLowerCase());
}

/** The role of a new account: admin for a verified address on the admin list, else the default. */
export function roleForNewAccount(config: Pick<Config, 'ADMIN_EMAILS'>, email: string, emailVerified: boolean): Role {
  return emailVerified && isAdminEmail(config, email) ? 'admin' : DEFAULT_ROLE;
}
