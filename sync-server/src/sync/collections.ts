import {
  SYNC_TOMBSTONE_DATE,
  type DonationDoc,
  type DonationRequestDoc,
  type FavoriteDoc,
  type MessageDoc,
  type NotificationDoc,
  type SyncCheckpoint,
  type SyncCollection,
  type SyncDocs,
  type SyncPullResult,
} from '@foodbridge/shared';
import type { AuthUser } from '../auth/auth-user.ts';
import { canSeeCharityEmail, canSeeDonation, isCharityMember, messageScopeOf, party, requestScopeOf } from '../auth/permissions.ts';
import type { Sql } from '../db/connection.ts';
import { toDonationRequest } from '../db/donation-requests.ts';
import { toDonation } from '../db/donations.ts';
import { toFavorite } from '../db/favorites.ts';
import { toMessage } from '../db/messages.ts';
import { notificationChanges, toNotification } from '../db/notifications.ts';
import { isoRequired } from '../db/map.ts';
import type { SharedReads } from './shared-reads.ts';
import {
  donationChanges,
  donationRequestChanges,
  favoriteChanges,
  maxChangeSeqs,
  messageChanges,
  REPLICATED_TABLES,
  type Positioned,
  type ReplicatedTable,
  type SyncFavoriteRow,
} from '../db/sync.ts';

/** The tables whose changes can change what a collection's pull returns (the stream wakes on these). */
export const COLLECTION_TABLES: Record<SyncCollection, readonly ReplicatedTable[]> = {
  // A charity's own requests decide which donations it sees.
  donations: ['donations', 'donation_requests'],
  // Favourites and requests show their donation's fields.
  favorites: ['favorites', 'donations'],
  'donation-requests': ['donation_requests', 'donations'],
  notifications: ['notifications'],
  // A conversation's scope never changes; reading one touches its messages (markConversationRead).
  messages: ['messages'],
};

/**
 * Tombstones of rows the caller may not see (or no longer): the id and RxDB's delete flag, every other required
 * field neutral, so the client drops its copy and learns nothing else.
 */
function donationTombstone(id: string): DonationDoc {
  return {
    _id: id,
    title: '',
    foodType: 'Bakery',
    quantity: 0,
    unit: 'kg',
    pickupTime: '',
    location: '',
    image: '',
    restaurantName: '',
    restaurantEmail: '',
    status: 'Pending',
    createdAt: SYNC_TOMBSTONE_DATE,
    updatedAt: SYNC_TOMBSTONE_DATE,
    _deleted: true,
  };
}

export function favoriteTombstone(id: string): FavoriteDoc {
  return {
    _id: id,
    favoriteId: id,
    donationId: '',
    email: '',
    title: '',
    image: '',
    restaurant: '',
    location: '',
    status: 'Pending',
    quantity: 0,
    createdAt: SYNC_TOMBSTONE_DATE,
    updatedAt: SYNC_TOMBSTONE_DATE,
    _deleted: true,
  };
}

function donationRequestTombstone(id: string): DonationRequestDoc {
  return {
    _id: id,
    donationId: '',
    donationTitle: '',
    restaurantName: '',
    restaurantEmail: '',
    charityName: '',
    charityEmail: '',
    requestDescription: '',
    pickupTime: '',
    status: 'Pending',
    requestDate: SYNC_TOMBSTONE_DATE,
    updatedAt: SYNC_TOMBSTONE_DATE,
    _deleted: true,
  };
}

function messageTombstone(id: string): MessageDoc {
  return {
    _id: id,
    requestId: '',
    donationId: '',
    authorName: '',
    authorSide: 'admin',
    body: '',
    createdAt: SYNC_TOMBSTONE_DATE,
    mine: false,
    _deleted: true,
  };
}

/** A favourite as its owner sees it; gone when removed or when its donation was deleted (as GET /favorites). */
export function toFavoriteDoc(row: SyncFavoriteRow): FavoriteDoc {
  return { ...toFavorite(row), updatedAt: isoRequired(row.updated_at), _deleted: row.deleted || row.donation_deleted };
}

/** The requests the caller may see, as GET /donation-requests scopes them; undefined for plain users (none). */
function checkpointOf(rows: (Positioned & { id: string })[], after: SyncCheckpoint | null): SyncCheckpoint | null {
  const last = rows.at(-1);
  return last ? { id: last.id, seq: Number(last.seq) } : after;
}

