// Proof-of-pickup photos on the driver's device (issue 49.3). Each photo, already resized (lib/photos/resize.ts), is
// written with the pickup's confirmation to a small IndexedDB database of its own, `foodbridge-photos` (not an RxDB
// collection: the free build caps their number, and a Blob is stored there as it is), and survives a reload or a
// closed app. It is then uploaded in 256 KiB chunks under an id chosen here (the resumable protocol of
// /work/notes/pickup-photos-protocol.md): after any break the server is asked how much it holds (HEAD) and the upload
// continues from there, never from the start; the server's answer to the last byte, given again for a repeat, makes it
// exactly once. A refusal stays on the device with its reason until the driver dismisses it. The passes take turns
// with the other outboxes' rhythm (outbox-loop.ts): at start, on 'online', after each pull, after a confirmation went.
import { create } from 'zustand';
import { PICKUP_PHOTOS_MAX } from '@foodbridge/shared/constants';
import type { PickupReport } from '@foodbridge/shared/schemas/impact';
import { i18n } from '@lingui/core';
import { addressOf, ApiError, failureOf, send } from '@/lib/api-client';
import { isOnline } from '@/lib/connectivity-store';
import { notify } from '@/lib/notify';
import type { ResizedPhoto } from '@/lib/photos/resize';
import { requirePhotoOutbox } from './local-database';
import { isTransient, replayLoop, type PassResult } from './outbox-loop';
import { confirmPickup } from './pickup-outbox';
import type { OutboxEntry } from './schemas';
import { useSyncStore } from './sync-store';
import { uuid } from './uuid';

/**
 * The routes outside the JSON table that the app calls itself: the resumable upload of a pickup's photos (its HEAD
 * says how many bytes the server holds, in headers; its PATCH carries raw bytes). Named like the table's, and kept
 * here rather than in api-client: the signed-out home page's start-up chunk, which holds api-client, has no byte to
 * spare.
 */
type RawRouteKey = 'HEAD /donations/pickup/{donationId}/photos/{photoId}' | 'PATCH /donations/pickup/{donationId}/photos/{photoId}';
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

/**
 * Calls a raw route with the account's token (refreshed once when expired, as for every call) and hands back the
 * answer as it is: the caller reads its status and headers, and a refusal's reason with failureOf. A lost connection
 * rejects with an ApiError of status 0.
 */
function sendRaw<K extends RawRouteKey>(
  key: K,
  input: { params: Record<PathParams<K>, string>; body?: Blob; headers?: Record<string, string>; signal?: AbortSignal },
): Promise<Response> {
  const method = key.slice(0, key.indexOf(' '));
  const { params, body, ...opts } = input;
  return send(method, addressOf(key, { params }), body, opts);
}

/** The chunk of every PATCH: about 14 s on a 150 kbit/s uplink, and what a broken upload loses at most. */
export const CHUNK_BYTES = 256 * 1024;
/** A chunk's answer may take a while on such a link; no answer by then counts as a break (the next pass resumes). */
export const CHUNK_TIMEOUT_MS = 60_000;

export const PHOTO_DATABASE = 'foodbridge-photos';
const STORE = 'photos';

export interface PhotoEntry {
  /** The upload's photoId on the server, chosen here. */
  id: string;
  /** The account's local database (its name): another account's photos are never sent, and are removed. */
  account: string;
  donationId: string;
  /** The donation's title, for the refusal's card. */
  title?: string;
  blob: Blob;
  type: string;
  size: number;
  /** Bytes the server is known to hold (a hint: after a break the server is asked). */
  offset: number;
  createdAt: string;
  /** Passes that broke off on this photo; from the first on, each pass asks the server what it holds first. */
  attempts: number;
  state: 'pending' | 'refused';
  refusal?: string;
}

/** An entry as the screens see it: everything but the bytes. */
export type PhotoSummary = Omit<PhotoEntry, 'blob'>;

// ---- The database: plain IndexedDB, one object store keyed by id; a few entries, so every read takes them all.

