// Live queries of the open database for React. Light on purpose (no RxDB import): the queries are methods of the
// open database. It does not start the local store: useLocalMode does, for every local-first read, and main.tsx does
// at sign-in.
import { useEffect, useState } from 'react';
import { useSession } from '@/lib/auth/session-store';
import { useConnectivity } from '@/lib/connectivity-store';
import type { FoodBridgeDatabase } from './database';
import { useLocalDatabase } from './local-database';
import { useSyncStore, type LocalCollection } from './sync-store';

export interface LocalResult<T> {
  data: T | undefined;
  /** Nothing to show yet: the store is opening, or it is empty and its first pull has not finished. */
  loading: boolean;
  /** No local store for this viewer (signed out, or the browser refused IndexedDB): use the online API instead. */
  unavailable: boolean;
}

export interface Subscribable<T> {
  subscribe(observer: { next: (value: T) => void; error: (err: unknown) => void }): { unsubscribe(): void };
}

export type Docs<T> = Array<{ toMutableJSON(): T }>;

const plainOf = new WeakMap<object, unknown>();

/**
 * A document's plain copy, made once per document state. RxDB hands out the same RxDocument object for a state that
 * did not change, so every emission of a query gives unchanged rows their old objects: a memoised row re-renders only
 * when its own document changed, not whenever any document of the list did. Nothing may mutate these copies.
 */
export function plainDoc<T>(doc: { toMutableJSON(): T }): T {
  let copy = plainOf.get(doc) as T | undefined;
  if (copy === undefined) {
    copy = doc.toMutableJSON();
    plainOf.set(doc, copy);
  }
  return copy;
}

export const plain = <T>(docs: Docs<T>) => docs.map(plainDoc);

/**
 * Subscribes to a query of the open database. `key` names the query: a new key re-subscribes. `build` null means
 * "not for this viewer" (the result is then `unavailable`).
 */
export function useLocalQuery<R, T>(
  collection: LocalCollection | 'outbox',
  key: string,
  build: ((db: FoodBridgeDatabase) => Subscribable<R>) | null,
  convert: (raw: R) => T,
  isEmpty: (value: T) => boolean,
): LocalResult<T> {
  const signedIn = useSession((s) => Boolean(s.user));
  const db = useLocalDatabase((s) => s.db);
  const failed = useSyncStore((s) => s.unavailable);
  const pulled = useSyncStore((s) => collection === 'outbox' || Boolean(s.pulled[collection]));
  const online = useConnectivity((s) => s.online);
  const [result, setResult] = useState<{ key: string; db: FoodBridgeDatabase; value: T } | null>(null);
  const enabled = Boolean(build) && !failed;

  useEffect(() => {
    if (!db || !build || !enabled) return;
    const sub = build(db).subscribe({
      next: (raw) => setResult({ key, db, value: convert(raw) }),
      error: (err) => {
        // As when the store cannot open: the screens fall back to the online API rather than load forever.
        console.error(`[local store] ${collection} query failed; screens fall back to the network`, err);
        useSyncStore.setState({ unavailable: true });
      },
    });
    return () => sub.unsubscribe();
    // `key` stands for `build` and `convert`, which callers create inline.
  }, [db, key, enabled]);

  if (!enabled || !signedIn) return { data: undefined, loading: false, unavailable: true };
  const current = result && result.db === db && result.key === key ? result.value : undefined;
  if (current === undefined) return { data: undefined, loading: true, unavailable: false };
  // Empty before the first pull finished means "not known yet", not "none" (unless offline: then it is all we have).
  const loading = isEmpty(current) && !pulled && online;
  return { data: loading ? undefined : current, loading, unavailable: false };
}
