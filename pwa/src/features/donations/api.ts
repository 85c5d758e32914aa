// The donation screens' calls. Reads go through useApi with these paths; writes are the fetchers below.
import type { DonationRequestCreate } from '@foodbridge/shared/schemas/donation-request';
import type { ReviewCreate } from '@foodbridge/shared/schemas/review';
import type { Inserted } from '@foodbridge/shared/schemas/common';
import type { FoodType } from '@foodbridge/shared/constants';
import type { LatLng } from '@foodbridge/shared/geo';
import { api } from '@/lib/api-client';

export const verifiedDonationsPath = '/donations/verified';

/** GET /donations/{id}/history: the donation's changes of state, newest first. */
export const donationHistoryPath = (id: string) => `/donations/${encodeURIComponent(id)}/history`;

/** What a visitor's list asks the server to do (GET /donations/verified?foodType=&sort=&near=). */
export interface VerifiedQuery {
  foodType?: FoodType | undefined;
  sort?: 'newest' | 'bestBefore' | 'distance' | undefined;
  /** Only with sort 'distance'; without it the server is asked for the newest order. */
  near?: LatLng | undefined;
}

export function verifiedDonationsPathOf({ foodType, sort, near }: VerifiedQuery): string {
  const query = new URLSearchParams();
  if (foodType) query.set('foodType', foodType);
  if (sort === 'distance') {
    // Rounded to about 100 m: enough to rank pickups, and a visitor's exact spot is not the server's business.
    if (near) {
      query.set('sort', 'distance');
      query.set('near', `${near.lat.toFixed(3)},${near.lng.toFixed(3)}`);
    }
  } else if (sort) query.set('sort', sort);
  const text = query.toString();
  return text ? `${verifiedDonationsPath}?${text}` : verifiedDonationsPath;
}
/** `path` asking for at most `limit` rows (a list's `?limit=`), its other parameters (a page's cursor too) kept. */
export function withLimit(path: string, limit: number): string {
  const url = new URL(path, 'http://origin.invalid');
  url.searchParams.set('limit', String(limit));
  return url.pathname + url.search;
}
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
