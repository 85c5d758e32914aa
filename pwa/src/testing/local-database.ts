// The app's own collections on RxDB's memory storage, for unit tests: the same schemas, conflict handler and
// migration table as the Dexie database the app opens, a fresh database per call, removed when the test ends.
import { onTestFinished } from 'vitest';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { useSession } from '@/lib/auth/session-store';
import { openDatabase, removeDatabase, type FoodBridgeDatabase } from '@/lib/db/database';
import type { OpenStore } from '@/lib/db/local-database';
import { createMessageOutbox } from '@/lib/db/message-outbox';
import { createPhotoOutbox, memoryPhotoStore } from '@/lib/db/photo-outbox';
import { createOutbox } from '@/lib/db/pickup-outbox';

const memory = getRxStorageMemory();
let opened = 0;

export async function openTestDatabase(): Promise<FoodBridgeDatabase> {
  opened += 1;
  const name = `test_${opened}_${Math.random().toString(36).slice(2, 10)}`;
  const db = await openDatabase(name, memory);
  onTestFinished(() => removeDatabase(name, memory));
  return db;
}

/**
 * What a test's `vi.mock('./engine')` hands to local-store in place of the lazily loaded engine (RxDB on Dexie,
 * replication): the store to open at the next sign-in.
 */
export interface EngineStandIn {
  store: OpenStore | null;
}

/** What `vi.mock('./engine', ...)` answers with: activation hands over the prepared store. */
export function engineModule(engine: EngineStandIn) {
  return {
    activate: async () => {
      if (!engine.store) throw new Error('no test store prepared');
      return engine.store;
    },
    deactivate: async () => {},
  };
}

let accounts = 0;

/**
 * Signs a new charity account in, with a store of its own on memory storage that local-store then opens. Its outboxes
 * are stopped: these tests read the store, the outboxes' sending has its own tests.
 */
export async function signInWithStore(engine: EngineStandIn, email = 'driver@charity.test'): Promise<FoodBridgeDatabase> {
  const db = await openTestDatabase();
  const outbox = createOutbox(db, email, () => {});
  outbox.stop();
  const messageOutbox = createMessageOutbox(db, () => {});
  messageOutbox.stop();
  const photoOutbox = createPhotoOutbox({ store: memoryPhotoStore(), account: db.name, confirmationWaits: async () => false });
  photoOutbox.stop();
  engine.store = { db, outbox, messageOutbox, photoOutbox };
  accounts += 1;
  useSession.getState().setSession({ id: `user-${accounts}`, email, name: 'Driver' }, 'charity');
  return db;
}
