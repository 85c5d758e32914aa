// The replication's plain numbers and names, apart from its zod schemas (schemas/sync.ts re-exports them): the
// app's first pull starts right after sign-in and imports these without waiting for every schema to download.

/**
 * RxDB HTTP replication (docs/decisions/002-replication.md): one pull, push and pull-stream endpoint per collection
 * under `/sync/{collection}/...`. The collection names are the URL segments.
 */
export const SYNC_COLLECTIONS = ['donations', 'favorites', 'donation-requests', 'notifications', 'messages'] as const;
export type SyncCollection = (typeof SYNC_COLLECTIONS)[number];
/** Only favourites are written through replication; donations and requests change through the REST API. */
export const SYNC_PUSH_COLLECTIONS: readonly SyncCollection[] = ['favorites'];

export const SYNC_PULL_LIMIT_DEFAULT = 500;
export const SYNC_PULL_LIMIT_MAX = 1000;
export const SYNC_PUSH_MAX_ROWS = 200;
export const SYNC_HEARTBEAT_MS = 15_000;
/** The pull stream's first message, and the one after every reconnect: the client re-runs its checkpoint pull. */
export const SYNC_RESYNC = 'RESYNC';
/** Dates of a tombstone that carries no data of its own (a row the caller may not or no longer see). */
export const SYNC_TOMBSTONE_DATE = '1970-01-01T00:00:00.000Z';
