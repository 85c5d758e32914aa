// The signed-in account's open database and its pickup outbox, as React and the app-facing modules see them. A leaf
// (types only besides zustand and Lingui): the engine side and the app side both import it, so no import cycle runs through
// local-store's lazy import of the engine.
import { i18n } from '@lingui/core';
import { create } from 'zustand';
import type { FoodBridgeDatabase } from './database';
import type { MessageOutbox } from './message-outbox';
import type { PhotoOutbox } from './photo-outbox';
import type { Outbox } from './pickup-outbox';

export interface OpenStore {
  db: FoodBridgeDatabase;
  outbox: Outbox;
  messageOutbox: MessageOutbox;
  photoOutbox: PhotoOutbox;
}

/** All null while signed out, opening, or switching accounts. */
export const useLocalDatabase = create<{
  db: FoodBridgeDatabase | null;
  outbox: Outbox | null;
  messageOutbox: MessageOutbox | null;
  photoOutbox: PhotoOutbox | null;
}>(() => ({
  db: null,
  outbox: null,
  messageOutbox: null,
  photoOutbox: null,
}));

export function requireStore(): Pick<OpenStore, 'db' | 'outbox'> {
  const { db, outbox } = useLocalDatabase.getState();
  if (!db || !outbox) throw new Error(i18n._('sync.storeLoading'));
  return { db, outbox };
}

/** How long a tap made while the store opens waits for it (a screen drawn from its snapshot is tappable at once). */
export const STORE_WAIT_MS = 10_000;

/**
 * The open store, waiting up to `ms` while it opens: a Confirm Pickup tapped on a screen drawn before the store had
 * opened (from its snapshot) is queued a moment later rather than refused.
 */
export function whenStore(ms = STORE_WAIT_MS): Promise<Pick<OpenStore, 'db' | 'outbox'>> {
  const now = useLocalDatabase.getState();
  if (now.db && now.outbox) return Promise.resolve({ db: now.db, outbox: now.outbox });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(i18n._('sync.storeLoading')));
    }, ms);
    const stop = useLocalDatabase.subscribe(({ db, outbox }) => {
      if (!db || !outbox) return;
      clearTimeout(timer);
      stop();
      resolve({ db, outbox });
    });
  });
}

export function requireMessageOutbox(): MessageOutbox {
  const { messageOutbox } = useLocalDatabase.getState();
  if (!messageOutbox) throw new Error(i18n._('sync.storeLoading'));
  return messageOutbox;
}

export function requirePhotoOutbox(): PhotoOutbox {
  const { photoOutbox } = useLocalDatabase.getState();
  if (!photoOutbox) throw new Error(i18n._('sync.storeLoading'));
  return photoOutbox;
}
