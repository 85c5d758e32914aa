import { create } from 'zustand';

interface ConnectivityState {
  /** The browser's own view (navigator.onLine): false means certainly offline; true only means a network exists. */
  online: boolean;
}

const initial = typeof navigator === 'undefined' ? true : navigator.onLine;

export const useConnectivity = create<ConnectivityState>(() => ({ online: initial }));

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => useConnectivity.setState({ online: true }));
  window.addEventListener('offline', () => useConnectivity.setState({ online: false }));
}

/** The one place outside React that asks whether the device is offline (components subscribe to useConnectivity). */
export const isOnline = () => useConnectivity.getState().online;
