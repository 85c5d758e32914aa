// The donation screens' calls. Reads go through useApi with these paths; writes are the fetchers below.
import type { DonationRequestCreate } from '@foodbridge/shared/schemas/donation-request';
import type { ReviewCreate } from '@foodbridge/shared/schemas/review';
import type { Inserted, Modified } from '@foodbridge/shared/schemas/common';
import { api } from '@/lib/api-client';

export const verifiedDonationsPath = '/donations/verified';
export const donationPath = (id: string) => `/donations/${encodeURIComponent(id)}`;
export const donationReviewsPath = (donationId: string) => `/reviews/${encodeURIComponent(donationId)}`;
export const favoritesPath = (email: string) => `/favorites/${encodeURIComponent(email)}`;
export const charityRequestsPath = (email: string) => `/donation-requests?charityEmail=${encodeURIComponent(email)}`;

export function saveFavorite(donationId: string) {
  return api.post<Inserted>('/favorites', { donationId });
}

export function requestDonation(input: DonationRequestCreate) {
  return api.post<Inserted>('/donation-requests', input);
}

/**
 * The one place a pickup is confirmed, so that an offline queue can take it over later. The same `key` is sent again
 * when the charity retries the same click: the server then answers the first result instead of acting twice.
 */
export function confirmPickup(donationId: string, key: string) {
  return api.patch<Modified>(`/donations/pickup/${encodeURIComponent(donationId)}`, undefined, {
    headers: { 'Idempotency-Key': key },
  });
}

export function addReview(input: ReviewCreate) {
  return api.post<Inserted>('/reviews', input);
}
