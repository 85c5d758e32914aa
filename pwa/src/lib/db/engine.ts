// The local store's life cycle, loaded only after sign-in (local-store.ts imports it dynamically): open the
// account's database, replicate it, run the pickup outbox, and tear it all down on sign-out or a role change.
import type { Role } from '@foodbridge/shared/constants';
import { isOnline, noteServerReach } from '@/lib/connectivity-store';
import { databaseName, openDatabase, removeDatabase, type FoodBridgeDatabase } from './database';
import { donationsByNewest, VERIFIED } from './donation-lists';
import type { OpenStore } from './local-database';
import { createMessageOutbox, type MessageOutbox } from './message-outbox';
import { clearPhotos, createPhotoOutbox, memoryPhotoStore, openPhotoStore, type PhotoOutbox } from './photo-outbox';
import { createOutbox, readEntries, type Outbox } from './pickup-outbox';
import { readMembership } from '@/lib/remembered-membership';
import { prefetchFirstPull, type FirstPull } from './first-pull';
import { isFresh, readRecord, writeRecord } from './record';
import { startReplication, type Replications } from './replication';
import type { MessageOutboxEntry, OutboxEntry } from './schemas';
import { bindSyncState, forgetSyncState, markLive, markPulled, useSyncStore } from './sync-store';

export interface LocalAccount {
  userId: string;
  email: string;
  role: Role;
}

interface Active {
  name: string;
  role: Role;
  db: FoodBridgeDatabase;
  replication: Replications;
  outbox: Outbox;
  messageOutbox: MessageOutbox;
  photoOutbox: PhotoOutbox;
  unsubscribe: () => void;
}

let active: Active | null = null;

/**
 * Deletes an account's database and what is known about it. If the deletion fails the device record stays, so the
 * next start tries again (a shared phone must not keep the previous driver's data).
 */
async function removeAccountData(name: string) {
  try {
    await removeDatabase(name);
  } catch (err) {
    console.error('[local store] could not remove', name, err);
    return;
  }
  forgetSyncState(name);
  writeRecord(null);
}

/** Stops the active database's work and removes it with all its data. */
async function stopAndRemove() {
  const current = active;
  active = null;
  if (!current) return;
  current.unsubscribe();
  current.outbox.stop();
  current.messageOutbox.stop();
  current.photoOutbox.stop();
  await current.replication.cancel();
  await removeAccountData(current.name);
}

/**
 * Makes the account's database the active one. Another account's database is removed first (a shared phone must
 * not keep the previous driver's data), and so is this account's own when its role changed: the server does not
 * re-send documents whose visibility a role change altered.
 */
