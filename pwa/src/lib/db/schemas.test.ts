import { describe, expect, it, onTestFinished } from 'vitest';
import { createHash } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type RxJsonSchema } from 'rxdb/plugins/core';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openDatabase, removeDatabase } from './database';
import { donationRequestSchema, donationSchema, favoriteSchema, messageOutboxSchema, messageSchema, notificationSchema, outboxSchema, type NotificationDocType } from './schemas';

/**
 * Each collection's schema as the device stores it, by version. A phone that has a collection opens it only under the
 * same schema or a higher version with a migration (RxDB's DB6 otherwise): a field or enum added to a shared zod schema
 * can change a collection's schema without anyone meaning to. Changed on purpose: raise the version, add its
 * migration strategy (schemas.ts), prove the upgrade (as below for the notifications; pickup-outbox.test.ts for the
 * outbox), then write the new hash here.
 */
const SHIPPED: Record<string, { version: number; sha256: string }> = {
  donations: { version: 0, sha256: '4a4d56720a6e0bda' },
  favorites: { version: 0, sha256: '40530dcdbf118f0a' },
  donationrequests: { version: 0, sha256: '18157f5c2b323ae4' },
  notifications: { version: 1, sha256: 'cd52f1654a17bb87' },
  outbox: { version: 1, sha256: 'b139c0156a73c2a1' },
  messages: { version: 0, sha256: 'e72f0c96a5b684b1' },
  messageoutbox: { version: 0, sha256: 'd2d53535ad0bd512' },
};

const hashOf = (schema: RxJsonSchema<any>) => createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 16);

describe("the device's collection schemas", () => {
  it('change only with a new version', () => {
    const now = {
      donations: donationSchema,
      favorites: favoriteSchema,
      donationrequests: donationRequestSchema,
      notifications: notificationSchema,
      outbox: outboxSchema,
      messages: messageSchema,
      messageoutbox: messageOutboxSchema,
    };
    const seen = Object.fromEntries(Object.entries(now).map(([name, schema]) => [name, { version: schema.version, sha256: hashOf(schema) }]));
    expect(seen).toEqual(SHIPPED);
  });

  it("a phone's notifications of version 0 open under version 1 as they were, and take kinds the app does not list", async () => {
    // happy-dom's navigator.locks never grants a lock, and RxDB's leader election (which a migration waits for) would
    // wait for ever; without it RxDB elects through its fallback, as pickup-outbox.test.ts does.
    Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
    const name = `test_migrate_${Math.random().toString(36).slice(2, 10)}`;
    expect((notificationSchema.properties.kind as { enum?: string[] }).enum, 'version 1 lists no kinds').toBeUndefined();
    // Version 0 as a phone has it: the kinds of its day listed.
    const v0: RxJsonSchema<NotificationDocType> = {
      ...notificationSchema,
      version: 0,
      properties: { ...notificationSchema.properties, kind: { type: 'string', enum: ['donation.verified', 'request.made', 'reminder.pickup-soon'] } },
    };
    const old = await createRxDatabase<any>({ name, storage, multiInstance: false });
    await old.addCollections({ notifications: { schema: v0 } });
    const kept = (
      await old.notifications.insert({ _id: 'n1', kind: 'donation.verified', title: 'Verified', body: 'Your donation is listed.', link: '/dashBoard/myDonations', read: false, createdAt: '2026-12-01T10:00:00.000Z' })
    ).toJSON() as NotificationDocType;
    await old.close();

    const db = await openDatabase(name, storage);
    onTestFinished(() => removeDatabase(name, storage));
    expect(db.notifications.schema.version).toBe(1);
    expect((await db.notifications.findOne('n1').exec())?.toJSON()).toEqual(kept);
    await db.notifications.insert({ ...kept, _id: 'n2', kind: 'pickup.assigned' });
    expect(await db.notifications.count().exec()).toBe(2);
  });
});
