import { useEffect, useRef } from 'react';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import type { Favorite } from '@foodbridge/shared/schemas/favorite';
import type { Review } from '@foodbridge/shared/schemas/review';
import { useSession } from '@/features/auth/session-store';
import { useApi, type ApiState } from '@/lib/use-api';
import { charityRequestsPath, donationPath, donationReviewsPath, favoritesPath, verifiedDonationsPath } from '../api';

export function useVerifiedDonations(): ApiState<Donation[]> {
  return useApi<Donation[]>(verifiedDonationsPath);
}

/**
 * A donation as the current viewer may see it. The fetch waits for the saved session, because a charity's accepted
 * donation is visible only with its token, and runs again when someone else signs in or out.
 */
export function useDonation(id: string): ApiState<Donation> {
  const { ready, user } = useSession();
  const state = useApi<Donation>(ready ? donationPath(id) : null);
  useReloadOnViewerChange(ready ? (user?.id ?? '') : null, state.reload);
  return { ...state, loading: state.loading || !ready };
}

export function useDonationReviews(donationId: string | undefined): ApiState<Review[]> {
  return useApi<Review[]>(donationId ? donationReviewsPath(donationId) : null);
}

/** Whether the signed-in user already saved this donation; unknown (undefined) while loading or signed out. */
export function useIsFavorite(donationId: string): { isFavorite: boolean | undefined; reload: () => void } {
  const email = useSession((s) => s.user?.email);
  const { data, reload } = useApi<Favorite[]>(email ? favoritesPath(email) : null);
  return { isFavorite: data ? data.some((f) => f.donationId === donationId) : undefined, reload };
}

/** A signed-in charity's own request for this donation, so the page can say it was sent instead of offering it again. */
export function useOwnRequest(donationId: string): { request: DonationRequest | undefined; reload: () => void } {
  const { user, role } = useSession();
  const { data, reload } = useApi<DonationRequest[]>(user && role === 'charity' ? charityRequestsPath(user.email) : null);
  return { request: data?.find((r) => r.donationId === donationId), reload };
}

// The first viewer is covered by the path change; only a later switch of account needs a fresh copy.
function useReloadOnViewerChange(viewer: string | null, reload: () => void) {
  const previous = useRef(viewer);
  useEffect(() => {
    if (previous.current !== null && viewer !== null && previous.current !== viewer) reload();
    previous.current = viewer;
  }, [viewer, reload]);
}
