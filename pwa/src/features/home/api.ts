import { FEATURED_DONATIONS, LATEST_CHARITY_REQUESTS } from '@foodbridge/shared/constants';
// Type-only imports: the schemas' zod code never reaches the home page.
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { CharityRequestPublic } from '@foodbridge/shared/schemas/charity-request';
import type { Impact } from '@foodbridge/shared/schemas/impact';
import { useApi } from '@/lib/use-api';

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
