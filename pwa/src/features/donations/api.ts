// The donation screens' calls. Reads go through useApi with addresses made by apiPath; writes are the fetchers below.
import type { DonationRequestCreate } from '@foodbridge/shared/schemas/donation-request';
import type { ReviewCreate } from '@foodbridge/shared/schemas/review';
import type { Allergen, DietaryTag, FoodType } from '@foodbridge/shared/constants';
import type { LatLng } from '@foodbridge/shared/geo';
import type { DonationSort } from './filter-donations';
import { apiPath, call, type ApiPath } from '@/lib/api-client';

/** What a visitor's list asks the server to do (GET /donations/verified?foodType=&dietary=&freeFrom=&sort=&near=). */
export interface VerifiedQuery {
  foodType?: FoodType | undefined;
  /** Every one of these tags; said to hold none of these allergens (the server's list is capped: narrowed there). */
  dietary?: readonly DietaryTag[] | undefined;
  freeFrom?: readonly Allergen[] | undefined;
  sort?: DonationSort | undefined;
  /** Only with sort 'distance'; without it the server is asked for the newest order. */
  near?: LatLng | undefined;
}

export function verifiedDonationsPathOf({ foodType, dietary, freeFrom, sort, near }: VerifiedQuery) {
  // Rounded to about 100 m: enough to rank pickups, and a visitor's exact spot is not the server's business.
  const nearby = sort === 'distance' && near ? `${near.lat.toFixed(3)},${near.lng.toFixed(3)}` : undefined;
  return apiPath('GET /donations/verified', {
    query: {
      foodType,
      dietary: dietary?.length ? dietary.join(',') : undefined,
      freeFrom: freeFrom?.length ? freeFrom.join(',') : undefined,
      sort: sort === 'distance' && !nearby ? undefined : sort,
      near: nearby,
    },
  });
}
/** `path` asking for at most `limit` rows (a list's `?limit=`), its other parameters (a page's cursor too) kept. */
export function withLimit<T>(path: ApiPath<T>, limit: number): ApiPath<T> {
  const url = new URL(path, 'http://origin.invalid');
  url.searchParams.set('limit', String(limit));
  return url.pathname + url.search;
}

/** Online save, for a browser that has no local store; otherwise favourites are saved on the device and pushed. */
export function saveFavorite(donationId: string) {
  return call('POST /favorites', { body: { donationId } });
}

/** Online removal; with a local store the favourite is removed on the device and the removal pushed. */
export function removeFavorite(favoriteId: string) {
  return call('DELETE /favorites/{favoriteId}', { params: { favoriteId } });
}

export function requestDonation(input: DonationRequestCreate) {
  return call('POST /donation-requests', { body: input });
}

export function addReview(input: ReviewCreate) {
  return call('POST /reviews', { body: input });
}
