import { create } from 'zustand';
import type { LatLng } from '@foodbridge/shared/geo';

/**
 * The viewer's position for 'Nearest first'. Kept in memory only: never in the URL, never in the local store, never
 * sent to the server for a signed-in viewer; a reload forgets it and asks the browser again.
 */
export type PositionStatus = 'idle' | 'asking' | 'ready' | 'refused' | 'unavailable';

interface PositionState {
  status: PositionStatus;
  point: LatLng | undefined;
  /** Asks the browser (it shows its own prompt the first time); again after a refusal, in case it was lifted. */
  ask: () => void;
}

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
      // A position a few minutes old is good enough to rank pickups across a city, and comes at once.
      { enableHighAccuracy: false, maximumAge: 5 * 60_000, timeout: 20_000 },
    );
  },
}));

/** What the page says when the position cannot be had (a message id): politely, with what happens instead. */
export function positionProblem(status: PositionStatus): string | undefined {
  if (status === 'refused') return /*i18n*/ 'search.position.refused';
  if (status === 'unavailable') return /*i18n*/ 'search.position.unavailable';
  return undefined;
}
