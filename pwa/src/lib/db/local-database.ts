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
