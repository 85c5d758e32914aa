// The local collections' RxDB schemas, generated from the shared zod schemas so that the API shape is defined once.
// Rules this machine enforces (see FACTS.md): the primary key needs a maxLength; under Dexie every indexed field
// must be required and have a maxLength; the open-source build allows few collections (we use seven; 13 work).
import type { RxJsonSchema } from 'rxdb/plugins/core';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import { DonationSchema } from '@foodbridge/shared/schemas/donation';
import { DonationRequestSchema } from '@foodbridge/shared/schemas/donation-request';
import { PICKUP_NONE_REASONS, PICKUP_OUTCOMES, type PickupReport } from '@foodbridge/shared/schemas/impact';
import { NotificationSchema, type Notification } from '@foodbridge/shared/schemas/notification';
import { FavoriteDocSchema, MessageDocSchema, type FavoriteDoc, type MessageDoc } from '@foodbridge/shared/schemas/sync';

/** A favourite as stored locally: the replicated shape without RxDB's own delete flag. */
export type FavoriteDocType = Omit<FavoriteDoc, '_deleted'>;
export type DonationDocType = Donation;
export type DonationRequestDocType = DonationRequest;
export type NotificationDocType = Notification;
/** A message of one of the account's conversations (issue 48), with whether it is still unread. */
export type MessageDocType = Omit<MessageDoc, '_deleted'>;

/** A message written on this device and not yet in the replicated conversation (local only, never replicated). */
export interface MessageOutboxEntry {
  /** Also the Idempotency-Key: however often it is sent, the server writes one message. */
  id: string;
  requestId: string;
  donationId: string;
  body: string;
  image?: string;
  createdAt: string;
  attempts: number;
  lastError?: string;
  /** `sent` until the replicated message (`messageId`) is on the device, so the conversation never loses it. */
  state: 'pending' | 'refused' | 'sent';
  refusal?: string;
  messageId?: string;
}

export type OutboxState = 'pending' | 'refused';

/** A pickup confirmation not yet answered by the server (local only, never replicated). */
export interface OutboxEntry {
  /** Also the Idempotency-Key: the server applies a key once and answers its repeats with the first answer. */
  id: string;
  donationId: string;
  /** Shown on the refusal card, as the donation itself may no longer be visible by then. */
  title?: string;
  createdAt: string;
  attempts: number;
  lastError?: string;
  state: OutboxState;
  /** The server's reason when it refused the confirmation (reassigned, deleted, already confirmed...). */
  refusal?: string;
  /**
   * What the driver reported (weight, outcome, reason, note), sent as the body with every try under the same key.
   * Absent on entries queued before reports existed (schema version 0), which are sent with an empty body as then.
   */
  report?: PickupReport;
}

const ID_MAX = 40;
const DATE_MAX = 40;

type JsonSchemaObject = {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
};

/**
 * zod's JSON Schema, made into an RxDB schema: the draft marker and `additionalProperties` go (RxDB adds its own
 * meta fields), the primary key and indexes get their maxLength and are required.
 */
function fromZod<T>(
  zodSchema: { toJSONSchema(): unknown },
  opts: { title: string; indexes?: string[]; maxLength?: Record<string, number> },
): RxJsonSchema<T> {
  const json = zodSchema.toJSONSchema() as JsonSchemaObject;
  const properties: Record<string, Record<string, unknown>> = {};
  for (const [name, prop] of Object.entries(json.properties)) {
    const max = name === '_id' ? ID_MAX : opts.maxLength?.[name];
    properties[name] = max ? { ...prop, maxLength: max } : { ...prop };
  }
  const required = new Set(json.required ?? []);
  required.add('_id');
  for (const index of opts.indexes ?? []) {
    if (!properties[index]?.maxLength) throw new Error(`Index ${index} of ${opts.title} needs a maxLength`);
    required.add(index);
  }
  return {
    title: opts.title,
    version: 0,
    primaryKey: '_id',
    type: 'object',
    properties,
    required: [...required],
    ...(opts.indexes?.length ? { indexes: opts.indexes } : {}),
  } as unknown as RxJsonSchema<T>;
}

// The admin's note on a donation edited after verification is read online only (Manage Donations), so the device's
// copy leaves it out and keeps schema version 0: any change to the properties changes the schema's hash and needs a
// version bump, whose upgrade of stores already on phones must first be proven in a real browser. Best before and the
// pickup point (issue 10), the member who has a pickup (issue 46) and the pickup window (issue 47) arrive in the
// replicated documents already and are kept as they come (no validator runs here), but the schema lists them only with
// that version 1. schemas.test.ts fails when a schema changes under the same version.
export const donationSchema = fromZod<DonationDocType>(
  DonationSchema.omit({
    reverifyReason: true,
    bestBefore: true,
    latitude: true,
    longitude: true,
    assigneeName: true,
    assigneeId: true,
    // The pickup window (issue 47): kept as it comes, as best before is.
    pickupStart: true,
    pickupEnd: true,
    seriesId: true,
    // Food safety (issue 50): kept as they come, as best before is.
    allergens: true,
    dietary: true,
    storage: true,
    // The restaurant's note for the driver (issue 49): kept as it comes, as best before is.
    restaurantNote: true,
  }),
  {
    title: 'donations',
    indexes: ['status'],
    maxLength: { status: 20 },
  },
);

