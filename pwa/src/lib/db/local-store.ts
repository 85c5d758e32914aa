// The local store as the rest of the app sees it, without loading RxDB up front: this module follows the session
// and loads the engine (RxDB, Dexie, replication) with a dynamic import only once someone is signed in, so the
// signed-out home page and a visitor's All Donations never download it.
import type { Role } from '@foodbridge/shared/constants';
import { onSignOut } from '@/lib/auth/identity';
import { useSession } from '@/lib/auth/session-store';
import { prefetchFirstPull } from './first-pull';
import { requireStore, useLocalDatabase } from './local-database';
import { databaseName, isFresh, readRecord } from './record';
import { clearScreenSnapshots } from './screen-snapshot';
import type { FavoriteDocType } from './schemas';
import { useSyncStore } from './sync-store';
import { uuid } from './uuid';

type Engine = typeof import('./engine');
let engine: Promise<Engine> | null = null;
const loadEngine = () => (engine ??= import('./engine'));

interface Wanted {
  key: string;
  account: { userId: string; email: string; role: Role } | null;
}

let wanted: Wanted = { key: '(not started)', account: null };
// Opening, switching and removal run one after another: never two RxDB databases being set up at once.
let queue: Promise<void> = Promise.resolve();

function follow(state: ReturnType<typeof useSession.getState>) {
  // Signing in (or up): the engine downloads and compiles while the credentials are checked, not after.
  if (state.loading && !state.user) void loadEngine().catch(() => (engine = null));
  if (!state.ready) return;
  const account = state.user ? { userId: state.user.id, email: state.user.email, role: state.role } : null;
  const key = account ? `${account.userId}|${account.role}` : '';
  if (key === wanted.key) return;
  // The engine (RxDB) downloads and compiles now, while an earlier opening or removal may still run in the queue.
  if (account) void loadEngine().catch(() => (engine = null));
  const target: Wanted = { key, account };
  wanted = target;
  useLocalDatabase.setState({ db: null, outbox: null, messageOutbox: null, photoOutbox: null });
  // A fresh device has no checkpoint to wait for: its first donations are asked for now, while the engine downloads
  // and the database opens (at sign-in, about as long as the pull of the first batches).
  const firstPull = account && isFresh(databaseName(account.userId), account.role) ? prefetchFirstPull('donations') : undefined;
  queue = queue.then(async () => {
    if (wanted !== target) {
      firstPull?.stop();
      return;
    }
    try {
      if (!target.account) {
        // Nothing was ever opened on this device: no reason to load RxDB at all.
        if (readRecord()) await (await loadEngine()).deactivate();
        return;
      }
      const opened = await (await loadEngine()).activate(target.account, firstPull);
      if (wanted === target) useLocalDatabase.setState(opened);
    } catch (err) {
      console.error('[local store] could not open the local database; screens fall back to the network', err);
      if (wanted === target) useSyncStore.setState({ unavailable: true });
    }
  });
}

let started = false;

/**
 * Starts following the session (idempotent). Field screens call it through their hooks; calling it at app start
 * also replays waiting pickup confirmations on any screen.
 */
export function startLocalStore() {
  if (started) return;
  started = true;
  useSession.subscribe(follow);
  follow(useSession.getState());
  // Runs inside signOut() while the token is still valid: waiting confirmations get a last chance (not for an
  // account the server says is gone: it refuses them all, and the visitor would wait the chance's 3 s for nothing),
  // then the account's data is removed so the next account starts clean.
  onSignOut(async ({ accountGone }) => {
    wanted = { key: '', account: null };
    clearScreenSnapshots();
    useLocalDatabase.setState({ db: null, outbox: null, messageOutbox: null, photoOutbox: null });
    const done = queue.then(async () => {
      if (engine || readRecord()) await (await loadEngine()).deactivate({ lastChance: !accountGone });
    });
    queue = done.catch(() => undefined);
    await done.catch((err) => console.error('[local store] could not clear on sign-out', err));
  });
}

export interface FavoriteSource {
  _id: string;
  title: string;
  image: string;
  restaurantName: string;
  location: string;
  status: FavoriteDocType['status'];
  quantity: number;
  unit?: FavoriteDocType['unit'];
}

/**
 * Saves a favourite on this device with an id of our own; push replication sends it (now, or when the connection
 * returns) and the server keeps that id. The donation's fields are copied so the Favorites page shows it offline.
 */
export async function saveFavoriteLocally(donation: FavoriteSource, email: string): Promise<void> {
  const { db } = requireStore();
  const existing = await db.favorites.findOne({ selector: { donationId: donation._id } }).exec();
  if (existing) return;
  const id = uuid();
  await db.favorites.insert({
    _id: id,
    favoriteId: id,
    donationId: donation._id,
    email,
    title: donation.title,
    image: donation.image,
    restaurant: donation.restaurantName,
    location: donation.location,
    status: donation.status,
    quantity: donation.quantity,
    ...(donation.unit ? { unit: donation.unit } : {}),
    createdAt: new Date().toISOString(),
    // The server's revision; it has none yet.
    updatedAt: '',
  });
}

export async function removeFavoriteLocally(favoriteId: string): Promise<void> {
  const doc = await requireStore().db.favorites.findOne(favoriteId).exec();
  await doc?.remove();
}