export async function activate(account: LocalAccount, prefetched?: FirstPull): Promise<OpenStore> {
  const name = databaseName(account.userId);
  // A database created now starts empty: its first donations are asked for while it opens (local-store asks earlier
  // still, before this module has loaded).
  const fresh = isFresh(name, account.role);
  const firstPull = fresh ? (prefetched ?? prefetchFirstPull('donations')) : undefined;
  if (firstPull !== prefetched) prefetched?.stop();
  if (active && active.name === name && active.role === account.role) {
    firstPull?.stop();
    return { db: active.db, outbox: active.outbox, messageOutbox: active.messageOutbox, photoOutbox: active.photoOutbox };
  }

  // The outbox survives a role reset, waiting confirmations and refusals not yet dismissed alike (only the server
  // may refuse, only the driver may dismiss); another account's does not.
  // Messages not yet sent likewise.
  let carried: OutboxEntry[] = [];
  let carriedMessages: MessageOutboxEntry[] = [];
  if (active) {
    if (active.name === name) [carried, carriedMessages] = await Promise.all([readEntries(active.db), unsentMessages(active.db)]);
    await stopAndRemove();
  }
  const record = readRecord();
  if (record && (record.name !== name || record.role !== account.role)) {
    if (record.name === name && !carried.length && !carriedMessages.length) {
      [carried, carriedMessages] = await openDatabase(name)
        .then((db) => Promise.all([readEntries(db), unsentMessages(db)]))
        .catch(() => [[], []]);
    }
    await removeAccountData(record.name);
  }

  bindSyncState(name);
  const db = await openDatabase(name);
  writeRecord({ name, role: account.role });
  if (carried.length) await db.outbox.bulkInsert(carried);
  if (carriedMessages.length) await db.messageoutbox.bulkInsert(carriedMessages);

  const photoStore = await openPhotoStore().catch((err: unknown) => {
    console.error('[local store] could not open the photo database; photos wait in memory only', err);
    return memoryPhotoStore();
  });
  const outbox = createOutbox(
    db,
    account.email,
    () => {
      replication.reSync();
      // The confirmation has gone: its photos may follow.
      void photoOutbox.replay();
    },
    () => readMembership(account.userId)?.email,
  );
  const messageOutbox = createMessageOutbox(db, () => replication.reSync());
  // Photos are kept in a database of their own (not per account: each entry names its account, so a role change,
  // which rebuilds this one, keeps them; sign-out empties it).
  const photoOutbox = createPhotoOutbox({
    store: photoStore,
    account: name,
    confirmationWaits: async (donationId) => Boolean(await db.outbox.findOne({ selector: { donationId, state: 'pending' } }).exec()),
  });
  // All Donations' list, kept from the first write on: opened during the first sync, the screen then finds it ready
  // instead of reading the thousands of donations written so far (a read that also holds the next write back).
  const warm = fresh ? donationsByNewest(db, VERIFIED).subscribe({ next: () => undefined, error: () => undefined }) : null;
  let replication: Replications;
  try {
    replication = startReplication(db, account.role, {
      onPulled: (collection) => {
        if (collection === 'donations') warm?.unsubscribe();
        markPulled(collection);
        noteServerReach(true);
        // A successful pull means the server is reachable: a good moment to send what waits (replay() coalesces
        // the burst of pulls into one pass).
        void outbox.replay();
        void messageOutbox.replay();
        void photoOutbox.replay();
      },
      onLive: (collection) => {
        markLive(collection);
        noteServerReach(true);
      },
      onError: (message) => useSyncStore.setState({ lastError: message }),
    }, firstPull);
  } catch (err) {
    warm?.unsubscribe();
    outbox.stop();
    messageOutbox.stop();
    photoOutbox.stop();
    throw err;
  }
  const pendingSub = db.outbox.find({ selector: { state: 'pending' } }).$.subscribe((docs) => {
    useSyncStore.setState({ pendingPickups: docs.length });
  });

  active = {
    name,
    role: account.role,
    db,
    replication,
    outbox,
    messageOutbox,
    photoOutbox,
    unsubscribe: () => {
      warm?.unsubscribe();
      pendingSub.unsubscribe();
    },
  };
  void outbox.replay();
  void messageOutbox.replay();
  void photoOutbox.replay();
  return { db, outbox, messageOutbox, photoOutbox };
}

/** The messages written here that the server has not taken yet (waiting, or refused and not dismissed). */
async function unsentMessages(db: FoodBridgeDatabase): Promise<MessageOutboxEntry[]> {
  return (await db.messageoutbox.find().exec()).map((d) => d.toMutableJSON()).filter((e) => e.state !== 'sent');
}

/**
 * Signed out: the account's data leaves the device. Confirmations still waiting get one last chance to reach the
 * server first (the token is still valid at this point of sign-out), unless `lastChance` is false.
 */
export async function deactivate({ lastChance = true }: { lastChance?: boolean } = {}): Promise<void> {
  if (active && lastChance && isOnline()) {
    // One last chance for what the account did offline: queued pickups and favourite changes.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all([active.outbox.replay(), active.messageOutbox.replay(), active.photoOutbox.replay(), active.replication.flush()]).catch(() => undefined),
      new Promise((r) => (timer = setTimeout(r, 3000))),
    ]);
    clearTimeout(timer);
  }
  if (active) await stopAndRemove();
  else {
    const record = readRecord();
    if (record) await removeAccountData(record.name);
  }
  await clearPhotos().catch((err: unknown) => console.error('[local store] could not remove the photos waiting', err));
  // The service worker's Background Sync queue holds requests with this account's token: empty it too.
  navigator.serviceWorker?.controller?.postMessage({ type: 'CLEAR_PICKUP_QUEUE' });
  bindSyncState(null);
}
