// A field screen as it last showed, kept on the device (localStorage) so that a new window of the installed app draws
// it at once, before the local store has opened: on a phone's slow CPU, loading RxDB's engine, opening IndexedDB and
// the first query are most of the wait (docs/performance.md, 'A driver on a weak signal'). The store's own answer
// replaces the snapshot as soon as it comes, and nothing is ever written back from it. Per account, and removed at
// sign-out with the store (local-store.ts), so a shared phone shows nobody else's pickups.
const PREFIX = 'foodbridge.snapshot.';

interface Kept<T> {
  account: string;
  value: T;
}

const keyOf = (screen: string) => `${PREFIX}${screen}`;

/** The screen's last snapshot for this account, if any (another account's is never read). */
export function readScreenSnapshot<T>(screen: string, account: string | undefined, isValue: (value: unknown) => value is T): T | undefined {
  if (!account) return undefined;
  try {
    const raw = localStorage.getItem(keyOf(screen));
    const kept = raw ? (JSON.parse(raw) as Partial<Kept<unknown>>) : undefined;
    return kept?.account === account && isValue(kept.value) ? kept.value : undefined;
  } catch {
    return undefined;
  }
}

export function writeScreenSnapshot<T>(screen: string, account: string, value: T): void {
  try {
    localStorage.setItem(keyOf(screen), JSON.stringify({ account, value } satisfies Kept<T>));
  } catch {
    // Storage full or blocked: the next window waits for the store, as it did before snapshots.
  }
}

/** Every screen's snapshot, at sign-out. */
export function clearScreenSnapshots(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}
