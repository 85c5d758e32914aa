// The engine chunk (RxDB, Dexie, the replication) fetched and compiled while the sign-in form is on screen, and the
// browser's IndexedDB started for this site. Light on purpose (nothing imported but the dynamic import and lib/idle):
// the login page's own chunk must not grow. Without it the engine downloads from the click on Login, and at sign-in it
// was the last thing the database waited for (~150 ms after the account was known), ahead of 10,000 donations to
// write.
import { whenIdle } from '@/lib/idle';

/** How long an idle moment is waited for at most: a busy page still gets the engine before someone types a password. */
const IDLE_WAIT_MS = 2_000;

/** An empty database, opened only to start the site's IndexedDB ahead of the account's database. */
export const WARM_DATABASE = 'foodbridge-warm';

/**
 * Opens (creating it once, empty) and closes a small database of this site. A browser profile's first IndexedDB open
 * sets up the site's storage: at a fresh sign-in that took 200-550 ms of the account database's open (~85 ms once
 * warm), between the account being known and its first donations written. Never fails: the sign-in's own open reports
 * a broken IndexedDB.
 */
export function warmStorage(idb: IDBFactory | undefined = globalThis.indexedDB): Promise<void> {
  return new Promise((resolve) => {
    if (!idb) return resolve();
    try {
      const req = idb.open(WARM_DATABASE);
      req.onsuccess = () => {
        req.result.close();
        resolve();
      };
      req.onerror = () => resolve();
      req.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}

/**
 * Starts loading the engine module and warming IndexedDB once the page is idle (local-store's own import then finds
 * the engine loaded). Returns the function that cancels it, if it has not started yet. A failed download is left for
 * the sign-in to retry.
 */
export function preloadEngine(load: () => Promise<unknown> = () => Promise.all([import('./engine'), warmStorage()])): () => void {
  return whenIdle(() => void load().catch(() => undefined), IDLE_WAIT_MS);
}
