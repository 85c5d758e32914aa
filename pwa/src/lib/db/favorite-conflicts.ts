// Favourites are the only collection written locally and pushed. When the server refuses a pushed favourite it
// answers with its own state of that document; that state must win (otherwise RxDB would push the refused row
// again forever), and the user must be told what was kept, never left to discover a silently vanished change.
import type { RxConflictHandler, RxReplicationConflict, WithDeleted } from 'rxdb/plugins/core';
import { i18n } from '@lingui/core';
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

interface ConflictToast {
  kind: 'warning' | 'error' | 'info';
  title: string;
  description: string;
}

// Only the leader tab replicates, so only it sees conflicts: it tells the other tabs of this browser too, since the
// user may be looking at any of them.
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('foodbridge-conflicts') : null;
channel?.addEventListener('message', (e: MessageEvent<ConflictToast>) => show(e.data));

function show({ kind, title, description }: ConflictToast) {
  notify[kind](title, description);
}

/** What the server kept, in the user's words. Called for each conflict RxDB resolved with the handler above. */
export function explainFavoriteConflict({ input }: RxReplicationConflict<FavoriteDocType>) {
  const toast = describeConflict(input.newDocumentState, input.realMasterState);
  show(toast);
  channel?.postMessage(toast);
}

// Said once, when the conflict is resolved: in the language active then.
function describeConflict(wanted: Fav, kept: Fav): ConflictToast {
  const title = wanted.title || kept.title;
  const named = title ? i18n._('favorites.conflict.named', { title }) : i18n._('favorites.conflict.unnamed');
  if (!wanted._deleted && kept._deleted) {
    // A tombstone naming the donation means: another favourite of ours already holds it (it arrives by pull).
    if (kept.donationId) {
      return { kind: 'warning', title: i18n._('favorites.conflict.already'), description: i18n._('favorites.conflict.alreadyDetail', { named }) };
    }
    return {
      kind: 'error',
      title: i18n._('favorites.conflict.gone'),
      description: i18n._('favorites.conflict.goneDetail', { named }),
    };
  }
  if (wanted._deleted && !kept._deleted) {
    return {
      kind: 'warning',
      title: i18n._('favorites.conflict.kept'),
      description: i18n._('favorites.conflict.keptDetail', { named }),
    };
  }
  return { kind: 'info', title: i18n._('favorites.conflict.updated'), description: i18n._('favorites.conflict.updatedDetail', { named }) };
}
