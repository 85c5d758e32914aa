// The engine chunk (RxDB, Dexie, the replication) fetched and compiled while the sign-in form is on screen. Light on
// purpose (nothing imported but the dynamic import and lib/idle): the login page's own chunk must not grow. Without
// it the engine downloads from the click on Login, and at sign-in it was the last thing the database waited for
// (~150 ms after the account was known), ahead of 10,000 donations to write.
import { whenIdle } from '@/lib/idle';

/** How long an idle moment is waited for at most: a busy page still gets the engine before someone types a password. */
const IDLE_WAIT_MS = 2_000;

/**
 * Starts loading the engine module once the page is idle (local-store's own import then finds it loaded). Returns
 * the function that cancels it, if it has not started yet. A failed download is left for the sign-in to retry.
 */
export function preloadEngine(load: () => Promise<unknown> = () => import('./engine')): () => void {
  return whenIdle(() => void load().catch(() => undefined), IDLE_WAIT_MS);
}
