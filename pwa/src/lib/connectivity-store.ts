import { create } from 'zustand';

interface ConnectivityState {
  /** The browser's own view (navigator.onLine): false means certainly offline; true only means a network exists. */
  online: boolean;
  /**
   * Whether FoodBridge itself answered lately. A network can exist while the server does not answer (a café's wifi
   * with a login page, a restart behind the proxy): then this is false, and screens say so instead of 'Online'.
   */
  reachable: boolean;
}

const initial = typeof navigator === 'undefined' ? true : navigator.onLine;

export const useConnectivity = create<ConnectivityState>(() => ({ online: initial, reachable: true }));

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => useConnectivity.setState({ online: true }));
  window.addEventListener('offline', () => useConnectivity.setState({ online: false }));
}

/** The one place outside React that asks whether the device is offline (components subscribe to useConnectivity). */
export const isOnline = () => useConnectivity.getState().online;

/**
 * A failure that never got an answer from FoodBridge itself: no response at all (ApiError status 0, a timeout), or a
 * gateway's 502/503/504 in front of it.
 */
export const isUnreachableError = (err: unknown): boolean => {
  const status = (err as { status?: unknown } | null)?.status;
  return status === 0 || status === 502 || status === 503 || status === 504;
};

/** Every read's outcome tells whether the server answers; the status line and error states read it. */
export const noteServerReach = (reachable: boolean) => useConnectivity.setState({ reachable });
