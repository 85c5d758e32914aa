import { useEffect, useState } from 'react';
import type { LatLng } from '@foodbridge/shared/geo';
import { usePosition, type PositionStatus } from '@/lib/use-position';

/** Whether the driver chose 'Use my location' for today's route on this device. */
export const ROUTE_LOCATION_KEY = 'foodbridge.routeLocation';
// A driver moves between stops: the distances follow at this pace while the page is in front.
const REFRESH_MS = 2 * 60_000;

function remembered(): boolean {
  try {
    return localStorage.getItem(ROUTE_LOCATION_KEY) === 'on';
  } catch {
    return false;
  }
}

function remember(on: boolean) {
  try {
    if (on) localStorage.setItem(ROUTE_LOCATION_KEY, 'on');
    else localStorage.removeItem(ROUTE_LOCATION_KEY);
  } catch {
    // Not remembered: the next visit starts with the button again.
  }
}

/** Whether the browser already lets this site read the position, so that asking shows no prompt. */
async function alreadyAllowed(): Promise<boolean> {
  try {
    return (await navigator.permissions.query({ name: 'geolocation' })).state === 'granted';
  } catch {
    return false;
  }
}

export interface RouteLocation {
  /** The driver chose to use their location (remembered on the device, as All Donations' 'Nearest first' is in its URL). */
  chosen: boolean;
  status: PositionStatus;
  /** Where the driver stands, while chosen and known. */
  point: LatLng | undefined;
  use: () => void;
  stop: () => void;
}

/**
 * 'Use my location' for today's route. The browser is asked only after a tap: on a later visit the remembered choice
 * reads the position again only when the browser already allows it (no prompt without a tap), and otherwise offers the
 * button again. While used, the position is read again every two minutes and when the page comes back to the front.
 */
export function useRouteLocation(): RouteLocation {
  const [chosen, setChosen] = useState(remembered);
  const { status, point, ask, refresh } = usePosition();

  useEffect(() => {
    if (!chosen || status !== 'idle') return;
    let live = true;
    void alreadyAllowed().then((allowed) => live && allowed && ask());
    return () => {
      live = false;
    };
  }, [chosen, status, ask]);

  useEffect(() => {
    if (!chosen || status !== 'ready') return;
    const again = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    const timer = setInterval(again, REFRESH_MS);
    document.addEventListener('visibilitychange', again);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', again);
    };
  }, [chosen, status, refresh]);

  return {
    chosen,
    status,
    point: chosen && status === 'ready' ? point : undefined,
    use: () => {
      remember(true);
      setChosen(true);
      ask();
    },
    stop: () => {
      remember(false);
      setChosen(false);
    },
  };
}