export interface PhotoStore {
  all(): Promise<PhotoEntry[]>;
  get(id: string): Promise<PhotoEntry | undefined>;
  put(...entries: PhotoEntry[]): Promise<void>;
  remove(...ids: string[]): Promise<void>;
  clear(): Promise<void>;
  close(): void;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Opens (creating it the first time) the photo database of `factory` (the browser's, or a test's). */
export async function openPhotoStore(factory: IDBFactory = indexedDB): Promise<PhotoStore> {
  const open = factory.open(PHOTO_DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'id' });
  const db = await done(open);
  // A later version opened in another tab (after an update) must not wait for this one to be closed by hand.
  db.onversionchange = () => db.close();
  const write = async (work: (store: IDBObjectStore) => void) => {
    const tx = db.transaction(STORE, 'readwrite');
    work(tx.objectStore(STORE));
    await finished(tx);
  };
  return {
    all: () => done(db.transaction(STORE).objectStore(STORE).getAll() as IDBRequest<PhotoEntry[]>),
    get: (id) => done(db.transaction(STORE).objectStore(STORE).get(id) as IDBRequest<PhotoEntry | undefined>),
    put: (...entries) => write((store) => entries.forEach((e) => store.put(e))),
    remove: (...ids) => write((store) => ids.forEach((id) => store.delete(id))),
    clear: () => write((store) => store.clear()),
    close: () => db.close(),
  };
}

/** Where IndexedDB cannot be opened: the photos then wait in this page only (a reload loses them). */
export function memoryPhotoStore(): PhotoStore {
  const entries = new Map<string, PhotoEntry>();
  return {
    all: async () => [...entries.values()],
    get: async (id) => entries.get(id),
    put: async (...list) => list.forEach((e) => entries.set(e.id, e)),
    remove: async (...ids) => ids.forEach((id) => entries.delete(id)),
    clear: async () => entries.clear(),
    close: () => undefined,
  };
}

/** Every photo left on the device goes (sign-out: a shared phone must not keep the previous driver's photos). */
export async function clearPhotos(factory?: IDBFactory): Promise<void> {
  if (!factory && typeof indexedDB === 'undefined') return;
  const store = await openPhotoStore(factory);
  try {
    await store.clear();
  } finally {
    store.close();
  }
  usePhotoQueue.setState({ entries: [] });
  channel?.postMessage('changed');
}

// ---- What the screens read: the active account's photos without their bytes, kept fresh by the outbox (and by
// the other tabs' outboxes, through a BroadcastChannel).

export const usePhotoQueue = create<{ entries: PhotoSummary[] }>(() => ({ entries: [] }));
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('foodbridge-photos') : null;

const summaryOf = ({ blob: _blob, ...rest }: PhotoEntry): PhotoSummary => rest;
const byOldest = (a: { createdAt: string }, b: { createdAt: string }) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);

/** How many of this donation's photos wait to be uploaded from this device. */
export function usePhotosWaiting(donationId: string): number {
  return usePhotoQueue((s) => s.entries.reduce((n, e) => (e.donationId === donationId && e.state === 'pending' ? n + 1 : n), 0));
}

const NONE: PhotoSummary[] = [];
/** The photos the server refused (all of them, or this donation's), kept until dismissed. */
export function usePhotoRefusals(donationId?: string): PhotoSummary[] {
  const entries = usePhotoQueue((s) => s.entries);
  const refused = entries.filter((e) => e.state === 'refused' && (donationId === undefined || e.donationId === donationId));
  return refused.length ? refused : NONE;
}

// ---- The upload of one photo.

type Outcome = { kind: 'done' } | { kind: 'refused'; message: string } | { kind: 'retry'; message: string; offset: number; progressed: boolean };

const UPLOAD_TYPE = 'application/offset+octet-stream';

/** A byte count from an `Upload-Offset` header, or null when it is missing or not one. */
function offsetHeader(res: Response): number | null {
  const value = res.headers.get('Upload-Offset')?.trim() ?? '';
  return /^\d{1,12}$/.test(value) ? Number(value) : null;
}

/** A signal that fires on `stop` or after `ms` (AbortSignal.any is too recent for the phones this runs on). */
function deadline(stop: AbortSignal, ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, ms);
  stop.addEventListener('abort', abort);
  if (stop.aborted) abort();
  return { signal: controller.signal, clear: () => (clearTimeout(timer), stop.removeEventListener('abort', abort)) };
}

async function call(stop: AbortSignal, send: (signal: AbortSignal) => Promise<Response>): Promise<Response> {
  const { signal, clear } = deadline(stop, CHUNK_TIMEOUT_MS);
  try {
    return await send(signal);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // Our own timeout or stop (an AbortError): as good as a lost connection.
    throw new ApiError(0, err instanceof Error ? err.message : String(err), 'auth/network-request-failed');
  } finally {
    clear();
  }
}

/**
 * Sends what the server does not hold yet of `entry`, chunk after chunk, telling `saved` each offset the server
 * confirmed. Asks the server first (HEAD) when an earlier try broke off: the answer to its last chunk may have been
 * lost after the server stored it, or the chunk lost before.
 */
