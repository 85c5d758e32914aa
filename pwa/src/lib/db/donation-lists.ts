// The donation lists of the screens, as live lists (live-list.ts): one definition for the hooks that show them and
// for the engine, which starts All Donations' list with a fresh database (see activate()).
import type { DonationStatus } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { FoodBridgeDatabase } from './database';
import { liveList } from './live-list';
import type { Subscribable } from './local-query';

/**
 * Newest first by an ISO-8601 time, then by id (a total order, as liveList needs): plain string order is time order,
 * and far cheaper than localeCompare (ICU collation), which took ~0.4 s a sort of 10,000 donations.
 */
export const newestThenId = (a: Donation, b: Donation) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

/** Donations with one of these statuses (all when none given), newest first. */
export function donationsByNewest(db: FoodBridgeDatabase, statuses?: readonly DonationStatus[]): Subscribable<Donation[]> {
  return liveList<Donation>(
    db.donations,
    `newest:${statuses?.join(',') ?? '*'}`,
    statuses ? { status: { $in: [...statuses] } } : {},
    statuses ? (d) => statuses.includes(d.status) : () => true,
    newestThenId,
  );
}

/** What All Donations lists (useVerifiedDonations). */
export const VERIFIED: readonly DonationStatus[] = ['Verified'];
