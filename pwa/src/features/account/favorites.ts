// Favourites live on the device for a signed-in account: read live, removed locally, and synced by push
// replication (now, or when the connection returns). The API path serves a browser without a local store.
import type { Favorite } from '@foodbridge/shared/schemas/favorite';
import { useLocalFavorites, useLocalMode } from '@/lib/db/hooks';
import { removeFavoriteLocally } from '@/lib/db/local-store';
import { useSession } from '@/lib/auth/session-store';
import { removeFavorite, useFavorites } from './api';

export type FavoriteItem = Pick<Favorite, '_id' | 'favoriteId' | 'donationId' | 'title' | 'image' | 'restaurant' | 'location' | 'status' | 'quantity'>;

export interface FavoritesList {
  data: FavoriteItem[] | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
  remove: (favorite: FavoriteItem) => Promise<void>;
}

export function useFavoritesList(): FavoritesList {
  const email = useSession((s) => s.user?.email);
  const mode = useLocalMode();
  const local = useLocalFavorites(mode === 'local');
  const remote = useFavorites(mode === 'rest' ? email : undefined);
  if (mode === 'local') {
    return {
      data: local.data,
      error: undefined,
      loading: local.loading,
      reload: () => {},
      remove: (f) => removeFavoriteLocally(f._id),
    };
  }
  return {
    data: remote.data,
    error: remote.error,
    loading: mode === 'wait' || remote.loading,
    reload: remote.reload,
    remove: async (f) => {
      await removeFavorite(f.favoriteId);
      remote.setData((list) => list?.filter((x) => x.favoriteId !== f.favoriteId));
    },
  };
}
