import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Blob as NodeBlob } from 'node:buffer';
import { IDBFactory } from 'fake-indexeddb';
import { setTokenSource } from '@/lib/api-client';
import { useConnectivity } from '@/lib/connectivity-store';
import { notify } from '@/lib/notify';
import { CHUNK_BYTES, clearPhotos, createPhotoOutbox, openPhotoStore, usePhotoQueue, type PhotoEntry, type PhotoStore } from './photo-outbox';

const ACCOUNT = 'foodbridge_u1';
const DONATION = 'donation-1';
const pathOf = (photoId: string) => `/donations/pickup/${DONATION}/photos/${photoId}`;

// The sync-server stood in for at the network boundary (a stubbed fetch), keeping the resumable protocol's state
// (/work/notes/pickup-photos-protocol.md): the bytes held per photo id, complete or not.
interface Upload {
  length: number;
  bytes: Uint8Array;
  complete: boolean;
}
interface Sent {
  method: string;
  path: string;
  offset: string | undefined;
  length: string | undefined;
  contentType: string | undefined;
  token: string | undefined;
  bytes: number;
}

let uploads: Map<string, Upload>;
let sent: Sent[];
/** Says what happens to the next request: answered as the protocol says, or broken (before or after it is stored). */
let fault: (request: Sent, index: number) => 'ok' | 'lost-before' | 'lost-after' | Response;

const photoJson = (id: string) => ({ id, donationId: DONATION, url: `/pickup-photos/${id}?exp=1&sig=x`, width: 4, height: 3, contentType: 'image/jpeg', takenBy: 'Dana', createdAt: '2026-01-01T10:00:00.000Z' });
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function answer(method: string, photoId: string, headers: Record<string, string>, body: Uint8Array): Response {
  const upload = uploads.get(photoId);
  if (method === 'HEAD') {
    if (!upload) return new Response(null, { status: 404 });
    return new Response(null, { status: 200, headers: { 'Upload-Offset': String(upload.bytes.length), 'Upload-Length': String(upload.length) } });
  }
  const offset = Number(headers['Upload-Offset']);
  const length = Number(headers['Upload-Length']);
  if (upload?.complete) return json(200, photoJson(photoId), { 'Upload-Offset': String(upload.length) });
  const held = upload?.bytes.length ?? 0;
  if (offset !== held) return json(409, { message: 'The upload is at another offset.', code: 'pickups/photo-offset-mismatch' }, { 'Upload-Offset': String(held) });
  if (upload && upload.length !== length) return json(400, { message: 'Upload-Length changed.' });
  const bytes = new Uint8Array(held + body.length);
  bytes.set(upload?.bytes ?? new Uint8Array(0));
  bytes.set(body, held);
  const complete = bytes.length === length;
  uploads.set(photoId, { length, bytes, complete });
  if (complete) return json(201, photoJson(photoId), { 'Upload-Offset': String(length) });
  return new Response(null, { status: 204, headers: { 'Upload-Offset': String(bytes.length) } });
}

beforeEach(() => {
  // fake-indexeddb keeps what Node's structured clone keeps: Node's own Blob, not happy-dom's (which it would store as
  // an empty object). The browser's IndexedDB stores its Blob as it is.
  vi.stubGlobal('Blob', NodeBlob);
  uploads = new Map();
  sent = [];
  fault = () => 'ok';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      const body = init.body instanceof Blob ? new Uint8Array(await init.body.arrayBuffer()) : new Uint8Array(0);
      const request: Sent = {
        method,
        path,
        offset: headers['Upload-Offset'],
        length: headers['Upload-Length'],
        contentType: headers['Content-Type'],
        token: headers.Authorization,
        bytes: body.length,
      };
      sent.push(request);
      const match = /^\/donations\/pickup\/([^/]+)\/photos\/([^/]+)$/.exec(path);
      if (!match || match[1] !== DONATION || (method !== 'HEAD' && method !== 'PATCH')) return json(500, { message: `unexpected ${method} ${path}` });
      const what = fault(request, sent.length - 1);
      if (what instanceof Response) return what;
      if (what === 'lost-before') throw new TypeError('Failed to fetch');
      const res = answer(method, match[2]!, headers, body);
      if (what === 'lost-after') throw new TypeError('Failed to fetch');
      return res;
    }),
  );
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
  setTokenSource({ getToken: async () => 'id-driver', refresh: async () => null });
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useConnectivity.setState({ online: true });
  setTokenSource({ getToken: async () => null, refresh: async () => null });
});