export async function uploadPhoto(entry: PhotoEntry, saved: (offset: number) => Promise<void>, stop: AbortSignal): Promise<Outcome> {
  const params = { donationId: entry.donationId, photoId: entry.id };
  let offset = entry.offset;
  let progressed = false;
  // Mismatches in a row: a server that keeps naming an offset this device cannot send from is not followed forever.
  let mismatches = 0;
  try {
    if (entry.attempts > 0) {
      const res = await call(stop, (signal) => sendRaw('HEAD /donations/pickup/{donationId}/photos/{photoId}', { params, signal }));
      if (res.status === 404) offset = 0;
      else if (res.ok) {
        const held = offsetHeader(res);
        if (held === null || held > entry.size) return { kind: 'retry', message: `Unexpected upload offset (${res.status})`, offset, progressed };
        offset = held;
      } else {
        const err = await failureOf(res);
        return isTransient(err) ? { kind: 'retry', message: err.message, offset, progressed } : { kind: 'refused', message: err.message };
      }
    }
    for (;;) {
      if (stop.aborted) return { kind: 'retry', message: 'stopped', offset, progressed };
      const from = offset;
      const chunk = entry.blob.slice(from, Math.min(from + CHUNK_BYTES, entry.size));
      const res = await call(stop, (signal) =>
        sendRaw('PATCH /donations/pickup/{donationId}/photos/{photoId}', {
          params,
          body: chunk,
          headers: { 'Upload-Offset': String(from), 'Upload-Length': String(entry.size), 'Content-Type': UPLOAD_TYPE },
          signal,
        }),
      );
      // 201: the last byte arrived now; 200: it had already (a repeat after a lost answer). Either way, once.
      if (res.status === 200 || res.status === 201) return { kind: 'done' };
      const held = offsetHeader(res);
      if (res.ok) {
        if (held === null || held <= from || held > entry.size) return { kind: 'retry', message: `Unexpected upload offset (${res.status})`, offset, progressed };
        offset = held;
        progressed = true;
        mismatches = 0;
        await saved(offset);
        continue;
      }
      // The server holds another count of bytes than this device thought: continue from the server's.
      if (res.status === 409 && held !== null && held <= entry.size && held !== from && mismatches < 3) {
        offset = held;
        mismatches += 1;
        await saved(offset);
        continue;
      }
      // Any other 409 (too many photos for this pickup) is a refusal like the other 4xx.
      const err = await failureOf(res);
      return isTransient(err) ? { kind: 'retry', message: err.message, offset, progressed } : { kind: 'refused', message: err.message };
    }
  } catch (err) {
    return { kind: 'retry', message: err instanceof Error ? err.message : String(err), offset, progressed };
  }
}

// ---- The outbox.

export interface PhotoOutbox {
  /** Keeps the photos on the device for this donation's pickup and uploads them when their confirmation has gone. */
  queue(donationId: string, title: string | undefined, photos: readonly ResizedPhoto[]): Promise<PhotoSummary[]>;
  replay(): Promise<void>;
  dismiss(id: string): Promise<void>;
  stop(): void;
}

export interface PhotoOutboxOptions {
  store: PhotoStore;
  /** The account's local database name: the entries are this account's. */
  account: string;
  /**
   * Whether this donation's confirmation still waits in the pickup outbox: its photos go after it, so that on a weak
   * link the few bytes that matter most are not queued behind megabytes.
   */
  confirmationWaits: (donationId: string) => Promise<boolean>;
}

