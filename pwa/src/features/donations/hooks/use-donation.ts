import { useEffect, useRef } from 'react';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import type { Favorite } from '@foodbridge/shared/schemas/favorite';
import type { Review } from '@foodbridge/shared/schemas/review';
import { useSession } from '@/lib/auth/session-store';
import { useLocalDonation, useLocalDonations, useLocalFavorite, useLocalMode, useLocalRequests, useOutbox } from '@/lib/db/hooks';
import type { OutboxEntry } from '@/lib/db/schemas';
import { useApi, type ApiState } from '@/lib/use-api';
import { charityRequestsPath, donationPath, donationReviewsPath, favoritesPath, verifiedDonationsPath } from '../api';

/** What the donation screens read, from the local store or the API alike. */
export interface ReadState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Re-fetches an online read; a local read is live and needs none. */
  reload: () => void;
  /** True when the data comes from the device (it then updates by itself). */
  local: boolean;
}

const noop = () => {};
const fromApi = <T>(s: ApiState<T>): ReadState<T> => ({ data: s.data, error: s.error, loading: s.loading, reload: s.reload, local: false });

/** Verified donations: from the device for a signed-in account (live, offline too), from the API for visitors. */
export function useVerifiedDonations(): ReadState<Donation[]> {
  const mode = useLocalMode();
  const local = useLocalDonations(['Verified'], mode === 'local');
  const remote = useApi<Donation[]>(mode === 'rest' ? verifiedDonationsPath : null);
  if (mode === 'local') return { data: local.data, error: undefined, loading: local.loading, reload: noop, local: true };
  if (mode === 'wait') return { data: undefined, error: undefined, loading: true, reload: noop, local: false };
  return fromApi(remote);
}

/**
 * A donation as the current viewer may see it. Signed in, the device's copy (live); when the device does not have
 * it, the API answers (a 404 then means the viewer may not see it). Visitors read the API, once the saved session
 * has been checked, because a charity's accepted donation is visible only with its token.
 */
export function useDonation(id: string): ReadState<Donation> {
  const { ready, user } = useSession();
  const mode = useLocalMode();
  const local = useLocalDonation(id, mode === 'local');
  const needsApi = ready && (mode === 'rest' || (mode === 'local' && !local.loading && !local.data));
  const remote = useApi<Donation>(needsApi ? donationPath(id) : null);
  useReloadOnViewerChange(ready ? (user?.id ?? '') : null, remote.reload);
  if (mode === 'local' && local.data) return { data: local.data, error: undefined, loading: false, reload: noop, local: true };
  if (!needsApi) return { data: undefined, error: undefined, loading: true, reload: noop, local: false };
  return fromApi(remote);
}

export function useDonationReviews(donationId: string | undefined): ApiState<Review[]> {
  return useApi<Review[]>(donationId ? donationReviewsPath(donationId) : null);
}

/**
 * Whether the signed-in user already saved this donation (and as which favourite); `isFavorite` is undefined while
 * unknown (loading, or signed out).
 */
export function useIsFavorite(donationId: string): { isFavorite: boolean | undefined; favoriteId?: string; reload: () => void; local: boolean } {
  const email = useSession((s) => s.user?.email);
  const mode = useLocalMode();
  const local = useLocalFavorite(donationId, mode === 'local');
  const { data, reload } = useApi<Favorite[]>(mode === 'rest' && email ? favoritesPath(email) : null);
  if (mode === 'local') {
    return { isFavorite: local.loading ? undefined : Boolean(local.data), favoriteId: local.data?.favoriteId, reload: noop, local: true };
  }
  const found = data?.find((f) => f.donationId === donationId);
  return { isFavorite: data ? Boolean(found) : undefined, favoriteId: found?.favoriteId, reload, local: false };
}

/** A signed-in charity's own request for this donation, so the page can say it was sent instead of offering it again. */
export function useOwnRequest(donationId: string): { request: DonationRequest | undefined; reload: () => void } {
  const { user, role } = useSession();
  const mode = useLocalMode();
  const isCharity = Boolean(user) && role === 'charity';
  const local = useLocalRequests(mode === 'local' && isCharity);
  const { data, reload } = useApi<DonationRequest[]>(mode === 'rest' && user && isCharity ? charityRequestsPath(user.email) : null);
  const me = user?.email.toLowerCase();
  const list = mode === 'local' ? local.data : data;
  return {
    request: list?.find((r) => r.donationId === donationId && r.charityEmail.toLowerCase() === me),
    reload: mode === 'local' ? noop : reload,
  };
}

/** This donation's pickup confirmation still in the outbox (waiting to sync, or refused), if any. */
export function usePickupEntry(donationId: string, enabled: boolean): OutboxEntry | undefined {
  const outbox = useOutbox(enabled);
  const mine = outbox.data?.filter((e) => e.donationId === donationId);
  return mine?.find((e) => e.state === 'pending') ?? mine?.[0];
}

// The first viewer is covered by the path change; only a later switch of account needs a fresh copy.
function useReloadOnViewerChange(viewer: string | null, reload: () => void) {
  const previous = useRef(viewer);
  useEffect(() => {
    if (previous.current !== null && viewer !== null && previous.current !== viewer) reload();
    previous.current = viewer;
  }, [viewer, reload]);
}
