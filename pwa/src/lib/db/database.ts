// One RxDB database per signed-in account on the free Dexie storage. Opened once per name and cached as a promise:
// a second createRxDatabase with the same name in one page throws DB8, which React StrictMode's double effects
// would otherwise trigger. No dev-mode plugin: it needs a validator and loads an iframe from the internet.
import { addRxPlugin, createRxDatabase, removeRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb/plugins/core';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { Dexie, DBCoreKeyRange, DBCoreTable } from 'dexie';
import { favoriteConflictHandler } from './favorite-conflicts';
import {
  donationRequestSchema,
  donationSchema,
  favoriteSchema,
  messageOutboxSchema,
  messageSchema,
  migrationStrategies,
  notificationSchema,
  outboxSchema,
  type DonationDocType,
  type DonationRequestDocType,
  type FavoriteDocType,
  type MessageDocType,
  type MessageOutboxEntry,
  type NotificationDocType,
  type OutboxEntry,
} from './schemas';

export interface FoodBridgeCollections {
  donations: RxCollection<DonationDocType>;
  favorites: RxCollection<FavoriteDocType>;
  donationrequests: RxCollection<DonationRequestDocType>;
  notifications: RxCollection<NotificationDocType>;
  outbox: RxCollection<OutboxEntry>;
  messages: RxCollection<MessageDocType>;
  messageoutbox: RxCollection<MessageOutboxEntry>;
}
export type FoodBridgeDatabase = RxDatabase<FoodBridgeCollections>;

// Ready for the first schema version above 0 (schemas.ts holds the strategies).
addRxPlugin(RxDBMigrationSchemaPlugin);

/** Where the collections live: Dexie (IndexedDB) in the app; tests open the same collections on memory storage. */
type DatabaseStorage = RxStorage<unknown, unknown>;
/** From this many keys on, a read by keys looks at which of them the table holds first (see fewerReads). */
const MANY_KEYS = 50;
const ANY_KEY = { type: 3 /* DBCoreRangeType.Any */ } as DBCoreKeyRange;

/**
 * A Dexie middleware for reads of many documents by id, which RxDB makes three times for each pulled batch (the
 * local copies, the replication's records of them, and again inside the write). IndexedDB answers one request per
 * key, and a first sync asks for thousands of ids that are not there yet: ~30,000 requests at 10,000 donations.
 * Here an empty table answers at once, and a table with fewer than 8 rows a key asked for reads its keys in one
 * request and fetches only the documents it has. Same transaction, same answer: one entry per key, undefined for
 * the missing.
 */
export function fewerReads(db: Dexie) {
  db.use({
    stack: 'dbcore',
    name: 'foodbridge-fewer-reads',
    create: (down) => ({
      ...down,
      table: (name: string): DBCoreTable => {
        const table = down.table(name);
        const primaryKey = table.schema.primaryKey;
        if (primaryKey.compound || typeof primaryKey.keyPath !== 'string') return table;
        const all = { index: primaryKey, range: ANY_KEY };
        return {
          ...table,
          getMany: async (req) => {
            if (req.keys.length < MANY_KEYS || !req.keys.every((k) => typeof k === 'string')) return table.getMany(req);
            const count = await table.count({ trans: req.trans, query: all });
            if (count === 0) return req.keys.map(() => undefined);
            if (count > req.keys.length * 8) return table.getMany(req);
            const { result: present } = await table.query({ trans: req.trans, values: false, query: all });
            const held = new Set(present as string[]);
            const wanted = req.keys.filter((k) => held.has(k as string));
            if (wanted.length === req.keys.length) return table.getMany(req);
            const found = wanted.length ? await table.getMany({ ...req, keys: wanted }) : [];
            const byKey = new Map(wanted.map((k, i) => [k, found[i]]));
            return req.keys.map((k) => byKey.get(k));
          },
        };
      },
    }),
  });
}

const dexie: DatabaseStorage = getRxStorageDexie({ addons: [fewerReads] });
const opened = new Map<string, Promise<FoodBridgeDatabase>>();

export { databaseName } from './record';

async function create(name: string, storage: DatabaseStorage): Promise<FoodBridgeDatabase> {
  const db = await createRxDatabase<FoodBridgeCollections>({ name, storage, multiInstance: true, eventReduce: true });
  try {
    await db.addCollections({
      donations: { schema: donationSchema, migrationStrategies: migrationStrategies.donations },
      favorites: { schema: favoriteSchema, migrationStrategies: migrationStrategies.favorites, conflictHandler: favoriteConflictHandler },
      donationrequests: { schema: donationRequestSchema, migrationStrategies: migrationStrategies.donationrequests },
      notifications: { schema: notificationSchema, migrationStrategies: migrationStrategies.notifications },
      outbox: { schema: outboxSchema, migrationStrategies: migrationStrategies.outbox },
      messages: { schema: messageSchema, migrationStrategies: migrationStrategies.messages },
      messageoutbox: { schema: messageOutboxSchema, migrationStrategies: migrationStrategies.messageoutbox },
    });
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** The open database of that name, created on first use. Never opens the same name twice. */
export function openDatabase(name: string, storage = dexie): Promise<FoodBridgeDatabase> {
  let db = opened.get(name);
  if (!db) {
    db = create(name, storage);
    opened.set(name, db);
    // A failed open may be retried later (e.g. after the browser freed storage).
    db.catch(() => opened.delete(name));
  }
  return db;
}

/** Closes the database if open here and deletes all of its data (every collection, replication state, outbox). */
export async function removeDatabase(name: string, storage = dexie): Promise<void> {
  const db = opened.get(name);
  opened.delete(name);
  const instance = await db?.catch(() => null);
  if (instance && !instance.closed) await instance.remove();
  else await removeRxDatabase(name, storage);
  await dropEmptyShells(name);
}

/**
 * RxDB's Dexie storage empties its IndexedDB databases on removal but leaves them in place, named after the
 * account; delete them too where the browser can list them.
 */
async function dropEmptyShells(name: string) {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  try {
    const prefix = `rxdb-dexie-${name}--`;
    const all = await indexedDB.databases();
    await Promise.all(
      all
        .map((d) => d.name)
        .filter((n): n is string => Boolean(n?.startsWith(prefix)))
        .map(
          (n) =>
            new Promise<void>((resolve) => {
              const req = indexedDB.deleteDatabase(n);
              req.onsuccess = req.onerror = req.onblocked = () => resolve();
            }),
        ),
    );
  } catch {
    // Best effort: the data itself is already gone.
  }
}