export function createPhotoOutbox({ store, account, confirmationWaits }: PhotoOutboxOptions): PhotoOutbox {
  const stopping = new AbortController();

  async function publish(): Promise<void> {
    const entries = (await store.all()).filter((e) => e.account === account).sort(byOldest);
    if (!stopping.signal.aborted) usePhotoQueue.setState({ entries: entries.map(summaryOf) });
  }
  /** This tab's view, and the other tabs'. */
  async function changed(): Promise<void> {
    await publish();
    channel?.postMessage('changed');
  }
  const onMessage = () => void publish().catch(() => undefined);
  channel?.addEventListener('message', onMessage);

  async function pass(): Promise<PassResult> {
    let left = 0;
    let progressed = false;
    let uploaded = 0;
    const all = await store.all();
    // Another account's photos (a phone passed on without signing out): never sent with this account's token.
    const others = all.filter((e) => e.account !== account).map((e) => e.id);
    if (others.length) await store.remove(...others);
    for (const entry of all.filter((e) => e.account === account && e.state === 'pending').sort(byOldest)) {
      if (stopping.signal.aborted || !isOnline()) {
        left += 1;
        continue;
      }
      if (await confirmationWaits(entry.donationId)) {
        left += 1;
        continue;
      }
      // Another tab may have finished it while this one waited for the lock.
      const current = await store.get(entry.id);
      if (current?.state !== 'pending') continue;
      const outcome = await uploadPhoto(current, (offset) => store.put({ ...current, offset }).then(changed), stopping.signal);
      if (outcome.kind === 'done') {
        await store.remove(current.id);
        progressed = true;
        uploaded += 1;
      } else if (outcome.kind === 'refused') {
        await store.put({ ...current, state: 'refused', refusal: outcome.message, attempts: current.attempts + 1 });
        progressed = true;
        notify.error(i18n._('pickupPhotos.refused'), outcome.message);
      } else {
        left += 1;
        progressed ||= outcome.progressed;
        // Stopped for sign-out: the database is about to be emptied.
        if (!stopping.signal.aborted) await store.put({ ...current, offset: outcome.offset, attempts: current.attempts + 1 });
      }
      if (!stopping.signal.aborted) await changed();
    }
    // One toast per pass; none once stopped (signed out, or another account's store now).
    if (uploaded > 0 && !stopping.signal.aborted) notify.success(i18n._('pickupPhotos.uploaded', { count: uploaded }));
    return { left, progressed };
  }

  const loop = replayLoop(`foodbridge-photo-outbox-${account}`, pass, 'photo outbox');
  void publish().catch(() => undefined);

  return {
    async queue(donationId, title, photos) {
      const now = Date.now();
      const entries: PhotoEntry[] = photos.slice(0, PICKUP_PHOTOS_MAX).map((photo, i) => ({
        id: uuid(),
        account,
        donationId,
        ...(title ? { title } : {}),
        blob: photo.blob,
        type: photo.type,
        size: photo.blob.size,
        offset: 0,
        // In the order they were chosen.
        createdAt: new Date(now + i).toISOString(),
        attempts: 0,
        state: 'pending',
      }));
      await store.put(...entries);
      await changed();
      void loop.replay();
      return entries.map(summaryOf);
    },
    replay: loop.replay,
    async dismiss(id) {
      await store.remove(id);
      await changed();
    },
    stop() {
      stopping.abort();
      loop.stop();
      channel?.removeEventListener('message', onMessage);
      usePhotoQueue.setState({ entries: [] });
    },
  };
}

/**
 * Without a local store (useSyncStore's `unavailable`), the photos cannot wait on the device: they are uploaded at
 * once, in the background, resuming after a break a few times; what still fails is told.
 */
async function uploadNow(donationId: string, title: string | undefined, photos: readonly ResizedPhoto[]): Promise<void> {
  const never = new AbortController().signal;
  for (const photo of photos.slice(0, PICKUP_PHOTOS_MAX)) {
    let entry: PhotoEntry = {
      id: uuid(),
      account: '',
      donationId,
      blob: photo.blob,
      type: photo.type,
      size: photo.blob.size,
      offset: 0,
      createdAt: new Date().toISOString(),
      attempts: 0,
      state: 'pending',
    };
    let outcome: Outcome = { kind: 'retry', message: '', offset: 0, progressed: false };
    for (let attempt = 0; attempt < 3 && outcome.kind === 'retry'; attempt += 1) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 2000 * attempt));
      outcome = await uploadPhoto(entry, async () => undefined, never);
      if (outcome.kind === 'retry') entry = { ...entry, offset: outcome.offset, attempts: entry.attempts + 1 };
    }
    if (outcome.kind !== 'done') notify.error(i18n._('pickupPhotos.refused'), outcome.message);
  }
}

/**
 * Confirm Pickup with the report's photos: the confirmation goes to the pickup outbox (lib/db/pickup-outbox), the
 * photos to this one, in the same tap; they upload once the confirmation has gone. Photos that cannot be kept on the
 * device (storage full) are told, and the confirmation stands.
 */
export async function confirmPickupWithPhotos(
  donationId: string,
  title: string | undefined,
  report: PickupReport | undefined,
  photos: readonly ResizedPhoto[] = [],
): Promise<{ queued: OutboxEntry } | { sent: true }> {
  const result = await confirmPickup(donationId, title, report);
  if (!photos.length) return result;
  if ('sent' in result || useSyncStore.getState().unavailable) {
    void uploadNow(donationId, title, photos);
    return result;
  }
  try {
    await requirePhotoOutbox().queue(donationId, title, photos);
  } catch (err) {
    notify.error(i18n._('pickupPhotos.notKept'), err instanceof Error ? err.message : undefined);
  }
  return result;
}

export async function dismissPhotoRefusal(id: string): Promise<void> {
  await requirePhotoOutbox().dismiss(id);
}
