// The charity's field screens read from the device when signed in (live, and offline too); the API is the fallback
// for a browser without a local store.
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { useSession } from '@/lib/auth/session-store';
import { useLocalPickups, useLocalRequests } from '@/lib/db/hooks';
import { useLocalFirst, type ReadState } from '@/lib/db/local-first';
import { myDonationRequestsPath, pickupsPath, useAcceptedRequestsOnline } from './api';
import type { PickupPlan } from './components/pickup-card';


export function usePickups(only?: 'Picked'): ReadState<PickupItem[]> {
  const email = useSession((s) => s.user?.email);
  return useLocalFirst(useLocalPickups(email, only), email ? pickupsPath(email, only) : null);
}

export function useMyDonationRequests(): ReadState<DonationRequest[]> {
  const email = useSession((s) => s.user?.email);
  const local = useLocalRequests();
  // The server scopes a charity's requests to its own already; the filter keeps that true on the device too.
  const mine = { ...local, data: local.data?.filter((r) => r.charityEmail.toLowerCase() === email?.toLowerCase()) };
  return useLocalFirst(mine, myDonationRequestsPath);
}

/**
 * Per donation, what the charity's accepted request planned: the time of day from the device's copy, and, when the
 * server can be reached, the day and the restaurant's phone (the device's copy of a request does not hold them).
 */
export function usePickupPlans(): ReadonlyMap<string, PickupPlan> {
  const local = useMyDonationRequests();
  const online = useAcceptedRequestsOnline();
  const plans = new Map<string, PickupPlan>();
  for (const r of local.data ?? []) if (r.status === 'Accepted') plans.set(r.donationId, { pickupTime: r.pickupTime });
  for (const r of online.data ?? []) {
    if (r.status !== 'Accepted') continue;
    plans.set(r.donationId, { pickupTime: r.pickupTime, pickupAt: r.pickupAt, restaurantPhone: r.restaurantPhone });
  }
  return plans;
}
