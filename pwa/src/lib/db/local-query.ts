// Live queries of the open database for React. Light on purpose (no RxDB import): the queries are methods of the
// open database. It does not start the local store: useLocalMode does, for every local-first read, and main.tsx does
// at sign-in.
import { useEffect, useRef, useState } from 'react';
import { useSession } from '@/lib/auth/session-store';
import { useConnectivity } from '@/lib/connectivity-store';
import type { FoodBridgeDatabase } from './database';
import { useLocalDatabase } from './local-database';
import { useSyncStore, type LocalCollection } from './sync-store';

/** During a collection's first pull, the most often its queries' answers reach the screen. */
const FIRST_PULL_EVERY_MS = 1_000;

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
  collection: LocalCollection | 'outbox' | 'messageoutbox',
  key: string,
  build: ((db: FoodBridgeDatabase) => Subscribable<R>) | null,
  convert: (raw: R) => T,
  isEmpty: (value: T) => boolean,
): LocalResult<T> {
  const signedIn = useSession((s) => Boolean(s.user));
  const db = useLocalDatabase((s) => s.db);
  const failed = useSyncStore((s) => s.unavailable);
  // The outboxes are the device's own: nothing to wait for.
  const pulled = useSyncStore((s) => collection === 'outbox' || collection === 'messageoutbox' || Boolean(s.pulled[collection]));
  const online = useConnectivity((s) => s.online);
  const [result, setResult] = useState<{ key: string; db: FoodBridgeDatabase; value: T } | null>(null);
  const enabled = Boolean(build) && !failed;

  // While the collection's first pull runs (10,000 donations at city scale arrive in ~10 writes), the screen gets
  // the first answer at once and then at most one every FIRST_PULL_EVERY_MS: each answer costs a conversion and a
  // render of the whole list, time the writes need. The last one is never held back: it goes out as soon as the
  // pull is through (see the effect below), and every answer after that at once.
  const pulledRef = useRef(pulled);
  pulledRef.current = pulled;
  const held = useRef<{ flush(): void } | null>(null);

  useEffect(() => {
    if (!db || !build || !enabled) return;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: { raw: R } | null = null;
    const deliver = () => {
      clearTimeout(timer);
      timer = undefined;
      if (!pending) return;
      const { raw } = pending;
      pending = null;
      const value = convert(raw);
      // Nothing to show yet is no answer worth waiting after: the first documents show as soon as they are in.
      if (!isEmpty(value)) last = performance.now();
      setResult({ key, db, value });
    };
    held.current = { flush: deliver };
    const sub = build(db).subscribe({
      next: (raw) => {
        pending = { raw };
        const wait = pulledRef.current ? 0 : last + FIRST_PULL_EVERY_MS - performance.now();
        if (wait <= 0) deliver();
        else timer ??= setTimeout(deliver, wait);
      },
      error: (err) => {
        // As when the store cannot open: the screens fall back to the online API rather than load forever.
        console.error(`[local store] ${collection} query failed; screens fall back to the network`, err);
        useSyncStore.setState({ unavailable: true });
      },
    });
    return () => {
      sub.unsubscribe();
      clearTimeout(timer);
      held.current = null;
    };
    // `key` stands for `build` and `convert`, which callers create inline.
  }, [db, key, enabled]);

  // The first pull is through: what was held back shows now.
  useEffect(() => {
    if (pulled) held.current?.flush();
  }, [pulled]);

  if (!enabled || !signedIn) return { data: undefined, loading: false, unavailable: true };
  const current = result && result.db === db && result.key === key ? result.value : undefined;
  if (current === undefined) return { data: undefined, loading: true, unavailable: false };
  // Empty before the first pull finished means "not known yet", not "none" (unless offline: then it is all we have).
  const loading = isEmpty(current) && !pulled && online;
  return { data: loading ? undefined : current, loading, unavailable: false };
}
