// The donation-visibility rule where it needs the database: whether a charity has a live request decides what it
// sees, and only this module looks that up. The rule itself is `canReadDonation` in permissions.ts.
import type { Sql, TxSql } from '../db/connection.ts';
import { findRequestByCharity } from '../db/donation-requests.ts';
import { notFound } from '../http/errors.ts';
import type { AuthUser } from './auth-user.ts';
import { canReadDonation, type DonationAccess } from './permissions.ts';

/**
 * Whether the caller may read this one donation (`canReadDonation`), with the request looked up only when it decides
 * the answer. `sql` must be the transaction's handle when called inside one (a second connection would wait on the
 * embedded database's single writer).
 */
export async function mayCallerSeeDonation(
  sql: Sql | TxSql,
  user: AuthUser | undefined,
  row: DonationAccess,
): Promise<boolean> {
  if (canReadDonation(user, row, false)) return true;
  if (user?.role !== 'charity') return false;
  return (await findRequestByCharity(sql, row.id, user.id)) !== undefined;
}

/**
 * A donation the caller may see, or a 404 that does not tell whether it exists. Most reads are decided by the row
 * alone: those get their answer without a promise of this function's own (issue 9: every call of /donations/{id}).
 */
export function visibleDonation<T extends DonationAccess>(
  sql: Sql | TxSql,
  user: AuthUser | undefined,
  row: T | undefined,
): Promise<T> | T {
  if (row && canReadDonation(user, row, false)) return row;
  return (async () => {
    if (!row || !(await mayCallerSeeDonation(sql, user, row))) throw notFound('not-found/donation');
    return row;
  })();
}