// The quantity's unit came after version 0: like best before above, it is kept as it comes and listed with version 1.
export const favoriteSchema = fromZod<FavoriteDocType>(FavoriteDocSchema.omit({ _deleted: true, unit: true }), {
  title: 'favorites',
  indexes: ['donationId'],
  maxLength: { donationId: ID_MAX },
});

export const donationRequestSchema = fromZod<DonationRequestDocType>(DonationRequestSchema, {
  title: 'donation requests',
  indexes: ['donationId'],
  maxLength: { donationId: ID_MAX },
});

// The person's own notifications (issue 11), newest first by createdAt. Version 1: a new kind of notification
// (issue 46's pickup.assigned) had changed version 0's list of kinds, and so its hash, under the same version, which a
// phone with the older store could not open (RxDB's DB6). The kind is any text here now (the server says which), so
// new kinds leave the schema as it is; version-0 notifications are kept as they are.
const notificationBase = fromZod<NotificationDocType>(NotificationSchema, {
  title: 'notifications',
  indexes: ['createdAt'],
  maxLength: { createdAt: DATE_MAX },
});
export const notificationSchema: RxJsonSchema<NotificationDocType> = {
  ...notificationBase,
  version: 1,
  properties: { ...notificationBase.properties, kind: { type: 'string' } },
};

// Version 1 adds `report`. A changed schema under the same version would not open on a phone that already has the
// collection (RxDB's DB6: the stored schema hash differs), so the version goes up and version-0 entries are migrated
// as they are: they carry no report and replay as they always did. The report's shape is written out here rather
// than generated from PickupReportSchema: a change there (a new limit) would silently change this schema's hash.
export const outboxSchema: RxJsonSchema<OutboxEntry> = {
  title: 'pickup outbox',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: ID_MAX },
    donationId: { type: 'string', maxLength: ID_MAX },
    title: { type: 'string' },
    createdAt: { type: 'string', maxLength: DATE_MAX },
    attempts: { type: 'number' },
    lastError: { type: 'string' },
    state: { type: 'string', enum: ['pending', 'refused'], maxLength: 10 },
    refusal: { type: 'string' },
    report: {
      type: 'object',
      properties: {
        weightKg: { type: 'number', minimum: 0 },
        outcome: { type: 'string', enum: [...PICKUP_OUTCOMES] },
        reason: { type: 'string', enum: [...PICKUP_NONE_REASONS] },
        note: { type: 'string', maxLength: 500 },
      },
      required: ['weightKg', 'outcome'],
    },
  },
  required: ['id', 'donationId', 'createdAt', 'attempts', 'state'],
  indexes: ['state'],
};

// Messages (issue 48), oldest first per conversation. Whether one is unread is the server's (reading a conversation
// anywhere sends its messages again, read).
export const messageSchema = fromZod<MessageDocType>(MessageDocSchema.omit({ _deleted: true }), {
  title: 'messages',
  indexes: ['requestId'],
  maxLength: { requestId: ID_MAX },
});

export const messageOutboxSchema: RxJsonSchema<MessageOutboxEntry> = {
  title: 'message outbox',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: ID_MAX },
    requestId: { type: 'string', maxLength: ID_MAX },
    donationId: { type: 'string' },
    body: { type: 'string' },
    image: { type: 'string' },
    createdAt: { type: 'string' },
    attempts: { type: 'number' },
    lastError: { type: 'string' },
    state: { type: 'string', enum: ['pending', 'refused', 'sent'] },
    refusal: { type: 'string' },
    messageId: { type: 'string' },
  },
  required: ['id', 'requestId', 'donationId', 'body', 'createdAt', 'attempts', 'state'],
  indexes: ['requestId'],
};

/**
 * Per collection, how to bring a stored document of an older schema version to the current one. Raising a `version`
 * requires an entry here, e.g. `1: (doc) => ({ ...doc, x: '' })`.
 * Replicated collections may also simply drop old documents (`1: () => null`): the next pull brings them back.
 */
export const migrationStrategies = {
  donations: {},
  favorites: {},
  donationrequests: {},
  notifications: {
    // Stores of either list of kinds (before and after issue 46's): the documents need nothing.
    1: (doc: NotificationDocType) => doc,
  },
  messages: {},
  messageoutbox: {},
  outbox: {
    // Entries queued before pickup reports: kept unchanged (no report), so they still replay after the app updates.
    1: (doc: OutboxEntry) => doc,
  },
} as const;
