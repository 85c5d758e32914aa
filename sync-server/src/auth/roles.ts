import { DEFAULT_ROLE, type Role } from '@foodbridge/shared';
import type { Config } from '../config.ts';

/** ADMIN_EMAILS make an account admin when it is first registered; everyone else starts as a user. */
export function roleForNewAccount(config: Config, email: string): Role {
  return config.ADMIN_EMAILS.includes(email.toLowerCase()) ? 'admin' : DEFAULT_ROLE;
}
