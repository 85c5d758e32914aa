// The pull requests of the replication, and a fresh device's first pull asked for ahead of RxDB. Light on purpose (no
// RxDB import): local-store starts the first pull as soon as the signed-in account is known, while the engine (RxDB,
// Dexie) still downloads and the database opens, instead of after them.
import type { SyncCheckpoint } from '@foodbridge/shared/schemas/sync';
import { SYNC_PULL_LIMIT_MAX, type SyncCollection } from '@foodbridge/shared/sync-limits';
import { call, type Answer } from '@/lib/api-client';
import { isOnline } from '@/lib/connectivity-store';
import type { LocalCollection } from './sync-store';

/**
 * Pulls take the most the server gives at once: a first sign-in at city scale (10,000 donations) then costs 11
 * requests instead of 21. Later pulls are short anyway. (From sync-limits, not schemas/sync: that one brings every zod
 * schema along, and local-store, which loads right after sign-in, would wait for them before it could ask for
 * anything.)
 */
export const PULL_BATCH = SYNC_PULL_LIMIT_MAX;

export const ENDPOINT: Record<LocalCollection, SyncCollection> = {
  donations: 'donations',
  favorites: 'favorites',
  donationrequests: 'donation-requests',
  notifications: 'notifications',
  messages: 'messages',
};

/** The answer of GET /sync/{collection}/pull: a batch of one of the collections' documents, and its checkpoint. */
export type SyncPull = Answer<'GET /sync/{collection}/pull'>;

/** GET /sync/{collection}/pull after `checkpoint` (from the start without one). */
export function pullAfter(name: LocalCollection, checkpoint: SyncCheckpoint | undefined, batchSize: number): Promise<SyncPull> {
  return call('GET /sync/{collection}/pull', {
    params: { collection: ENDPOINT[name] },
    query: { limit: batchSize, id: checkpoint?.id, seq: checkpoint?.seq },
  });
}

/** A pull's answer and when its request went out (performance.now()). */
export interface Pulled {
  answer: Promise<SyncPull>;
  sentAt: number;
}

/** The first batches of a collection pulled from the start, asked for before the replication needs them. */
export interface FirstPull {
  /**
   * The prefetched answer to the pull after `checkpoint` (from the start when undefined), when it is the next one
   * asked ahead; otherwise null, and nothing more is asked ahead.
   */
  take(checkpoint: SyncCheckpoint | undefined): Pulled | null;
  /** No more batches are wanted. */
  stop(): void;
}

/**
 * Batches asked for ahead of the replication at most: enough to keep the requests going while RxDB loads and writes,
 * few enough that a replication that never starts (another tab leads) wastes little.
 */
const AHEAD = 4;

/**
 * Asks for the collection's first batches from the start, one after another (each needs the previous one's
 * checkpoint), until the server's head or AHEAD batches not yet taken. The replication's pull handler takes them in
 * order; a failed one is simply asked for again by the handler.
 */
export function prefetchFirstPull(name: LocalCollection): FirstPull | undefined {
  if (!isOnline()) return undefined;
  const queue: Array<Pulled & { after: SyncCheckpoint | undefined }> = [];
  let stopped = false;
  // The checkpoint to ask after when the queue has room again (null: the head was reached, or a request failed).
  let resumeAfter: SyncCheckpoint | null = null;

  const ask = (after: SyncCheckpoint | undefined) => {
    resumeAfter = null;
    const answer = pullAfter(name, after, PULL_BATCH);
    queue.push({ after, answer, sentAt: performance.now() });
    answer.then(
      (result) => {
        if (stopped || result.documents.length < PULL_BATCH || !result.checkpoint) return;
        if (queue.length < AHEAD) ask(result.checkpoint);
        else resumeAfter = result.checkpoint;
      },
      // Unhandled until taken: a failure must not reach the console as an unhandled rejection.
      () => undefined,
    );
  };
  ask(undefined);

  return {
    take(checkpoint) {
      const next = queue[0];
      if (stopped || !next || !sameCheckpoint(next.after, checkpoint)) {
        stopped = true;
        return null;
      }
      queue.shift();
      if (resumeAfter) ask(resumeAfter);
      return next;
    },
    stop() {
      stopped = true;
    },
  };
}

function sameCheckpoint(a: SyncCheckpoint | undefined, b: SyncCheckpoint | undefined) {
  return a === b || (a !== undefined && b !== undefined && a.id === b.id && a.seq === b.seq);
}
