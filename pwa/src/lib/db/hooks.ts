// Reactive reads of the local store for the field screens: they render at once from the device and update live when
// replication brings a change. Light on purpose (no RxDB import): the queries are methods of the open database.
import { useEffect } from 'react';
import { DONATION_GIVEN, type DonationStatus } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import type { Notification } from '@foodbridge/shared/schemas/notification';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { useSession } from '@/lib/auth/session-store';
import { donationsByNewest } from './donation-lists';
import { plain, plainDoc, useLocalQuery, type Docs, type LocalResult, type Subscribable } from './local-query';
import { startLocalStore } from './local-store';
import { isGivenTo } from './pickup-outbox';
import { readRecord } from './record';
import type { FavoriteDocType } from './schemas';
import { useSyncStore } from './sync-store';

/**
 * Where a field screen reads from: 'local' for a signed-in account with a working local store, 'rest' for a
 * visitor (or a browser without IndexedDB), 'wait' while a saved session is being checked on a device that has a
 * local store (so a signed-in driver offline does not first see a failed online call).
 */
export function useLocalMode(): 'local' | 'rest' | 'wait' {
  useLocalStoreStarted();
  const ready = useSession((s) => s.ready);
  const signedIn = useSession((s) => Boolean(s.user));
  const failed = useSyncStore((s) => s.unavailable);
  if (!ready) return readRecord() ? 'wait' : 'rest';
  return signedIn && !failed ? 'local' : 'rest';
}

/** Starts the store with the first field screen; it then follows sign-in, sign-out and role changes by itself. */
export function useLocalStoreStarted() {
  useEffect(startLocalStore, []);
}

/**
 * Newest first by an ISO-8601 time: plain string order is time order, and far cheaper than localeCompare (ICU
 * collation), which took ~0.4 s a sort of 10,000 donations.
 */
const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
const byNewest = <T extends { createdAt: string }>(list: T[]) => list.sort((a, b) => newestFirst(a.createdAt, b.createdAt));
const emptyList = (list: unknown[]) => list.length === 0;

const same = <T>(value: T) => value;

/**
 * Donations in the local store with one of these statuses (all when none given), newest first. A live list rather
 * than an RxDB query (see live-list.ts): All Donations holds 10,000 of them, and a live change must not cost work
 * in proportion to all of them.
 */
export function useLocalDonations(statuses?: readonly DonationStatus[], enabled = true): LocalResult<Donation[]> {
  return useLocalQuery('donations', statuses?.join(',') ?? '*', enabled ? (db) => donationsByNewest(db, statuses) : null, same, emptyList);
}

/** One donation; null when the store does not have it (not visible to this account, or not pulled yet). */
export function useLocalDonation(id: string, enabled = true): LocalResult<Donation | null> {
  return useLocalQuery(
    'donations',
    id,
    enabled ? (db) => db.donations.findOne(id).$ as Subscribable<{ toMutableJSON(): Donation } | null> : null,
    (doc) => (doc ? plainDoc(doc) : null),
    (v) => v === null,
  );
}

export function useLocalFavorites(enabled = true): LocalResult<FavoriteDocType[]> {
  return useLocalQuery(
    'favorites',
    'all',
    enabled ? (db) => db.favorites.find().$ as Subscribable<Docs<FavoriteDocType>> : null,
    (docs) => byNewest(plain(docs)),
    emptyList,
  );
}

/** The account's favourite of this donation, or null. */
export function useLocalFavorite(donationId: string, enabled = true): LocalResult<FavoriteDocType | null> {
  return useLocalQuery(
    'favorites',
    donationId,
    enabled ? (db) => db.favorites.findOne({ selector: { donationId } }).$ as Subscribable<{ toMutableJSON(): FavoriteDocType } | null> : null,
    (doc) => (doc ? plainDoc(doc) : null),
    // A donation that is not a favourite is a definite answer once favourites were pulled; before, keep loading.
    (v) => v === null,
  );
}

/** Donation requests the account may see (a charity: its own), newest first. */
export function useLocalRequests(enabled = true): LocalResult<DonationRequest[]> {
  return useLocalQuery(
    'donationrequests',
    'all',
    enabled ? (db) => db.donationrequests.find().$ as Subscribable<Docs<DonationRequest>> : null,
    (docs) => plain(docs).sort((a, b) => newestFirst(a.requestDate, b.requestDate)),
    emptyList,
  );
}


/**
 * The charity's pickups, as GET /my-pickups lists them: donations given to it that are Accepted, Assigned or Picked.
 * A pickup the server just confirmed reads Picked until the replicated copy catches up.
 */
export function useLocalPickups(email: string | undefined, only?: 'Picked'): LocalResult<PickupItem[]> {
  const confirmed = useSyncStore((s) => s.confirmed);
  const donations = useLocalDonations(only ? ['Picked'] : DONATION_GIVEN, Boolean(email));
  if (!donations.data) return { ...donations, data: undefined };
  const data = donations.data.filter((d) => isGivenTo(d, email)).map((d) => pickupOf(d, Boolean(confirmed[d._id])));
  return { ...donations, data };
}

// One pickup object per donation state (and confirmation), so that unchanged cards keep their objects as the
// donations' do (see plainDoc).
const pickups = { shown: new WeakMap<Donation, PickupItem>(), confirmed: new WeakMap<Donation, PickupItem>() };
function pickupOf(d: Donation, confirmed: boolean): PickupItem {
  const cache = confirmed ? pickups.confirmed : pickups.shown;
  let item = cache.get(d);
  if (!item) {
    item = { ...d, donationTitle: d.title, status: confirmed ? 'Picked' : d.status };
    cache.set(d, item);
  }
  return item;
}

/** The most notifications the device lists: older ones stay on the server (GET /notifications pages through them). */
export const NOTIFICATIONS_SHOWN = 200;

/** The account's notifications on this device, newest first (readable offline, live through replication). */
export function useLocalNotifications(enabled = true): LocalResult<Notification[]> {
  return useLocalQuery(
    'notifications',
    'newest',
    enabled
      ? (db) => db.notifications.find({ sort: [{ createdAt: 'desc' }], limit: NOTIFICATIONS_SHOWN }).$ as Subscribable<Docs<Notification>>
      : null,
    (docs) => plain(docs),
    emptyList,
  );
}
