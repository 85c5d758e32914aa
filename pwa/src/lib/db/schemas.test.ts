import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { RxJsonSchema } from 'rxdb/plugins/core';
import { donationRequestSchema, donationSchema, favoriteSchema, notificationSchema, outboxSchema } from './schemas';

/**
 * Each collection's schema as the device stores it, by version. A phone that has a collection opens it only under the
 * same schema or a higher version with a migration (RxDB's DB6 otherwise): a field or enum added to a shared zod schema
 * can change a collection's schema without anyone meaning to. Changed on purpose: raise the version, add its
 * migration strategy (schemas.ts), prove the upgrade (pickup-outbox.test.ts does for the outbox), then write the new
 * hash here.
 */
const SHIPPED: Record<string, { version: number; sha256: string }> = {
  donations: { version: 0, sha256: '4a4d56720a6e0bda' },
  favorites: { version: 0, sha256: '40530dcdbf118f0a' },
  donationrequests: { version: 0, sha256: '18157f5c2b323ae4' },
  notifications: { version: 0, sha256: '08ddd0546cac0c1a' },
  outbox: { version: 1, sha256: 'b139c0156a73c2a1' },
};

const hashOf = (schema: RxJsonSchema<any>) => createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 16);

describe("the device's collection schemas", () => {
  it('change only with a new version', () => {
    const now = { donations: donationSchema, favorites: favoriteSchema, donationrequests: donationRequestSchema, notifications: notificationSchema, outbox: outboxSchema };
    const seen = Object.fromEntries(Object.entries(now).map(([name, schema]) => [name, { version: schema.version, sha256: hashOf(schema) }]));
    expect(seen).toEqual(SHIPPED);
  });
});
