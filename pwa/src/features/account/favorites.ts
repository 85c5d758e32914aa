// Favourites live on the device for a signed-in account: read live, removed locally, and synced by push
// replication (now, or when the connection returns). The API path serves a browser without a local store.
import type { Favorite } from '@foodbridge/shared/schemas/favorite';
import { useLocalFavorites } from '@/lib/db/hooks';
import { apiPath } from '@/lib/api-client';
import { useLocalFirst } from '@/lib/db/local-first';
import { removeFavoriteLocally } from '@/lib/db/local-store';
import { useSession } from '@/lib/auth/session-store';
import { removeFavorite } from './api';

export type FavoriteItem = Pick<Favorite, '_id' | 'favoriteId' | 'donationId' | 'title' | 'image' | 'restaurant' | 'location' | 'status' | 'quantity' | 'unit'>;

export interface FavoritesList {
  data: FavoriteItem[] | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
  remove: (favorite: FavoriteItem) => Promise<void>;
}

export function useFavoritesList(): FavoritesList {
  const email = useSession((s) => s.user?.email);
  const read = useLocalFirst(useLocalFavorites(), email ? apiPath('GET /favorites/{email}', { params: { email } }) : null);
  const remove =
    read.source === 'local'
      ? (f: FavoriteItem) => removeFavoriteLocally(f._id)
      : async (f: FavoriteItem) => {
          await removeFavorite(f.favoriteId);
          read.setData((list) => list?.filter((x) => x.favoriteId !== f.favoriteId));
        };
  return { data: read.data, error: read.error, loading: read.loading, reload: read.reload, remove };
}
