import { describe, expect, it } from 'vitest';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { databaseName, openDatabase, removeDatabase } from './database';
import { createDonation } from '@foodbridge/shared/testing/factories';

const memory = getRxStorageMemory();

describe('databaseName', () => {
  it('keeps only what RxDB allows in a name: lower-case letters and digits', () => {
    expect(databaseName('AbC-12_x.Y')).toBe('foodbridge_abc12xy');
  });
});

describe('openDatabase', () => {
  it('opens one database per name, so a second open (StrictMode) gets the same one instead of DB8', async () => {
    const [a, b] = await Promise.all([openDatabase('test_twice', memory), openDatabase('test_twice', memory)]);

    expect(b).toBe(a);
    expect(Object.keys(a.collections).sort()).toEqual(['donationrequests', 'donations', 'favorites', 'messageoutbox', 'messages', 'notifications', 'outbox']);
    await removeDatabase('test_twice', memory);
  });

  it('removeDatabase takes every document with it: the next open starts empty', async () => {
    const db = await openDatabase('test_removed', memory);
    await db.donations.insert(createDonation());
    await db.outbox.insert({ id: 'e1', donationId: 'd1', createdAt: '2026-01-01T00:00:00.000Z', attempts: 0, state: 'pending' });

    await removeDatabase('test_removed', memory);
    const again = await openDatabase('test_removed', memory);

    expect(again).not.toBe(db);
    expect(await again.donations.count().exec()).toBe(0);
    expect(await again.outbox.count().exec()).toBe(0);
    await removeDatabase('test_removed', memory);
  });
});
