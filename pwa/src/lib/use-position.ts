import { create } from 'zustand';
import type { LatLng } from '@foodbridge/shared/geo';

/**
 * The viewer's position for All Donations' 'Nearest first' and My Pickups' route, asked for only when the viewer chose
 * one of them. Kept in memory only: never in the URL, never in the local store, never sent to the server for a
 * signed-in viewer; a reload forgets it and asks the browser again.
 */
export type PositionStatus = 'idle' | 'asking' | 'ready' | 'refused' | 'unavailable';

interface PositionState {
  status: PositionStatus;
  point: LatLng | undefined;
  /** Asks the browser (it shows its own prompt the first time); again after a refusal, in case it was lifted. */
  ask: () => void;
  /** Once allowed (never a prompt): a fresh fix for a viewer on the move, a driver between stops; the last one stays until it comes. */
  refresh: () => void;
}

// A position a few minutes old is good enough to rank donations across a city, and comes at once.
const QUICK_FIX: PositionOptions = { enableHighAccuracy: false, maximumAge: 5 * 60_000, timeout: 20_000 };

export const usePosition = create<PositionState>()((set, get) => ({
  status: 'idle',
  point: undefined,
  ask: () => {
    if (get().status === 'asking' || get().status === 'ready') return;
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      set({ status: 'unavailable' });
      return;
    }
    set({ status: 'asking' });
    geo.getCurrentPosition(
      (p) => set({ status: 'ready', point: { lat: p.coords.latitude, lng: p.coords.longitude } }),
      (err) => set({ status: err.code === err.PERMISSION_DENIED ? 'refused' : 'unavailable' }),
      QUICK_FIX,
    );
  },
  refresh: () => {
    if (get().status !== 'ready') return;
    // Already allowed, so no prompt; a failed fix keeps the last point (a cellar, a tunnel) rather than forgetting it.
    navigator.geolocation.getCurrentPosition(
      (p) => set({ point: { lat: p.coords.latitude, lng: p.coords.longitude } }),
      () => undefined,
      { ...QUICK_FIX, maximumAge: 60_000 },
    );
  },
}));

/** What the page says when the position cannot be had (a message id): politely, with what happens instead. */
export function positionProblem(status: PositionStatus): string | undefined {
  if (status === 'refused') return /*i18n*/ 'search.position.refused';
  if (status === 'unavailable') return /*i18n*/ 'search.position.unavailable';
  return undefined;
}
