import { FEATURED_DONATIONS, LATEST_CHARITY_REQUESTS } from '@foodbridge/shared/constants';
// Type-only imports: the schemas' zod code never reaches the home page.
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { CharityRequestPublic } from '@foodbridge/shared/schemas/charity-request';
import { useApi } from '@/lib/use-api';

export function useFeaturedDonations() {
  const state = useApi<Donation[]>('/donations/verified');
  return { ...state, data: state.data?.slice(0, FEATURED_DONATIONS) };
}

/** The public view (no e-mail, no payment), newest first as the server orders it. */
export function useLatestCharityRequests() {
  return useApi<CharityRequestPublic[]>(`/charity-requests?limit=${LATEST_CHARITY_REQUESTS}`);
}
