import type { Sql, TxSql } from '../db/connection.ts';
import { findRequestByCharity } from '../db/donation-requests.ts';
import type { AuthUser } from './middleware.ts';

/** The fields of a donation that decide who may see it. */
export interface DonationAccess {
  id: string;
  status: string;
  restaurant_id: string;
  charity_id: string | null;
}

/**
 * The one donation-visibility rule: Verified ones for everyone; beyond that an admin sees all, a restaurant its own,
 * a charity those given to it and those it has a live request for. `requestedByCaller` is whether the caller has a
 * live request for it (callers look it up their own way: one query, or a column of a batch).
 */
export function canSeeDonation(user: AuthUser | undefined, row: Omit<DonationAccess, 'id'>, requestedByCaller: boolean): boolean {
  if (row.status === 'Verified') return true;
  if (!user) return false;
  if (user.role === 'admin' || row.restaurant_id === user.id || row.charity_id === user.id) return true;
  return user.role === 'charity' && requestedByCaller;
}

/**
 * `canSeeDonation` with the request looked up only when it decides the answer. `sql` must be the transaction's
 * handle when called inside one (a second connection would wait on the embedded database's single writer).
 */
export async function mayCallerSeeDonation(sql: Sql | TxSql, user: AuthUser | undefined, row: DonationAccess): Promise<boolean> {
  if (canSeeDonation(user, row, false)) return true;
  if (user?.role !== 'charity') return false;
  return (await findRequestByCharity(sql, row.id, user.id)) !== undefined;
}
