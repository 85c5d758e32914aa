import { useEffect, useRef } from 'react';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import type { Review } from '@foodbridge/shared/schemas/review';
import { useSession } from '@/lib/auth/session-store';
import { useLocalDonation, useLocalDonations, useLocalFavorite, useLocalRequests } from '@/lib/db/hooks';
import { apiPath } from '@/lib/api-client';
import { useLocalFirst, type ReadState } from '@/lib/db/local-first';
import { useApi, type ApiState } from '@/lib/use-api';
import { useFirstScreenFirst } from './use-first-screen-first';
import { useUnexpired } from './use-unexpired';
import { verifiedDonationsPathOf, type VerifiedQuery } from '../api';

/**
 * Verified donations: from the device for a signed-in account (live, offline too), from the API for visitors; either
 * way without those past their best-before, leaving the list as their time passes. `serverQuery` narrows and orders
 * the visitor's call only (`local` says which source answered): the device's copy is filtered on the device, so a
 * signed-in viewer's position never leaves it.
 */
export function useVerifiedDonations(serverQuery: VerifiedQuery = {}): ReadState<Donation[]> & { local: boolean; partial: boolean } {
  // The switch alone decides the source; a visitor's list is asked for below, first screen first.
  const read = useLocalFirst(useLocalDonations(['Verified']), null);
  const online = useFirstScreenFirst(read.source === 'online' ? verifiedDonationsPathOf(serverQuery) : null);
  const answer = read.source === 'online' ? online : { ...read, partial: false };
  return { data: useUnexpired(answer.data), error: answer.error, loading: answer.loading, reload: answer.reload, partial: answer.partial, local: read.source === 'local' };
}

/**
 * A donation as the current viewer may see it. Signed in, the device's copy (live); when the device does not have
 * it, the API answers (a 404 then means the viewer may not see it). Visitors read the API, once the saved session
 * has been checked, because a charity's accepted donation is visible only with its token.
 */
export function useDonation(id: string): ReadState<Donation> {
  const { ready, user } = useSession();
  const read = useLocalFirst(useLocalDonation(id), apiPath('GET /donations/{id}', { params: { id } }), { ready, onlineWhenMissing: true });
  useReloadOnViewerChange(ready ? (user?.id ?? '') : null, read.reload);
  return { ...read, data: read.data ?? undefined };
}

export function useDonationReviews(donationId: string | undefined): ApiState<Review[]> {
  return useApi(donationId ? apiPath('GET /reviews/{donationId}', { params: { donationId } }) : null);
}

/**
 * Whether the signed-in user already saved this donation (and as which favourite); `isFavorite` is undefined while
 * unknown (loading, or signed out).
 */
export function useIsFavorite(donationId: string): { isFavorite: boolean | undefined; favoriteId?: string; reload: () => void; local: boolean } {
  const email = useSession((s) => s.user?.email);
  const local = useLocalFavorite(donationId);
  // The device answers for this one donation, the API with the whole list: both read as a list here.
  const asList = { ...local, data: local.data === undefined ? undefined : local.data ? [local.data] : [] };
  const { data, reload, source } = useLocalFirst(asList, email ? apiPath('GET /favorites/{email}', { params: { email } }) : null);
  const found = data?.find((f) => f.donationId === donationId);
  return { isFavorite: data ? Boolean(found) : undefined, favoriteId: found?.favoriteId, reload, local: source === 'local' };
}

/** A signed-in charity's own request for this donation, so the page can say it was sent instead of offering it again. */
export function useOwnRequest(donationId: string): { request: DonationRequest | undefined; reload: () => void } {
  const { user, role } = useSession();
  const isCharity = Boolean(user) && role === 'charity';
  const { data, reload } = useLocalFirst(useLocalRequests(isCharity), user && isCharity ? apiPath('GET /donation-requests', { query: { charityEmail: user.email } }) : null);
  const me = user?.email.toLowerCase();
  return { request: data?.find((r) => r.donationId === donationId && r.charityEmail.toLowerCase() === me), reload };
}

// The first viewer is covered by the path change; only a later switch of account needs a fresh copy.
function useReloadOnViewerChange(viewer: string | null, reload: () => void) {
  const previous = useRef(viewer);
  useEffect(() => {
    if (previous.current !== null && viewer !== null && previous.current !== viewer) reload();
    previous.current = viewer;
  }, [viewer, reload]);
}
