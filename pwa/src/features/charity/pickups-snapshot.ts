// My Pickups drawn at once from its last snapshot (lib/db/screen-snapshot), until the local store answers: a driver
// opening the app at the back door sees the pickups and their Confirm Pickup without waiting for RxDB to open.
import { useEffect, useMemo } from 'react';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import type { ReadState } from '@/lib/db/local-first';
import { readScreenSnapshot, writeScreenSnapshot } from '@/lib/db/screen-snapshot';
import type { PickupPlan } from './components/pickup-card';

const SCREEN = 'myPickups';
/** Kept this long after the list last changed, not at every render (a sync brings changes in bursts). */
const KEEP_AFTER_MS = 300;

interface PickupsSnapshot {
  /** The charity's e-mail the list was read for (a member moved to another charity reads none of the old one's). */
  email: string;
  items: PickupItem[];
  plans: [string, PickupPlan][];
}

const isSnapshot = (v: unknown): v is PickupsSnapshot =>
  typeof v === 'object' && v !== null && typeof (v as PickupsSnapshot).email === 'string' && Array.isArray((v as PickupsSnapshot).items) && Array.isArray((v as PickupsSnapshot).plans);

/** A stable text of the plans, so that keeping them follows their content, not the map made afresh each render. */
const plansText = (plans: ReadonlyMap<string, PickupPlan>) => JSON.stringify([...plans]);

/**
 * The list and plans to draw: the store's (or the API's) once they are in, the snapshot's before that. Each list the
 * store answers is kept for the next window.
 */
export function usePickupsSnapshot(
  account: string | undefined,
  email: string | undefined,
  read: ReadState<PickupItem[]>,
  plans: ReadonlyMap<string, PickupPlan>,
): { read: ReadState<PickupItem[]>; plans: ReadonlyMap<string, PickupPlan> } {
  const kept = useMemo(() => {
    const snapshot = readScreenSnapshot(SCREEN, account, isSnapshot);
    return snapshot && snapshot.email === email ? { items: snapshot.items, plans: new Map(snapshot.plans) } : undefined;
  }, [account, email]);
  const live = read.data;
  const planned = plansText(plans);
  useEffect(() => {
    if (!account || !email || !live) return;
    const timer = setTimeout(() => writeScreenSnapshot<PickupsSnapshot>(SCREEN, account, { email, items: live, plans: JSON.parse(planned) as [string, PickupPlan][] }), KEEP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [account, email, live, planned]);
  if (live !== undefined || read.error || !kept) return { read, plans };
  return { read: { ...read, data: kept.items, loading: false }, plans: kept.plans };
}