/** A photo of `size` bytes, each its position's low byte, so that bytes out of place show. */
function photoOf(size: number) {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = i % 251;
  return { blob: new Blob([bytes], { type: 'image/jpeg' }), type: 'image/jpeg', width: 4, height: 3, bytes };
}

async function start(options: { confirmationWaits?: (donationId: string) => Promise<boolean>; factory?: IDBFactory } = {}) {
  const factory = options.factory ?? new IDBFactory();
  const store = await openPhotoStore(factory);
  const outbox = createPhotoOutbox({ store, account: ACCOUNT, confirmationWaits: options.confirmationWaits ?? (async () => false) });
  onTestFinished(() => {
    outbox.stop();
    store.close();
  });
  return { outbox, store, factory };
}

/** Byte for byte (a deep equality of a megabyte is slow to compute and to print). */
const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && Buffer.from(a).equals(Buffer.from(b));
const patches = () => sent.filter((s) => s.method === 'PATCH');
const settled = (store: PhotoStore, check: (entries: PhotoEntry[]) => void) => vi.waitFor(async () => check(await store.all()), { timeout: 4000 });

describe('photo outbox', () => {
  it('sends a photo in 256 KiB chunks, in order, with the protocol headers and the account token, and removes it on 201', async () => {
    const { outbox, store } = await start();
    const photo = photoOf(2 * CHUNK_BYTES + 1000);

    const [queued] = await outbox.queue(DONATION, 'Soup', [photo]);

    await settled(store, (entries) => expect(entries).toEqual([]));
    expect(patches().map((s) => [s.offset, s.bytes])).toEqual([
      ['0', CHUNK_BYTES],
      [String(CHUNK_BYTES), CHUNK_BYTES],
      [String(2 * CHUNK_BYTES), 1000],
    ]);
    for (const s of patches()) {
      expect(s).toMatchObject({ path: pathOf(queued!.id), length: String(photo.blob.size), contentType: 'application/offset+octet-stream', token: 'Bearer id-driver' });
    }
    // A fresh upload asks nothing first.
    expect(sent.filter((s) => s.method === 'HEAD')).toEqual([]);
    expect(uploads.get(queued!.id)).toMatchObject({ length: photo.blob.size, complete: true });
    expect(sameBytes(uploads.get(queued!.id)?.bytes, photo.bytes)).toBe(true);
    await outbox.replay();
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(usePhotoQueue.getState().entries).toEqual([]);
  });

  it('after a break, asks the server what it holds (HEAD) and continues from there: nothing sent twice, nothing restarted', async () => {
    const { outbox, store } = await start();
    const photo = photoOf(3 * CHUNK_BYTES);
    // The second chunk reaches the server, and its answer is lost.
    fault = (request) => (request.method === 'PATCH' && request.offset === String(CHUNK_BYTES) ? 'lost-after' : 'ok');

    const [queued] = await outbox.queue(DONATION, 'Soup', [photo]);
    await settled(store, (entries) => expect(entries).toMatchObject([{ state: 'pending', attempts: 1, offset: CHUNK_BYTES }]));
    expect(usePhotoQueue.getState().entries).toMatchObject([{ id: queued!.id, state: 'pending' }]);
    fault = () => 'ok';

    await settled(store, (entries) => expect(entries).toEqual([]));
    expect(sent.map((s) => `${s.method} ${s.offset ?? ''}`)).toEqual([
      'PATCH 0',
      `PATCH ${CHUNK_BYTES}`,
      // The server holds two chunks, not the one the device had heard of: the upload goes on from the third.
      'HEAD ',
      `PATCH ${2 * CHUNK_BYTES}`,
    ]);
    expect(sameBytes(uploads.get(queued!.id)?.bytes, photo.bytes)).toBe(true);
  });

  it('a chunk lost before the server stored it is sent again from the offset HEAD names', async () => {
    const { outbox, store } = await start();
    const photo = photoOf(2 * CHUNK_BYTES);
    fault = (request) => (request.method === 'PATCH' && request.offset === String(CHUNK_BYTES) ? 'lost-before' : 'ok');

    await outbox.queue(DONATION, undefined, [photo]);
    await settled(store, (entries) => expect(entries).toMatchObject([{ attempts: 1 }]));
    fault = () => 'ok';

    await settled(store, (entries) => expect(entries).toEqual([]));
    expect(sent.map((s) => `${s.method} ${s.offset ?? ''}`)).toEqual(['PATCH 0', `PATCH ${CHUNK_BYTES}`, 'HEAD ', `PATCH ${CHUNK_BYTES}`]);
  });

  it('exactly once: the final answer lost, the repeat answers 200 with the same photo, and the entry goes once', async () => {
    const { outbox, store } = await start();
    const photo = photoOf(CHUNK_BYTES + 10);
    fault = (request) => (request.method === 'PATCH' && request.offset === String(CHUNK_BYTES) ? 'lost-after' : 'ok');

    const [queued] = await outbox.queue(DONATION, 'Soup', [photo]);
    await settled(store, (entries) => expect(entries).toMatchObject([{ attempts: 1 }]));
    expect(uploads.get(queued!.id)?.complete).toBe(true);
    fault = () => 'ok';

    await settled(store, (entries) => expect(entries).toEqual([]));
    // HEAD says every byte is there; the PATCH at the end carries nothing and gets the stored answer (200).
    expect(sent.map((s) => `${s.method} ${s.offset ?? ''} ${s.bytes}`)).toEqual(['PATCH 0 262144', 'PATCH 262144 10', 'HEAD  0', `PATCH ${photo.blob.size} 0`]);

    // The pass under way ends (its toast comes after the entry goes); another finds nothing to send.
    await outbox.replay();
    expect(sent).toHaveLength(4);
    expect(notify.success).toHaveBeenCalledTimes(1);
  });

  it('a repeat of a finished upload at any offset (another tab, an old note) is done at the 200', async () => {
    const { outbox, store } = await start();
    const photo = photoOf(100);
    const entry: PhotoEntry = { id: 'photo-1', account: ACCOUNT, donationId: DONATION, blob: photo.blob, type: photo.type, size: 100, offset: 0, createdAt: '2026-01-01T10:00:00.000Z', attempts: 0, state: 'pending' };
    uploads.set('photo-1', { length: 100, bytes: photo.bytes, complete: true });
    await store.put(entry);

    await outbox.replay();

    expect(await store.all()).toEqual([]);
    expect(sent.map((s) => `${s.method} ${s.offset}`)).toEqual(['PATCH 0']);
  });

  it('a 409 naming another offset continues from the server’s', async () => {
    const { outbox, store } = await start();
    const photo = photoOf(2 * CHUNK_BYTES);
    // The server already holds the first chunk (sent by a pass whose note of it was lost).
    await store.put({ id: 'photo-2', account: ACCOUNT, donationId: DONATION, blob: photo.blob, type: photo.type, size: photo.blob.size, offset: 0, createdAt: '2026-01-01T10:00:00.000Z', attempts: 0, state: 'pending' });
    uploads.set('photo-2', { length: photo.blob.size, bytes: photo.bytes.slice(0, CHUNK_BYTES), complete: false });

    await outbox.replay();

    expect(await store.all()).toEqual([]);
    expect(sent.map((s) => `${s.method} ${s.offset} ${s.bytes}`)).toEqual([`PATCH 0 ${CHUNK_BYTES}`, `PATCH ${CHUNK_BYTES} ${CHUNK_BYTES}`]);
    expect(sameBytes(uploads.get('photo-2')?.bytes, photo.bytes)).toBe(true);
  });

  it('a refusal stays with its reason, is not sent again, and goes when dismissed', async () => {
    const { outbox, store } = await start();
    fault = () => json(403, { message: 'This pickup is not yours.', code: 'pickups/not-your-pickup' });

    const [queued] = await outbox.queue(DONATION, 'Soup', [photoOf(1000)]);
    await settled(store, (entries) => expect(entries).toMatchObject([{ id: queued!.id, state: 'refused', refusal: 'This pickup is not yours.' }]));
    // The pass under way ends; another sends nothing for a refused photo.
    await outbox.replay();
    expect(sent).toHaveLength(1);
    expect(notify.error).toHaveBeenCalledWith('A pickup photo was not accepted', 'This pickup is not yours.');
    expect(usePhotoQueue.getState().entries).toMatchObject([{ state: 'refused', refusal: 'This pickup is not yours.', title: 'Soup' }]);

    await outbox.dismiss(queued!.id);
    expect(await store.all()).toEqual([]);
    expect(usePhotoQueue.getState().entries).toEqual([]);
  });

  it('too many photos (a 409 without an offset) is a refusal too', async () => {
    const { outbox, store } = await start();
    fault = () => json(409, { message: 'A pickup has at most 4 photos.', code: 'pickups/too-many-photos' });

    await outbox.queue(DONATION, 'Soup', [photoOf(1000)]);

    await settled(store, (entries) => expect(entries).toMatchObject([{ state: 'refused', refusal: 'A pickup has at most 4 photos.' }]));
  });

  it('a server in trouble (503) keeps the photo for later, untold', async () => {
    const { outbox, store } = await start();
    fault = () => json(503, { message: 'Service unavailable' });
    await outbox.queue(DONATION, 'Soup', [photoOf(1000)]);
    await settled(store, (entries) => expect(entries).toMatchObject([{ state: 'pending', attempts: 1 }]));
    outbox.stop();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('waits for the pickup’s confirmation to go first, then uploads', async () => {
    let waiting = true;
    const { outbox, store } = await start({ confirmationWaits: async (id) => id === DONATION && waiting });

    await outbox.queue(DONATION, 'Soup', [photoOf(1000)]);
    await outbox.replay();
    expect(sent).toEqual([]);

    waiting = false;
    await outbox.replay();
    await settled(store, (entries) => expect(entries).toEqual([]));
    expect(patches()).toHaveLength(1);
  });

  it('offline, nothing is sent; the photos wait on the device, survive a new outbox (a reload) and go when online', async () => {
    useConnectivity.setState({ online: false });
    const first = await start();
    await first.outbox.queue(DONATION, 'Soup', [photoOf(1000), photoOf(2000)]);
    await first.outbox.replay();
    expect(sent).toEqual([]);
    first.outbox.stop();
    first.store.close();

    useConnectivity.setState({ online: true });
    const second = await start({ factory: first.factory });
    await second.outbox.replay();

    expect(await second.store.all()).toEqual([]);
    // In the order they were chosen.
    expect(patches().map((s) => s.bytes)).toEqual([1000, 2000]);
  });

  it('never sends another account’s photos, and removes them', async () => {
    const { outbox, store } = await start();
    const photo = photoOf(100);
    await store.put({ id: 'theirs', account: 'foodbridge_other', donationId: DONATION, blob: photo.blob, type: photo.type, size: 100, offset: 0, createdAt: '2026-01-01T10:00:00.000Z', attempts: 0, state: 'pending' });

    await outbox.replay();

    expect(sent).toEqual([]);
    expect(await store.all()).toEqual([]);
  });

  it('sign-out empties the photo database', async () => {
    const { outbox, store, factory } = await start();
    useConnectivity.setState({ online: false });
    await outbox.queue(DONATION, 'Soup', [photoOf(100)]);

    await clearPhotos(factory);

    expect(await store.all()).toEqual([]);
    expect(usePhotoQueue.getState().entries).toEqual([]);
  });
});
