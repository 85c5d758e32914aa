// The pickup path, the one action a driver takes at the back door with no signal. Every Confirm Pickup is first
// written to the local outbox (so it survives a reload or a closed app), then sent with its own id as the
// Idempotency-Key. An entry leaves the outbox only on a definite answer: 2xx, or a refusal the driver is shown.
// No RxDB import here: the engine (engine.ts, loaded after sign-in) runs an outbox on the open database, and the
// screens reach it through local-database.ts.
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { PickupReport } from '@foodbridge/shared/schemas/impact';
import { i18n } from '@lingui/core';
import { ApiError, call } from '@/lib/api-client';
import { isOnline } from '@/lib/connectivity-store';
import { notify } from '@/lib/notify';
import { withLock } from '@/lib/web-lock';
import { isTransient, replayLoop, SEND_TIMEOUT_MS } from './outbox-loop';
import type { FoodBridgeDatabase } from './database';
import { requireStore, whenStore } from './local-database';
import { plain, useLocalQuery, type Docs, type LocalResult, type Subscribable } from './local-query';
import type { OutboxEntry } from './schemas';
import { markConfirmed, useSyncStore } from './sync-store';
import { uuid } from './uuid';

/** Whether the donation was given to this charity (accepted for it, or already picked by it). */
export function isGivenTo(donation: Pick<Donation, 'charityEmail'>, email: string | undefined): boolean {
  return Boolean(email) && donation.charityEmail?.toLowerCase() === email?.toLowerCase();
}

/** "Picked by us": the pickup is done, and by this charity. */
export function isPickedBy(donation: Pick<Donation, 'status' | 'charityEmail'> | null | undefined, email: string): boolean {
  return donation?.status === 'Picked' && isGivenTo(donation, email);
}

/**
 * The single call that confirms a pickup on the server, used by the outbox (and directly only where there is no
 * local store). The key makes a repeat after a lost answer return the first answer instead of acting twice. The
 * report is the body; without one the body is `{}` (call's body for a write without one), what the app sent before reports and what the server takes as
 * "no report". The service worker's Background Sync stores this same request, body and key, and replays it as is.
 */
