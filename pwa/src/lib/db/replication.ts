// RxDB's HTTP replication against the sync-server (docs/decisions/002-replication.md): a checkpoint pull per
// collection, the server-sent-events stream for live changes, and push for favourites only (the other collections
// change through their own REST actions). Only the leader tab replicates; the others see its writes through RxDB.
import { Observable, share } from 'rxjs';
import type { RxCollection, RxReplicationPullStreamItem, RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb/plugins/core';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import type { Role } from '@foodbridge/shared/constants';
import {
  SYNC_COLLECTIONS,
  SYNC_PUSH_MAX_ROWS,
  SYNC_RESYNC,
  type SyncCheckpoint,
  type SyncCollection,
  type SyncPullResult,
} from '@foodbridge/shared/schemas/sync';
import { ApiError, call } from '@/lib/api-client';
import { isOnline, isUnreachableError, noteServerReach } from '@/lib/connectivity-store';
import type { FoodBridgeDatabase } from './database';
import { explainFavoriteConflict } from './favorite-conflicts';
import { ENDPOINT, PULL_BATCH, pullAfter, type FirstPull } from './first-pull';
import { endStaging, stagePulled } from './live-list';
import type { FavoriteDocType } from './schemas';
import type { LocalCollection } from './sync-store';

/**
 * The other collections start once donations' first sync is through, written and not only pulled (or failed, or after
 * this long at most): at sign-in on a fresh device their requests, streams, storage set-up and writes would otherwise
 * compete with the 10,000 donations that All Donations waits for, and they are small. (Released when the last batch
 * had been pulled, they opened their storage while the largest write, the one the list waits for, ran.)
 */
const OTHERS_AFTER_MS = 5_000;
const RETRY_MS = 3_000;
const STREAM_BACKOFF_MAX_MS = 30_000;
/** How often an open, quiet stream refreshes 'Last synced' (the server's heartbeats are invisible to EventSource). */
const LIVE_TICK_MS = 30_000;

export interface ReplicationEvents {
  /** A pull reached the server's head (or the stream delivered live changes). */
  onPulled(collection: LocalCollection): void;
  /** The live stream is connected: the device is as current as the server's last announcement. */
  onLive(collection: LocalCollection): void;
  /** A replication request failed; the message is already the user-readable one. */
  onError(message: string): void;
}

export interface Replications {
  reSync(): void;
  flush(): Promise<void>;
  cancel(): Promise<void>;
}

/**
 * A database null must never reach RxDB (a document failing the schema stalls the loop): absent instead. A document
 * without nulls is handed on as it is, and no [key, value] array is made per field: at a first sync this runs for
 * 10,000 documents on the thread that writes them (Object.entries took ~60 ms of it).
 */
export function dropNulls<T>(doc: T): T {
  const data = doc as Record<string, unknown>;
  let hasNull = false;
  for (const key in data) {
    if (data[key] === null) {
      hasNull = true;
      break;
    }
  }
  if (!hasNull) return doc;
  const out: Record<string, unknown> = {};
  for (const key in data) if (data[key] !== null) out[key] = data[key];
  return out as T;
}

/** How long a stream asking for a ticket waits for others to ask too (the collections start within a few ms). */
const TICKET_GATHER_MS = 25;
let waitingForTickets: Array<(ticket: string | null) => void> = [];

/**
 * A ticket that opens one stream within a minute (POST /sync/stream-ticket), or null when none could be had. Streams
 * that ask at the same moment share one request (`?count=`): a repeat visit opens four or five at once, and each
 * request is half a kilobyte of headers on a weak connection.
 */
function streamTicket(): Promise<string | null> {
  return new Promise((resolve) => {
    waitingForTickets.push(resolve);
    if (waitingForTickets.length === 1) setTimeout(() => void handOutTickets(), TICKET_GATHER_MS);
  });
}

async function handOutTickets() {
  const waiting = waitingForTickets.slice(0, SYNC_COLLECTIONS.length);
  waitingForTickets = waitingForTickets.slice(waiting.length);
  if (waitingForTickets.length) setTimeout(() => void handOutTickets(), 0);
  let tickets: string[] = [];
  try {
    const answer = await call('POST /sync/stream-ticket', waiting.length > 1 ? { query: { count: waiting.length } } : {});
    tickets = answer.tickets ?? [answer.ticket];
  } catch {
    // Offline, signed out or refused: the callers retry with backoff, and replication's own errors say why.
  }
  waiting.forEach((resolve, i) => resolve(tickets[i] ?? null));
}

/**
 * When a RESYNC of the stream reaches RxDB. RxDB hands every RESYNC to its upstream too, which then reads every
 * document written since its last checkpoint, 100 at a time, even for a collection that pushes nothing. The stream
 * opens (and says RESYNC) while a first sync of 10,000 donations is still being pulled and written: that read chased
 * the pull's writes through the whole collection (~100 reads and checkpoint writes) and live changes waited for it.
 * So a RESYNC that comes before the replication is first in sync waits for it, and is dropped when a pull begun after
 * it reached the server's head: that pull already brought whatever the stream might have missed before it opened.
 */
export function resyncGate(settled: Promise<unknown>) {
  let headAfter = -1;
  let isSettled = false;
  void settled.then(() => (isSettled = true));
  return {
    /** A pull sent at `sentAt` (performance.now()) came back short: the server had nothing newer when it answered. */
    reachedHead(sentAt: number) {
      headAfter = Math.max(headAfter, sentAt);
    },
    /** The stream asks for a resync; `emit` hands it to RxDB. */
    ask(emit: () => void) {
      if (isSettled) return emit();
      const askedAt = performance.now();
      void settled.then(() => {
        if (headAfter <= askedAt) emit();
      });
    },
  };
}

export type ResyncGate = ReturnType<typeof resyncGate>;

/**
 * The collection's SSE stream as an observable: it connects when RxDB subscribes (on leadership) and closes when
 * the replication is cancelled. It reconnects with backoff and a fresh ticket; the server's first message on every
 * connection is RESYNC, which makes RxDB pull whatever was missed while disconnected (through `gate`, see
 * resyncGate).
 */
export function pullStream<T>(
  endpoint: SyncCollection,
  onData: () => void,
  onLive: () => void,
  gate?: Pick<ResyncGate, 'ask'>,
): Observable<RxReplicationPullStreamItem<T, SyncCheckpoint>> {
  return new Observable<RxReplicationPullStreamItem<T, SyncCheckpoint>>((subscriber) => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    // Bumped by every connect(): the 'online' handler and the reconnect timer may overlap, and only the latest may
    // open a source (an older one would never be closed, and would keep a slot of the account's streams).
    let generation = 0;
    let closed = false;
    const resync = () => {
      const emit = () => {
        if (!closed) subscriber.next('RESYNC');
      };
      if (gate) gate.ask(emit);
      else emit();
    };

    const disconnect = () => {
      source?.close();
      source = null;
      clearTimeout(timer);
    };
    const schedule = () => {
      if (closed) return;
      const delay = Math.min(STREAM_BACKOFF_MAX_MS, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
      attempt += 1;
      timer = setTimeout(() => void connect(), delay);
    };
    const connect = async () => {
      const mine = ++generation;
      disconnect();
      // Offline: the 'online' listener below reconnects at once when the network returns.
      if (closed || !isOnline()) return;
      // EventSource cannot send an Authorization header, and a token in the address would land in proxy logs: a
      // single-use ticket, asked for with the token (refreshed first when about to expire), opens the stream.
      const ticket = await streamTicket();
      if (closed || mine !== generation) return;
      if (!ticket) return schedule();
      disconnect();
      const es = new EventSource(`/sync/${endpoint}/pull/stream?ticket=${encodeURIComponent(ticket)}`);
      source = es;
      es.onopen = () => {
        attempt = 0;
      };
      es.onmessage = (e: MessageEvent<string>) => {
        if (e.data === SYNC_RESYNC) {
          resync();
          return;
        }
        try {
          const batch = JSON.parse(e.data) as SyncPullResult<WithDeleted<T>>;
          if (!batch.checkpoint) return;
          subscriber.next({ documents: batch.documents, checkpoint: batch.checkpoint });
          onData();
        } catch (err) {
          console.error(`[sync] unreadable ${endpoint} stream message`, err);
        }
      };
      // Also fires when the server ends the stream. The browser's own retry would reuse the spent ticket and stops
      // for good on a 401, so every reconnect is ours, each with a new ticket.
      es.onerror = () => {
        if (source !== es) return;
        disconnect();
        schedule();
      };
    };
    const onOnline = () => {
      attempt = 0;
      void connect();
    };
    const onOffline = () => disconnect();

    const tick = setInterval(() => {
      if (source?.readyState === EventSource.OPEN && isOnline()) onLive();
    }, LIVE_TICK_MS);

    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    void connect();
    return () => {
      closed = true;
      clearInterval(tick);
      disconnect();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }).pipe(share());
}

function pullHandler<T>(
  name: LocalCollection,
  events: ReplicationEvents,
  gate: ResyncGate,
  prefetched?: FirstPull,
  stage?: (docs: WithDeleted<T>[]) => void,
) {
  return async (checkpoint: SyncCheckpoint | undefined, batchSize: number) => {
    const early = batchSize === PULL_BATCH ? prefetched?.take(checkpoint) : null;
    let answer: SyncPullResult<unknown> | null = early ? await early.answer.catch(() => null) : null;
    let sentAt = early?.sentAt ?? 0;
    if (!answer) {
      // Certainly offline: fail without a request (RxDB retries, and at once when the browser goes online).
      if (!isOnline()) throw new ApiError(0, 'Offline');
      sentAt = performance.now();
      answer = await pullAfter(name, checkpoint, batchSize);
    }
    // The route answers a batch of any collection (the union of the four); `name` chose the one whose documents
    // this handler's T describes. The route's declaration cannot say which from the parameter.
    const result = answer as SyncPullResult<WithDeleted<T>>;
    stage?.(result.documents);
    // A short batch means the server has nothing newer: this collection is up to date as of now.
    if (result.documents.length < batchSize) {
      prefetched?.stop();
      gate.reachedHead(sentAt);
      events.onPulled(name);
    }
    return { documents: result.documents, checkpoint: result.checkpoint ?? checkpoint };
  };
}

/** The handler's error inside a replication error (RxDB wraps them in RC_PULL / RC_PUSH, as plain copies). */
const causeOf = (err: unknown) => (err as { parameters?: { errors?: Array<{ message?: string; code?: string; status?: number }> } })?.parameters?.errors?.[0];

/** The readable cause of a replication error. */
function describe(err: unknown): string {
  const inner = causeOf(err)?.message;
  if (inner) return inner;
  return err instanceof Error ? err.message : String(err);
}

/**
 * What a replication error means for the status line: no answer from the server (the request never got one, or a
 * gateway's 502-504) is a question of reach, which the status line asks the server about and clears by itself when
 * it answers; anything else is a sync problem worth showing until a pull succeeds. (A 'will retry' problem left
 * standing after the connection came back was the status line contradicting the outbox's 'sent'.)
 */
export function replicationTrouble(err: unknown): { unreachable: true } | { unreachable: false; message: string } {
  const cause = causeOf(err) ?? err;
  const network = (cause as { code?: string } | null)?.code === 'auth/network-request-failed' || isUnreachableError(cause);
  return network ? { unreachable: true } : { unreachable: false, message: describe(err) };
}

function replicate<T>(
  collection: RxCollection<T>,
  name: LocalCollection,
  events: ReplicationEvents,
  options: {
    push?: (rows: RxReplicationWriteToMasterRow<T>[]) => Promise<WithDeleted<T>[]>;
    prefetched?: FirstPull;
    after?: Promise<unknown>;
    /**
     * Shows the first sync's pulled batches (as the modifier makes them) in the collection's lists before they are
     * written: stagePulled. Not for a collection that pushes (a local change must not hide behind a staged state).
     */
    stage?: (docs: WithDeleted<T>[]) => void;
  } = {},
): RxReplicationState<T, SyncCheckpoint> {
  const { push, prefetched, after } = options;
  const stage = push ? undefined : options.stage;
  let settle: () => void = () => undefined;
  const gate = resyncGate(new Promise<void>((resolve) => (settle = resolve)));
  // Pulled means on screen. The first sync's last batch is fetched while up to half of the batches before it still
  // wait to be written (10,000 donations: ~1 s), and a screen told 'pulled' stops holding its answers back (see
  // local-query.ts): it then redrew its whole list for every write, time the writes waited for. So the first sync
  // says so once it is written, or, for a collection whose lists show its batches staged, as soon as the last is
  // pulled: the writes then change nothing on screen. (Not for a collection that pushes: its first sync also waits
  // for its push.)
  let written = Boolean(push);
  let staging = Boolean(stage);
  let headReached = false;
  const pulled = () => {
    if (written) events.onPulled(name);
    else headReached = true;
  };
  const state = replicateRxCollection<T, SyncCheckpoint>({
    replicationIdentifier: `foodbridge-${name}-via-/sync/${ENDPOINT[name]}`,
    collection,
    live: true,
    retryTime: RETRY_MS,
    waitForLeadership: true,
    autoStart: !after,
    pull: {
      handler: pullHandler<T>(
        name,
        {
          ...events,
          onPulled: () => {
            // The last batch is staged: on screen, though not yet written.
            if (stage) written = true;
            pulled();
          },
        },
        gate,
        prefetched,
        stage &&
          ((docs) => {
            if (staging) stage(docs.map(dropNulls));
          }),
      ),
      batchSize: PULL_BATCH,
      stream$: pullStream<T>(
        ENDPOINT[name],
        pulled,
        () => events.onLive(name),
        gate,
      ),
      modifier: dropNulls,
    },
    ...(push ? { push: { handler: push, batchSize: SYNC_PUSH_MAX_ROWS } } : {}),
  });
  // In sync, not only first-synced: the upstream must also have recorded the first pull's writes, or the RESYNC makes
  // it read them again.
  void state.awaitInSync().then(settle, () => undefined);
  if (!written) {
    void state.awaitInitialReplication().then(
      () => {
        written = true;
        if (headReached) events.onPulled(name);
      },
      () => undefined,
    );
  }
  if (stage) {
    const done = () => {
      staging = false;
      endStaging(collection);
    };
    const watch = state.canceled$.subscribe((canceled: boolean) => canceled && done());
    const finish = () => {
      done();
      watch.unsubscribe();
    };
    void state.awaitInitialReplication().then(finish, finish);
  }
  state.error$.subscribe((err) => {
    // Offline failures are expected and the status line already says Offline.
    if (!isOnline()) return;
    const trouble = replicationTrouble(err);
    if (trouble.unreachable) {
      noteServerReach(false);
      return;
    }
    console.error(`[sync] ${name}:`, trouble.message, err);
    events.onError(trouble.message);
  });
  // Started later (see OTHERS_AFTER_MS): on leadership, as RxDB itself would.
  if (after) {
    void after.then(async () => {
      if (state.isStopped()) return;
      await collection.database.waitForLeadership();
      if (!state.isStopped()) await state.start().catch(() => undefined);
    });
  }
  return state;
}

/**
 * Starts replicating every collection this role may read. Requests are not shown to plain users (403), messages only
 * to restaurants and charities. Donations go
 * first: the others start when donations' first sync is written or failed (offline, say), and after OTHERS_AFTER_MS
 * at the latest.
 */
export function startReplication(
  db: FoodBridgeDatabase,
  role: Role,
  events: ReplicationEvents,
  prefetched?: FirstPull,
): Replications {
  const states: RxReplicationState<any, SyncCheckpoint>[] = [];
  let othersGo: () => void = () => undefined;
  const donationsFirst = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, OTHERS_AFTER_MS);
    othersGo = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  const donations = replicate(db.donations, 'donations', events, { prefetched, stage: (docs) => stagePulled(db.donations, docs) });
  void donations.awaitInitialReplication().then(othersGo, othersGo);
  const errorSub = donations.error$.subscribe(() => othersGo());
  void donationsFirst.then(() => errorSub.unsubscribe());
  states.push(donations);

  const favorites = replicate<FavoriteDocType>(db.favorites, 'favorites', events, {
    push: (rows) => call('POST /sync/{collection}/push', { params: { collection: 'favorites' }, body: rows }),
    after: donationsFirst,
  });
  favorites.conflict$.subscribe(explainFavoriteConflict);
  states.push(favorites);

  if (role !== 'user') states.push(replicate(db.donationrequests, 'donationrequests', events, { after: donationsFirst }));
  states.push(replicate(db.notifications, 'notifications', events, { after: donationsFirst }));
  // The conversations of a restaurant's or a charity's (issue 48); admins read them online, one at a time.
  if (role === 'restaurant' || role === 'charity') states.push(replicate(db.messages, 'messages', events, { after: donationsFirst }));

  return {
    reSync: () => states.forEach((s) => s.reSync()),
    // Pushes favourites changed offline before the database goes away (log-out), starting them now if need be.
    flush: () => {
      othersGo();
      return favorites.awaitInSync().then(() => undefined);
    },
    cancel: async () => {
      othersGo();
      await Promise.all(states.map((s) => s.cancel().catch(() => undefined)));
    },
  };
}
