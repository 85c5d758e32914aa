import { IdSchema, type FavoriteDoc, type FavoritePushDoc, type SyncPushRow } from '@foodbridge/shared';
import type { AuthUser } from '../auth/auth-user.ts';
import { mayCallerSeeDonation } from '../auth/donation-visibility.ts';
import type { Sql, TxSql } from '../db/connection.ts';
import { findLiveDonationAccess } from '../db/donations.ts';
import { insertFavorite, softDeleteFavorite } from '../db/favorites.ts';
import { findLiveFavorite, lockFavorites, type SyncFavoriteRow } from '../db/sync.ts';
import { favoriteTombstone, toFavoriteDoc } from './collections.ts';

const isId = (value: string) => IdSchema.safeParse(value).success;

/** Whether the client's last known server state is still the server's: same existence, flag and revision. */
function sameRevision(assumed: FavoritePushDoc | null | undefined, current: FavoriteDoc | undefined): boolean {
  if (!assumed) return current === undefined;
  if (assumed._deleted) return current === undefined || (current._deleted && current.updatedAt === assumed.updatedAt);
  return current !== undefined && !current._deleted && current.updatedAt === assumed.updatedAt;
}

/**
 * Applies pushed favourites in one transaction with the rows locked, and returns the server's state of every row
 * that conflicted (RxDB keys them by `_id`, so each carries the pushed id). A row already in the wanted state is
 * success, so a replayed batch changes nothing and reports nothing. The owner is always the caller.
 */
export async function pushFavorites(sql: Sql, user: AuthUser, rows: SyncPushRow<FavoritePushDoc>[]): Promise<FavoriteDoc[]> {
  const ids = [...new Set(rows.map((r) => r.newDocumentState._id).filter(isId))].map((id) => id.toLowerCase());
  return sql.begin(async (tx) => {
    const locked = new Map((await lockFavorites(tx, ids)).map((r) => [r.id, r]));
    const conflicts: FavoriteDoc[] = [];
    for (const row of rows) {
      const conflict = await applyRow(tx, user, row, locked);
      if (conflict) conflicts.push(conflict);
    }
    return conflicts;
  });
}

async function applyRow(
  tx: TxSql,
  user: AuthUser,
  row: SyncPushRow<FavoritePushDoc>,
  locked: Map<string, SyncFavoriteRow>,
): Promise<FavoriteDoc | undefined> {
  const doc = row.newDocumentState;
  // Not an id this server can hold: tell the client there is no such favourite, rather than failing the batch.
  if (!isId(doc._id)) return favoriteTombstone(doc._id);
  const id = doc._id.toLowerCase();
  const stored = locked.get(id);
  // Someone else's favourite: the caller learns nothing of it.
  if (stored && stored.email !== user.email) return favoriteTombstone(doc._id);
  const current = stored ? toFavoriteDoc(stored) : undefined;
  const serverState = current ?? favoriteTombstone(doc._id);
  if (doc.email.trim().toLowerCase() !== user.email) return serverState;

  const alreadyApplied = doc._deleted
    ? current === undefined || current._deleted
    : current !== undefined && !current._deleted && current.donationId === doc.donationId;
  if (alreadyApplied) return undefined;
  if (!sameRevision(row.assumedMasterState, current)) return serverState;

  if (doc._deleted) {
    await softDeleteFavorite(tx, id);
    await relock(tx, locked, id);
    return undefined;
  }
  // A favourite's donation never changes and a removed favourite's id is never used again (as in the REST API).
  if (current) return serverState;
  if (!isId(doc.donationId)) return favoriteTombstone(doc._id);
  const donation = await findLiveDonationAccess(tx, doc.donationId);
  // POST /favorites's rule: a favourite is only of a donation the caller can see.
  if (!donation || !(await mayCallerSeeDonation(tx, user, donation))) return favoriteTombstone(doc._id);
  const inserted = await insertFavorite(tx, { id, donationId: donation.id, userId: user.id, email: user.email });
  if (inserted) {
    await relock(tx, locked, id);
    return undefined;
  }
  // Another push of this id committed while this one waited on the insert (there was no row to lock before): decide
  // again against the row it wrote, now visible. At most once: with a row, the decision never inserts.
  const [winner] = await lockFavorites(tx, [id]);
  if (winner) {
    locked.set(id, winner);
    return applyRow(tx, user, row, locked);
  }
  // One live favourite per donation: the one the caller already has stays (it reaches the client through pull);
  // this id holds nothing. The tombstone names the donation so the client can say which favourite was kept.
  if (await findLiveFavorite(tx, user.email, donation.id)) {
    return {
      ...favoriteTombstone(doc._id),
      donationId: donation.id,
      email: user.email,
      title: donation.title,
      image: donation.image,
      restaurant: donation.restaurant_name,
      location: donation.location,
      status: donation.status,
      quantity: Number(donation.quantity),
      unit: donation.unit,
    };
  }
  return favoriteTombstone(doc._id);
}

/** A later row of the same batch for the same id sees this row's outcome. */
async function relock(tx: TxSql, locked: Map<string, SyncFavoriteRow>, id: string) {
  const [row] = await lockFavorites(tx, [id]);
  if (row) locked.set(id, row);
}
