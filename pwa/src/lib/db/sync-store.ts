// What the status line and the screens need to know about synchronisation, without loading RxDB: the engine
// (engine.ts, loaded after sign-in) writes here, React reads here.
import { create } from 'zustand';

export type LocalCollection = 'donations' | 'favorites' | 'donationrequests' | 'notifications' | 'messages';

interface SyncState {
  /** The database this state belongs to (null while signed out). */
  dbName: string | null;
  /** Opening the local store failed (no IndexedDB, quota...): screens fall back to the online API. */
  unavailable: boolean;
  /** Last time a pull reached the server's head, as epoch ms. Kept per account across reloads. */
  lastSyncedAt: number | null;
  /** The last replication failure worth showing (cleared by the next successful pull). */
  lastError: string | null;
  /** Pickup confirmations still waiting in the outbox. */
  pendingPickups: number;
  /** Collections that have completed their first pull at least once: an empty result is then really empty. */
  pulled: Partial<Record<LocalCollection, true>>;
  /**
   * Donations whose pickup the server just confirmed; they read as Picked until the replicated copy says so, so that
   * the Confirm button does not come back for the moment between the answer and the next pull.
   */
  confirmed: Record<string, true>;
}

export const useSyncStore = create<SyncState>(() => ({
  dbName: null,
  unavailable: false,
  lastSyncedAt: null,
  lastError: null,
  pendingPickups: 0,
  pulled: {},
  confirmed: {},
}));

const key = (dbName: string) => `foodbridge.sync.${dbName}`;

interface Persisted {
  lastSyncedAt: number | null;
  pulled: Partial<Record<LocalCollection, true>>;
}

function read(dbName: string): Persisted {
  try {
    const raw = localStorage.getItem(key(dbName));
    if (raw) return JSON.parse(raw) as Persisted;
  } catch {
    // Unreadable: start as never synced.
  }
  return { lastSyncedAt: null, pulled: {} };
}

function persist() {
  const { dbName, lastSyncedAt, pulled } = useSyncStore.getState();
  if (!dbName) return;
  try {
    localStorage.setItem(key(dbName), JSON.stringify({ lastSyncedAt, pulled } satisfies Persisted));
  } catch {
    // Storage full or blocked: the time is then only shown until the next reload.
  }
}

/** Switches the state to another account's database (or none), restoring what was known of it. */
export function bindSyncState(dbName: string | null) {
  const saved = dbName ? read(dbName) : { lastSyncedAt: null, pulled: {} };
  useSyncStore.setState({
    dbName,
    unavailable: false,
    lastError: null,
    pendingPickups: 0,
    confirmed: {},
    ...saved,
  });
}

export function forgetSyncState(dbName: string) {
  try {
    localStorage.removeItem(key(dbName));
  } catch {
    // Nothing stored.
  }
}

export function markPulled(collection: LocalCollection) {
  const s = useSyncStore.getState();
  useSyncStore.setState({
    lastSyncedAt: Date.now(),
    lastError: null,
    pulled: s.pulled[collection] ? s.pulled : { ...s.pulled, [collection]: true },
  });
  persist();
}

/** Still connected to the live stream: 'Last synced' moves on, once the collection had its first full pull. */
export function markLive(collection: LocalCollection) {
  if (!useSyncStore.getState().pulled[collection]) return;
  useSyncStore.setState({ lastSyncedAt: Date.now() });
  persist();
}

export function markConfirmed(donationId: string) {
  useSyncStore.setState((s) => ({ confirmed: { ...s.confirmed, [donationId]: true } }));
}

/** The confirmation was undone on the server: the pickup reads as its replicated copy says again. */
export function forgetConfirmed(donationId: string) {
  useSyncStore.setState((s) => {
    if (!s.confirmed[donationId]) return s;
    const { [donationId]: _undone, ...rest } = s.confirmed;
    return { confirmed: rest };
  });
}

// Only the leader tab replicates; the others learn its progress through storage events.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    const { dbName } = useSyncStore.getState();
    if (dbName && e.key === key(dbName)) useSyncStore.setState(read(dbName));
  });
}
