// The charity's field screens read from the device when signed in (live, and offline too); the API is the fallback
// for a browser without a local store.
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { useSession } from '@/lib/auth/session-store';
import { useLocalPickups, useLocalRequests } from '@/lib/db/hooks';
import { useLocalFirst, type ReadState } from '@/lib/db/local-first';
import { myDonationRequestsPath, pickupsPath } from './api';


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
