// The donation screens' calls. Reads go through useApi with these paths; writes are the fetchers below.
import type { DonationRequestCreate } from '@foodbridge/shared/schemas/donation-request';
import type { ReviewCreate } from '@foodbridge/shared/schemas/review';
import type { Inserted } from '@foodbridge/shared/schemas/common';
import { api } from '@/lib/api-client';

export const verifiedDonationsPath = '/donations/verified';
export const donationPath = (id: string) => `/donations/${encodeURIComponent(id)}`;
export const donationReviewsPath = (donationId: string) => `/reviews/${encodeURIComponent(donationId)}`;
export const favoritesPath = (email: string) => `/favorites/${encodeURIComponent(email)}`;
export const charityRequestsPath = (email: string) => `/donation-requests?charityEmail=${encodeURIComponent(email)}`;

/** Online save, for a browser that has no local store; otherwise favourites are saved on the device and pushed. */
export function saveFavorite(donationId: string) {
  return api.post<Inserted>('/favorites', { donationId });
}

/** Online removal; with a local store the favourite is removed on the device and the removal pushed. */
export function removeFavorite(favoriteId: string) {
  return api.del<{ deletedCount: number }>(`/favorites/${encodeURIComponent(favoriteId)}`);
}

export function requestDonation(input: DonationRequestCreate) {
  return api.post<Inserted>('/donation-requests', input);
}

export function addReview(input: ReviewCreate) {
  return api.post<Inserted>('/reviews', input);
}
