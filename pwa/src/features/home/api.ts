import { FEATURED_DONATIONS, LATEST_CHARITY_REQUESTS } from '@foodbridge/shared/first-screen-constants';
// Type-only imports: the schemas' zod code never reaches the home page.
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { CharityRequestPublic } from '@foodbridge/shared/schemas/charity-request';
import type { Impact } from '@foodbridge/shared/schemas/impact';
import { useApi } from '@/lib/use-api';

// The home page's three reads keep their written addresses and answer types (issue 44 allows it): made by apiPath they
// cost the signed-out home page about 20 bytes more, and it is within a few bytes of its 125 kB budget (pwa/BUDGET.md).
/* eslint-disable no-restricted-syntax */

/** Exactly the four cards it shows: the public list pages by `limit`, so a city's 100,000 donations stay on the server. */
export function useFeaturedDonations() {
  return useApi<Donation[]>(`/donations/verified?limit=${FEATURED_DONATIONS}`);
}

/** The public view (no e-mail, no payment), newest first as the server orders it. */
export function useLatestCharityRequests() {
  return useApi<CharityRequestPublic[]>(`/charity-requests?limit=${LATEST_CHARITY_REQUESTS}`);
}

/** The platform's figures, computed by the server from recorded pickups (never fixed numbers). */
export function useImpact() {
  return useApi<Impact>('/impact');
}