/**
 * The next `limit` documents of `collection` after `after`, as `user` may see them: visible rows in their API shape,
 * the rest as tombstones (they still advance the checkpoint). The checkpoint is that of the last row read, or
 * `after` itself when nothing is new.
 */
export async function pullChanges<C extends SyncCollection>(
  sql: Sql,
  user: AuthUser,
  collection: C,
  after: SyncCheckpoint | null,
  limit: number,
  shared?: SharedReads,
): Promise<SyncPullResult<SyncDocs[C]>> {
  const result = await pullAny(sql, user, collection, after, limit, shared);
  return result as SyncPullResult<SyncDocs[C]>;
}

async function pullAny(
  sql: Sql,
  user: AuthUser,
  collection: SyncCollection,
  after: SyncCheckpoint | null,
  limit: number,
  shared?: SharedReads,
): Promise<SyncPullResult<SyncDocs[SyncCollection]>> {
  // The rows depend on the collection, the scope's key and the position only: streams alike share them (streams).
  const rowsOf = <T>(scopeKey: string | null, read: () => Promise<T>): Promise<T> =>
    shared ? shared.read(`${collection}|${scopeKey ?? '*'}|${after?.seq ?? 0}|${after?.id ?? ''}|${limit}`, read) : read();
  if (collection === 'donations') {
    // A charity's own requests decide what it sees: its scope is its own (its organisation's, for all of its members).
    // Everyone else reads the same rows.
    const charityId = user.role === 'charity' ? (party(user) ?? null) : null;
    const rows = await rowsOf(charityId, () => donationChanges(sql, { after, limit, charityId }));
    const documents = rows.map((r): DonationDoc =>
      !r.deleted && canSeeDonation(user, r, r.requested) ? { ...toDonation(r, canSeeCharityEmail(user, r), isCharityMember(user, r)), _deleted: false } : donationTombstone(r.id),
    );
    return { documents, checkpoint: checkpointOf(rows, after) };
  }
  if (collection === 'notifications') {
    const rows = await rowsOf(user.id, () => notificationChanges(sql, { after, limit, userId: user.id }));
    const documents = rows.map((r): NotificationDoc => ({ ...toNotification(r), _deleted: r.deleted }));
    return { documents, checkpoint: checkpointOf(rows, after) };
  }
  if (collection === 'messages') {
    const scope = messageScopeOf(user);
    if (!scope) return { documents: [], checkpoint: after };
    // Whether each is read is the reader's own: the rows are read per account.
    const rows = await rowsOf(user.id, () => messageChanges(sql, { after, limit, scope, userId: user.id }));
    const documents = rows.map((r): MessageDoc =>
      r.deleted ? messageTombstone(r.id) : { ...toMessage(r, user.id), ...(r.unread ? { unread: true } : {}), _deleted: false },
    );
    return { documents, checkpoint: checkpointOf(rows, after) };
  }
  if (collection === 'favorites') {
    const rows = await rowsOf(user.email, () => favoriteChanges(sql, { after, limit, email: user.email }));
    return { documents: rows.map(toFavoriteDoc), checkpoint: checkpointOf(rows, after) };
  }
  const scope = requestScopeOf(user);
  if (!scope) return { documents: [], checkpoint: after };
  const rows = await rowsOf(JSON.stringify(scope), () => donationRequestChanges(sql, { after, limit, scope }));
  const documents = rows.map((r): DonationRequestDoc =>
    r.deleted || r.donation_deleted
      ? donationRequestTombstone(r.id)
      : {
          ...toDonationRequest(r),
          ...(r.pickup_at ? { pickupAt: r.pickup_at.toISOString() } : {}),
          // As GET /donation-requests says it: once the restaurant chose this charity (a phone number changed later
          // comes with the request's next change).
          ...(r.status === 'Accepted' && r.restaurant_phone ? { restaurantPhone: r.restaurant_phone } : {}),
          _deleted: false,
        },
  );
  return { documents, checkpoint: checkpointOf(rows, after) };
}

/** Largest uuid: a position after every document at `seq`. Never sent to a client (see the pull stream). */
const LAST_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/**
 * The position after everything committed now, in every collection: a stream started here sends only later
 * changes (its RESYNC makes the client pull the rest from its own checkpoint).
 */
export async function headCheckpoint(sql: Sql): Promise<SyncCheckpoint> {
  const max = await maxChangeSeqs(sql);
  return { id: LAST_ID, seq: Math.max(...REPLICATED_TABLES.map((t) => max[t])) };
}