function sendPickupConfirmation(id: string, key: string, report: PickupReport | undefined) {
  return call('PATCH /donations/pickup/{id}', {
    params: { id },
    body: report,
    headers: { 'Idempotency-Key': key },
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
}

/** A service worker controls this page, so a request that fails offline reaches its Background Sync queue. */
const workerControls = () => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

type Outcome = { kind: 'done' } | { kind: 'refused'; message: string } | { kind: 'retry'; message: string };

/** Picked by the caller's charity: under the account's own e-mail (a founder's), or its organisation's (a driver's). */
function pickedByUs(donation: Pick<Donation, 'status' | 'charityEmail'> | null | undefined, emails: ReadonlyArray<string | undefined>): boolean {
  return emails.some((email) => email !== undefined && isPickedBy(donation, email));
}

async function attempt(entry: OutboxEntry, emails: ReadonlyArray<string | undefined>): Promise<Outcome> {
  try {
    await sendPickupConfirmation(entry.donationId, entry.id, entry.report);
    return { kind: 'done' };
  } catch (err) {
    if (!(err instanceof ApiError)) return { kind: 'retry', message: err instanceof Error ? err.message : String(err) };
    if (isTransient(err)) return { kind: 'retry', message: err.message };
    if (err.status === 409) {
      // Already Picked: a success if it was us (e.g. another device, or the same confirmation under an older key, got
      // there first); a refusal if the donation went to someone else meanwhile.
      try {
        const now = await call('GET /donations/{id}', { params: { id: entry.donationId } });
        if (pickedByUs(now, emails)) return { kind: 'done' };
      } catch (check) {
        if (check instanceof ApiError && isTransient(check)) return { kind: 'retry', message: check.message };
      }
    }
    return { kind: 'refused', message: err.message };
  }
}

export interface Outbox {
  /**
   * Queues a confirmation (one pending per donation) with its report, and tries to send it at once. A donation that
   * already waits keeps its first entry and report: a repeat must not send a second, different body under a new key.
   */
  queue(donationId: string, title: string | undefined, report?: PickupReport): Promise<OutboxEntry>;
  /** Sends every pending entry; concurrent calls share one run, and tabs take turns through a Web Lock. */
  replay(): Promise<void>;
  dismiss(id: string): Promise<void>;
  stop(): void;
}

/** The outbox's entries (only those in `state` when given), oldest first. */
export async function readEntries(db: FoodBridgeDatabase, state?: OutboxEntry['state']): Promise<OutboxEntry[]> {
  return byOldest((await db.outbox.find(state ? { selector: { state } } : {}).exec()).map((d) => d.toMutableJSON()));
}

const byOldest = (list: OutboxEntry[]) => list.sort((a, b) => a.createdAt.localeCompare(b.createdAt));

/**
 * `email` is the account's; `charityEmail`, when the account is a member of a charity (lib/remembered-membership),
 * the organisation's, which its pickups carry: a driver's own address is on none of them.
 */
export function createOutbox(
  db: FoodBridgeDatabase,
  email: string,
  onConfirmed: (donationId: string) => void,
  charityEmail: () => string | undefined = () => undefined,
): Outbox {
  const ours = () => [email, charityEmail()];
  const lockName = `foodbridge-outbox-${db.name}`;
  // queue()'s find-then-insert takes its own lock: a double tap, or two tabs, must not create two entries (two keys)
  // for one donation. Not the replay lock, which is held across network calls: a tap must not wait for those. Only
  // queue() inserts pending entries, so the two never need to exclude each other.
  const queueLockName = `foodbridge-outbox-queue-${db.name}`;
  // Entries queued here while online and not yet tried: their success is the tap's own answer ('Pickup confirmed!').
  // Every other success was waiting (queued offline, a failed try, a previous session) and the driver, who saw
  // 'Waiting to sync', is told it went through. Raised by the pass that removed the entry, so once per pickup: a
  // reload or another tab finds no entry left to report.
  const tappedJustNow = new Set<string>();
  const handedToWorker = new Set<string>();

  async function pass(): Promise<{ left: number; progressed: boolean }> {
    let progressed = false;
    let left = 0;
    const confirmed: string[] = [];
    const delivered: string[] = [];
    for (const entry of await readEntries(db, 'pending')) {
      if (loop.stopped) break;
      if (!isOnline() && (handedToWorker.has(entry.id) || !workerControls())) {
        left += 1;
        continue;
      }
      // Offline, each entry is still sent once per page: the send fails at once, and the service worker's fetch
      // handler queues that very request for Background Sync, which sends it when the connection returns even if
      // the app is closed by then (sw.ts). Without this a confirmation made offline would wait for the next open.
      if (!isOnline()) handedToWorker.add(entry.id);
      // Another tab may have finished it while this one waited for the lock.
      const doc = await db.outbox.findOne(entry.id).exec();
      if (!doc || doc.state !== 'pending') continue;
      // The server's own state, replicated here, is a definite answer too: if the donation already shows Picked by
      // us (an answer lost on the way back, or the service worker's Background Sync got there first), it is done.
      const local = await db.donations.findOne(entry.donationId).exec();
      const outcome: Outcome = pickedByUs(local, ours()) ? { kind: 'done' } : await attempt(entry, ours());
      if (outcome.kind === 'done') {
        await doc.remove();
        progressed = true;
        markConfirmed(entry.donationId);
        onConfirmed(entry.donationId);
        (tappedJustNow.has(entry.id) ? confirmed : delivered).push(entry.title ?? '');
        tappedJustNow.delete(entry.id);
      } else if (outcome.kind === 'refused') {
        await doc.incrementalPatch({ state: 'refused', refusal: outcome.message, attempts: doc.attempts + 1 });
        progressed = true;
        tappedJustNow.delete(entry.id);
        notify.error(i18n._('pickupReport.failure'), outcome.message);
      } else {
        tappedJustNow.delete(entry.id);
        left += 1;
        await doc.incrementalPatch({ attempts: doc.attempts + 1, lastError: outcome.message });
      }
    }
    // One toast per pass: twenty confirmations queued at a dead spot arrive together (in the language active then).
    if (confirmed.length === 1) notify.success(i18n._('outbox.confirmed'), confirmed[0] || undefined);
    else if (confirmed.length > 1) notify.success(i18n._('outbox.confirmed'), i18n._('outbox.confirmedCount', { count: confirmed.length }));
    if (delivered.length === 1) notify.success(i18n._('outbox.sent'), delivered[0] || undefined);
    else if (delivered.length > 1) notify.success(i18n._('outbox.sent'), i18n._('outbox.sentCount', { count: delivered.length }));
    return { left, progressed };
  }

  const loop = replayLoop(lockName, pass, 'outbox');
  const { replay } = loop;

  return {
    async queue(donationId, title, report) {
      const entry = await withLock(queueLockName, async () => {
        const existing = await db.outbox.findOne({ selector: { donationId, state: 'pending' } }).exec();
        if (existing) return existing.toMutableJSON();
        const doc = await db.outbox.insert({
          id: uuid(),
          donationId,
          ...(title ? { title } : {}),
          ...(report ? { report } : {}),
          createdAt: new Date().toISOString(),
          attempts: 0,
          state: 'pending',
        });
        return doc.toMutableJSON();
      });
      if (isOnline() && entry.attempts === 0) tappedJustNow.add(entry.id);
      void replay();
      return entry;
    },
    replay,
    async dismiss(id) {
      await (await db.outbox.findOne(id).exec())?.remove();
    },
    stop: () => loop.stop(),
  };
}

/**
 * Confirm Pickup, everywhere in the app. Normally the confirmation goes to the outbox first (shown as 'Waiting to
 * sync' until the server answers; the outbox then says 'Pickup confirmed!' or shows the refusal). Only a browser
 * without a local store sends it straight away: 'sent' then tells the caller to show the donation's new state, and
 * a refusal is thrown for the caller to show. The report (weight, outcome, note) travels with the confirmation.
 */
export async function confirmPickup(
  donationId: string,
  title?: string,
  report?: PickupReport,
): Promise<{ queued: OutboxEntry } | { sent: true }> {
  if (useSyncStore.getState().unavailable) {
    await sendPickupConfirmation(donationId, uuid(), report);
    notify.success(i18n._('outbox.confirmed'));
    return { sent: true };
  }
  const queued = await (await whenStore()).outbox.queue(donationId, title, report);
  if (!isOnline()) notify.info(i18n._('sync.waiting'), i18n._('outbox.savedOffline'));
  return { queued };
}

export async function dismissPickupRefusal(entryId: string): Promise<void> {
  await requireStore().outbox.dismiss(entryId);
}

/** Every outbox entry (pending and refused), oldest first. */
function useOutbox(enabled = true): LocalResult<OutboxEntry[]> {
  return useLocalQuery(
    'outbox',
    'all',
    enabled ? (db) => db.outbox.find().$ as Subscribable<Docs<OutboxEntry>> : null,
    (docs) => byOldest(plain(docs)),
    () => false,
  );
}

/** This donation's pickup confirmation still in the outbox (waiting to sync, or refused), if any. */
export function usePickupEntry(donationId: string, enabled: boolean): OutboxEntry | undefined {
  const outbox = useOutbox(enabled);
  const mine = outbox.data?.filter((e) => e.donationId === donationId);
  return mine?.find((e) => e.state === 'pending') ?? mine?.[0];
}

/** Pickup confirmations on this device: which donations wait to sync, and which the server refused. */
export function usePickupOutbox(): { waiting: Set<string>; refused: OutboxEntry[] } {
  const { data } = useOutbox();
  const waiting = new Set<string>();
  const refused: OutboxEntry[] = [];
  for (const entry of data ?? []) {
    if (entry.state === 'pending') waiting.add(entry.donationId);
    else refused.push(entry);
  }
  return { waiting, refused };
}
