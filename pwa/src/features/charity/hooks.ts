// The charity's field screens read from the device when signed in (live, and offline too); the API is the fallback
// for a browser without a local store.
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { useSession } from '@/lib/auth/session-store';
import { useLocalMode, useLocalPickups, useLocalRequests, useOutbox } from '@/lib/db/hooks';
import type { OutboxEntry } from '@/lib/db/schemas';
import { usePickupsOnline, useMyDonationRequestsOnline } from './api';

export interface ReadState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}

const noop = () => {};

export function usePickups(only?: 'Picked'): ReadState<PickupItem[]> {
  const email = useSession((s) => s.user?.email);
  const mode = useLocalMode();
  const local = useLocalPickups(mode === 'local' ? email : undefined, only);
  const remote = usePickupsOnline(mode === 'rest' ? email : undefined, only);
  if (mode === 'local') return { data: local.data, error: undefined, loading: local.loading, reload: noop };
  if (mode === 'wait') return { data: undefined, error: undefined, loading: true, reload: noop };
  return remote;
}

export function useMyDonationRequests(): ReadState<DonationRequest[]> {
  const email = useSession((s) => s.user?.email.toLowerCase());
  const mode = useLocalMode();
  const local = useLocalRequests(mode === 'local');
  const remote = useMyDonationRequestsOnline(mode === 'rest');
  if (mode === 'local') {
    // The server scopes a charity's requests to its own already; the filter keeps that true on the device too.
    const mine = local.data?.filter((r) => r.charityEmail.toLowerCase() === email);
    return { data: mine, error: undefined, loading: local.loading, reload: noop };
  }
  if (mode === 'wait') return { data: undefined, error: undefined, loading: true, reload: noop };
  return remote;
}

/** Pickup confirmations on this device: which donations wait to sync, and which the server refused. */
export function usePickupOutbox(): { waiting: Set<string>; refused: OutboxEntry[] } {
  const { data } = useOutbox(useLocalMode() === 'local');
  const waiting = new Set<string>();
  const refused: OutboxEntry[] = [];
  for (const entry of data ?? []) {
    if (entry.state === 'pending') waiting.add(entry.donationId);
    else refused.push(entry);
  }
  return { waiting, refused };
}
