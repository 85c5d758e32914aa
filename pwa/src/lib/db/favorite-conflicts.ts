// Favourites are the only collection written locally and pushed. When the server refuses a pushed favourite it
// answers with its own state of that document; that state must win (otherwise RxDB would push the refused row
// again forever), and the user must be told what was kept, never left to discover a silently vanished change.
import type { RxConflictHandler, RxReplicationConflict, WithDeleted } from 'rxdb/plugins/core';
import { notify } from '@/lib/notify';
import type { FavoriteDocType } from './schemas';

type Fav = WithDeleted<FavoriteDocType>;

/** Flat documents (every field a primitive): equal when every field of either side is the same. */
function sameDoc(a: Fav, b: Fav): boolean {
  const ra = a as unknown as Record<string, unknown>;
  const rb = b as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const k of keys) {
    if (k === '_meta' || k === '_rev' || k === '_attachments') continue;
    if (ra[k] !== rb[k] && !(k === '_deleted' && Boolean(ra[k]) === Boolean(rb[k]))) return false;
  }
  return true;
}

export const favoriteConflictHandler: RxConflictHandler<FavoriteDocType> = {
  isEqual: (a, b) => sameDoc(a, b),
  resolve: async (input) => input.realMasterState,
};

/** What the server kept, in the user's words. Called for each conflict RxDB resolved with the handler above. */
export function explainFavoriteConflict({ input }: RxReplicationConflict<FavoriteDocType>) {
  const wanted = input.newDocumentState;
  const kept = input.realMasterState;
  const title = wanted.title || kept.title;
  const named = title ? `“${title}”` : 'This donation';
  if (!wanted._deleted && kept._deleted) {
    // A tombstone naming the donation means: another favourite of ours already holds it (it arrives by pull).
    if (kept.donationId) notify.warning('This donation was already in your favorites', `${named} stays saved once.`);
    else notify.error('Could not save favorite: the donation is no longer available', `${named} was not saved.`);
  } else if (wanted._deleted && !kept._deleted) {
    notify.warning('Favorite kept', `${named} changed on another device, so it is still in your favorites. Remove it again if you wish.`);
  } else {
    notify.info('Favorites updated', `${named}: the version saved on the server was kept.`);
  }
}
