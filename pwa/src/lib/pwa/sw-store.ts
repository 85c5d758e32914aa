import { create } from 'zustand';

interface ServiceWorkerState {
  /** A new version is installed and waiting: show the 'New version available' prompt. */
  needRefresh: boolean;
  /** The app shell is precached: the app opens with no connection from now on. */
  offlineReady: boolean;
  /** The user chose 'Later' for the waiting version; asked again on the next start. */
  dismissed: boolean;
  /** Activates the waiting version; the page reloads once it controls it. Set once registration has started. */
  activateUpdate: (() => Promise<void>) | null;
}

export const useServiceWorker = create<ServiceWorkerState>(() => ({
  needRefresh: false,
  offlineReady: false,
  dismissed: false,
  activateUpdate: null,
}));
