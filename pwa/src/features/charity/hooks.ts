// The charity's field screens read from the device when signed in (live, and offline too); the API is the fallback
// for a browser without a local store.
import { useEffect, useMemo, useRef } from 'react';
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { useConnectivity } from '@/lib/connectivity-store';
import { useLocalPickups, useLocalRequests } from '@/lib/db/hooks';
import { useLocalFirst, type ReadState } from '@/lib/db/local-first';
import { useMyOrganisation } from '@/lib/my-organisation';
import { myDonationRequestsPath, pickupsPath, useAcceptedRequestsOnline } from './api';
import type { PickupPlan } from './components/pickup-card';
import { membershipOf, pickupViewerOf, type PickupViewer } from './pickup-team';
import { readMembership, rememberMembership } from '@/lib/remembered-membership';

/**
 * The charity's pickups. `charityEmail` is the charity's own address, which its pickups carry; by default the
 * signed-in account's, which is it for the founding account only (a member's address is their own: see usePickupTeam).
 */
export function usePickups(only?: 'Picked', charityEmail?: string): ReadState<PickupItem[]> {
  const own = useSession((s) => s.user?.email);
  const email = charityEmail ?? own;
  return useLocalFirst(useLocalPickups(email, only), email ? pickupsPath(email, only) : null);
}

export interface PickupTeam {
  /** Null while the organisation is first read on a device that does not remember the account's role yet. */
  viewer: PickupViewer | null;
  /** The charity's e-mail, as its pickups and requests carry it. */
  charityEmail: string | undefined;
}

/**
 * Who is looking at My Pickups, from GET /organisations/mine (the account's member role, and the members a coordinator
 * gives pickups to). The role and the charity's e-mail are remembered on the device, so that the page knows them with
 * no signal; read offline, the organisation is asked for again when the connection comes back.
 */
export function usePickupTeam(): PickupTeam {
  const user = useSession((s) => s.user);
  const userId = user?.id;
  const online = useConnectivity((s) => s.online);
  const { data, error, loading, reload } = useMyOrganisation();
  const remembered = useMemo(() => readMembership(userId), [userId]);

  useEffect(() => {
    if (!userId) return;
    if (data) rememberMembership(userId, membershipOf(data, userId));
    else if (error instanceof ApiError && error.code === 'not-found/organisation') rememberMembership(userId, undefined);
  }, [userId, data, error]);

  // Only the connection's return asks again (not every failure: a refusal would be asked again in a loop).
  const failed = useRef(false);
  failed.current = Boolean(error);
  useEffect(() => {
    if (online && failed.current) reload();
  }, [online, reload]);

  const deciding = !data && !remembered && (loading || !user);
  // One object while nothing changes: every card is memoised on it.
  const viewer = useMemo(() => (deciding ? null : pickupViewerOf(userId, data, remembered)), [deciding, userId, data, remembered]);
  return { viewer, charityEmail: data?.email ?? remembered?.email ?? user?.email };
}

export function useMyDonationRequests(charityEmail?: string): ReadState<DonationRequest[]> {
  const own = useSession((s) => s.user?.email);
  const email = charityEmail ?? own;
  const local = useLocalRequests();
  // The server scopes a charity's requests to its own already; the filter keeps that true on the device too.
  const mine = { ...local, data: local.data?.filter((r) => r.charityEmail.toLowerCase() === email?.toLowerCase()) };
  return useLocalFirst(mine, myDonationRequestsPath);
}

/**
 * Per donation, what the charity's accepted request planned: the day and time and the restaurant's phone, from the
 * device's copy (so the card reads the same offline), and from the server when it can be reached.
 */
export function usePickupPlans(charityEmail?: string): ReadonlyMap<string, PickupPlan> {
  const local = useMyDonationRequests(charityEmail);
  const online = useAcceptedRequestsOnline();
  const plans = new Map<string, PickupPlan>();
  for (const r of local.data ?? []) {
    if (r.status !== 'Accepted') continue;
    // The planned day and the restaurant's phone come in the replicated document beside its schema (ADR 003).
    const { pickupAt, restaurantPhone } = r as DonationRequest & { pickupAt?: string; restaurantPhone?: string };
    plans.set(r.donationId, { pickupTime: r.pickupTime, pickupAt, restaurantPhone });
  }
  for (const r of online.data ?? []) {
    if (r.status !== 'Accepted') continue;
    plans.set(r.donationId, { pickupTime: r.pickupTime, pickupAt: r.pickupAt, restaurantPhone: r.restaurantPhone });
  }
  return plans;
}
