// Proof-of-pickup photos (issue 49.3). The app's side is built to the same protocol (resumable, tus-like): a photo
// taken at the door waits on the phone with the pickup's confirmation, then goes up in chunks under an id the phone
// chose, so that a broken upload resumes where the server's HEAD says and a repeated last chunk stores nothing twice.
// The finished photo is a private picture (images table or bucket), read by the pickup's two sides and admins through
// addresses signed for a day (images/pickup-photo-links.ts), never public.
import type { Context } from 'hono';
import { z } from 'zod';
import {
  IMAGE_MAX_BYTES,
  PICKUP_PHOTO_CHUNK_MAX_BYTES,
  PICKUP_PHOTOS_MAX,
  PICKUP_REPORT_CORRECTION_DAYS,
  PickupPhotoSchema,
  PickupPhotoUploadSchema,
  type PickupPhoto,
} from '@foodbridge/shared';
import type { AuthUser } from '../auth/auth-user.ts';
import { visibleDonation } from '../auth/donation-visibility.ts';
import {
  canAddPickupPhoto,
  canOpenPickupPhotoLink,
  canSeePickupPhotos,
  canTakePickupPhotos,
  enforce,
  hasRoomForPickupPhoto,
} from '../auth/permissions.ts';
import { findDonation, lockDonation } from '../db/donations.ts';
import { recordHistory } from '../db/history.ts';
import { insertImage } from '../db/images.ts';
import {
  appendPhotoChunk,
  completePhotoUpload,
  countPickupPhotos,
  dropStaleUploads,
  findPhotoUpload,
  findPickupPhoto,
  imageMetaOf,
  listPickupPhotos,
  lockPhotoUpload,
  readPartialBytes,
  readPhotoLinkKey,
  startPhotoUpload,
  toPickupPhoto,
  type PhotoUploadRow,
  type PickupPhotoRow,
} from '../db/pickup-photos.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.ts';
import { enforceLimit } from '../http/rate-limit.ts';
import { perDeps, route } from '../http/route.ts';
import { parseId } from '../http/validate.ts';
import { readPhotoLink, signedPhotoPath } from '../images/pickup-photo-links.ts';
import { IMAGE_MAX_MB, ImageRejected, inspectImage, variantWidth } from '../images/process.ts';
import { sniffImageType } from '../images/sniff.ts';
import { VARIANT_TYPE, variantKey } from '../images/storage.ts';
import { err, list, noContent, ok } from '../openapi/responses.ts';
import { asBody, etagMatches, imagesOf, parseWidth } from './images.ts';

const UPLOAD_TYPE = 'application/offset+octet-stream';
/**
 * An unfinished upload nobody has added to for a day no longer holds one of its pickup's places: it is dropped when
 * the next photo of that pickup starts. A phone that comes back for it later hears (HEAD: 404) to start over.
 */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
const DAY_SECONDS = 24 * 60 * 60;
/** As the image route says the day's allowance: megabytes, to one decimal. */
const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** The signing key, read once per app; a failed read is tried again by the next call. */
const linkKeyOf = perDeps((deps) => {
  let key: Promise<string> | undefined;
  return (): Promise<string> =>
    (key ??= readPhotoLinkKey(deps.sql).then(
      (value) => {
        if (!value) throw new Error('The key of the pickup photos’ addresses is missing (migration 041 makes it)');
        return value;
      },
      (error: unknown) => {
        key = undefined;
        throw error;
      },
    ));
});

async function photoAnswer(deps: Deps, row: PickupPhotoRow): Promise<PickupPhoto> {
  return toPickupPhoto(row, signedPhotoPath(await linkKeyOf(deps)(), row.id));
}

/** A whole number of bytes from a header; undefined when it is missing or not one. */
function byteCount(value: string | undefined): number | undefined {
  const text = value?.trim() ?? '';
  return /^\d{1,10}$/.test(text) ? Number(text) : undefined;
}

/** Where an upload stands. Never cached: it changes with every chunk. */
const standing = (offset: number, length: number) => ({ 'Upload-Offset': String(offset), 'Upload-Length': String(length), 'Cache-Control': 'no-store' });

/** The device sent from another offset than the server holds: it continues from the one named here. */
function offsetMismatch(c: Context<AppEnv>, held: number): ApiError {
  c.header('Upload-Offset', String(held));
  c.header('Cache-Control', 'no-store');
  return conflict('pickups/photo-offset-mismatch', { offset: held });
}

/** A finished photo answered (again): 201 when this call finished it, 200 for a repeat. */
async function finishedAnswer(c: Context<AppEnv>, deps: Deps, photoId: string, status: 200 | 201): Promise<Response> {
  const row = await findPickupPhoto(deps.sql, photoId);
  if (!row) throw notFound('not-found/pickup-photo');
  const length = row.byte_size;
  return c.json(await photoAnswer(deps, row), status, standing(length, length));
}

/**
 * What stands at `photoId` after this call's change did not happen (another call's chunk, or the last one, went
 * first): the finished photo, or the offset to continue from.
 */
async function afterLostRace(c: Context<AppEnv>, deps: Deps, photoId: string): Promise<Response> {
  const now = await findPhotoUpload(deps.sql, photoId);
  if (now?.completed_at) return finishedAnswer(c, deps, photoId, 200);
  throw offsetMismatch(c, now?.received ?? 0);
}

/** An id is one upload of one pickup: another pickup's, or another charity's, is not this caller's to add to. */
function sameUpload(upload: PhotoUploadRow, donationId: string, charityId: string | null): void {
  if (upload.donation_id !== donationId || upload.charity_id !== charityId) throw conflict('request/already-exists');
}

interface Chunk {
  user: AuthUser;
  donationId: string;
  photoId: string;
  offset: number;
  length: number;
  bytes: Uint8Array;
}

/** The first chunk of an upload that needs more: the upload is made, if its pickup has room for it. */
async function startUpload(c: Context<AppEnv>, deps: Deps, chunk: Chunk): Promise<Response> {
  const { user, donationId, photoId, length, bytes } = chunk;
  // The first bytes already say whether this is a picture at all: nothing is stored for a file that is not.
  if (bytes.length >= 12 && !sniffImageType(bytes)) throw badRequest('images/not-supported');
  const started = await deps.sql.begin(async (tx) => {
    const donation = await lockDonation(tx, donationId);
    if (!donation) throw notFound('not-found/donation');
    enforce(canAddPickupPhoto(user, donation));
    const pickup = { donationId, charityId: donation.charity_id! };
    await dropStaleUploads(tx, pickup, new Date(Date.now() - STALE_UPLOAD_MS));
    enforce(hasRoomForPickupPhoto(await countPickupPhotos(tx, pickup, photoId)));
    return startPhotoUpload(tx, { id: photoId, ...pickup, takenBy: user.id, length, bytes });
  });
  if (!started) return afterLostRace(c, deps, photoId);
  return c.body(null, 204, standing(started.received, length));
}

/** A chunk in the middle: appended where the upload stands, or refused with where it stands. */
async function continueUpload(c: Context<AppEnv>, deps: Deps, chunk: Chunk): Promise<Response> {
  const appended = await appendPhotoChunk(deps.sql, chunk.photoId, chunk.offset, chunk.bytes);
  if (!appended) return afterLostRace(c, deps, chunk.photoId);
  return c.body(null, 204, standing(appended.received, chunk.length));
}

/**
 * The last chunk: the whole file is checked as an uploaded picture is (decodable, no pixel bomb, a type we take),
 * counted against the day's allowance, stored as a private picture, and the upload becomes the photo, with its entry
 * in the history, in one transaction. Two copies of the last chunk at once: the second waits on the upload's row and
 * answers the photo the first stored.
 */
async function finishUpload(c: Context<AppEnv>, deps: Deps, chunk: Chunk, resumed: boolean): Promise<Response> {
  const { user, donationId, photoId, offset, length } = chunk;
  const earlier = resumed ? await readPartialBytes(deps.sql, photoId) : Buffer.alloc(0);
  if (earlier?.length !== offset) return afterLostRace(c, deps, photoId);
  const bytes = Buffer.concat([earlier, chunk.bytes]);
  let info;
  try {
    info = await inspectImage(bytes);
  } catch (error) {
    if (error instanceof ImageRejected) throw badRequest(error.code);
    throw error;
  }
  const { UPLOAD_QUOTA_BYTES_PER_DAY: bytesPerDay, UPLOAD_QUOTA_FILES_PER_DAY: filesPerDay } = deps.config;
  // The same allowance as every picture of the account's (routes/images.ts): a photo is one more picture stored.
  await enforceLimit(c, deps, `upload-bytes:account:${user.id}`, { limit: bytesPerDay, windowSeconds: DAY_SECONDS, cost: bytes.length }, (wait) => ({
    code: 'images/daily-bytes',
    values: { mb: megabytes(bytesPerDay), wait },
  }));
  await enforceLimit(c, deps, `upload-files:account:${user.id}`, { limit: filesPerDay, windowSeconds: DAY_SECONDS }, (wait) => ({
    code: 'images/daily-files',
    values: { files: filesPerDay, wait },
  }));
  const placed = await imagesOf(deps).putOriginal(info, bytes);
  const outcome = await deps.sql.begin(async (tx): Promise<{ kind: 'stored' | 'repeat' } | { kind: 'moved'; held: number }> => {
    const donation = await lockDonation(tx, donationId);
    if (!donation) throw notFound('not-found/donation');
    const current = await lockPhotoUpload(tx, photoId);
    if (current?.completed_at) return { kind: 'repeat' };
    enforce(canAddPickupPhoto(user, donation));
    if (current) sameUpload(current, donationId, donation.charity_id);
    const held = current?.received ?? 0;
    if (held !== offset || (current !== undefined) !== resumed) return { kind: 'moved', held };
    const pickup = { donationId, charityId: donation.charity_id! };
    if (!current) await dropStaleUploads(tx, pickup, new Date(Date.now() - STALE_UPLOAD_MS));
    // Counted again: an upload that was left to go stale may find its place taken when it comes back.
    enforce(hasRoomForPickupPhoto(await countPickupPhotos(tx, pickup, photoId)));
    const image = await insertImage(tx, { ownerId: user.id, ...info, bytes, ...placed, private: true });
    await completePhotoUpload(tx, { id: photoId, ...pickup, takenBy: user.id, length, imageId: image.id });
    await recordHistory(tx, { actor: user, kind: 'pickup.photo-added', donationId, detail: { photoId } });
    return { kind: 'stored' };
  });
  if (outcome.kind === 'moved') throw offsetMismatch(c, outcome.held);
  return finishedAnswer(c, deps, photoId, outcome.kind === 'stored' ? 201 : 200);
}

const photoParams = { donationId: 'The donation’s id.', photoId: 'The upload’s id: a UUID the device chose for this photo.' };
const uploadHeaders = {
  'Upload-Offset': { description: 'Bytes of the photo the server holds.' },
  'Upload-Length': { description: 'The photo’s whole size in bytes, as the upload began.' },
};

export const pickupPhotoRoutes = [
  route(
    {
      method: 'get',
      path: '/donations/pickup/:donationId/photos/:photoId',
      summary: 'How much of a pickup photo the server holds (HEAD: the same, headers only)',
      description:
        'Asked (as HEAD) before resuming an upload that broke off: continue with the chunk at `Upload-Offset`. A 404 says nothing has been received under this id: start again at 0.',
      tags: ['Donations'],
      security: 'bearer',
      params: photoParams,
      responses: {
        200: ok('Where the upload stands; with the photo once it is complete.', PickupPhotoUploadSchema, { headers: uploadHeaders }),
        403: err('Not a member of the charity this pickup was given to.', 'pickups/not-your-pickup'),
        404: err('No such donation, or nothing received under this id yet.', 'not-found/donation', 'not-found/pickup-photo'),
      },
    },
    async (c, { deps, user }) => {
      const donationId = parseId(c.req.param('donationId'));
      const photoId = parseId(c.req.param('photoId'));
      const donation = await visibleDonation(deps.sql, user, await findDonation(deps.sql, donationId));
      enforce(canTakePickupPhotos(user, donation));
      const upload = await findPhotoUpload(deps.sql, photoId);
      if (!upload || upload.donation_id !== donationId || upload.charity_id !== donation.charity_id) throw notFound('not-found/pickup-photo');
      const headers = standing(upload.received, upload.upload_length);
      // HEAD, the way the app asks, gets the headers alone: the photo's signed address is made only for a body.
      const finished = upload.completed_at && c.req.method !== 'HEAD' ? await findPickupPhoto(deps.sql, photoId) : undefined;
      const body = { offset: upload.received, length: upload.upload_length, ...(finished ? { photo: await photoAnswer(deps, finished) } : {}) };
      return c.json(body, 200, headers);
    },
  ),
  route(
    {
      method: 'patch',
      path: '/donations/pickup/:donationId/photos/:photoId',
      summary: 'Upload a chunk of a pickup photo (resumable; the charity’s members)',
      description: [
        `The photo (JPEG, PNG or WebP, at most ${IMAGE_MAX_MB} MB, checked as an uploaded picture is) goes in chunks of at most ${PICKUP_PHOTO_CHUNK_MAX_BYTES / 1024} KiB, each sent at the \`Upload-Offset\` the server holds; the first (offset 0) makes the upload. A chunk in the middle answers 204 with the new \`Upload-Offset\`; the last answers 201 with the photo, and any repeat of a finished upload answers 200 with the same photo: it is stored once.`,
        `At most ${PICKUP_PHOTOS_MAX} photos per pickup, while the donation is Accepted or Assigned and for ${PICKUP_REPORT_CORRECTION_DAYS} days after the pickup. The history records \`pickup.photo-added\`.`,
      ].join('\n\n'),
      tags: ['Donations'],
      security: 'bearer',
      params: photoParams,
      headers: [
        { name: 'Upload-Offset', description: 'Where this chunk starts: the bytes the server holds (HEAD says).', required: true },
        { name: 'Upload-Length', description: 'The photo’s whole size in bytes, the same on every chunk.', required: true },
      ],
      rawBody: { mediaType: UPLOAD_TYPE, description: 'The chunk’s bytes.' },
      responses: {
        201: ok('The last byte arrived: the photo.', PickupPhotoSchema, { headers: uploadHeaders }),
        200: ok('The upload was already complete: the same photo.', PickupPhotoSchema, { headers: uploadHeaders }),
        204: { ...noContent, description: 'Stored; continue at `Upload-Offset`.', headers: uploadHeaders },
        400: err(
          'Headers missing or not whole numbers, another length than the upload began with, a photo over the size limit, or not a picture.',
          'pickups/photo-upload-invalid',
          'pickups/photo-length-changed',
          'images/too-large',
          'images/not-supported',
          'images/too-many-pixels',
          'images/unreadable',
        ),
        403: err('Not a member of the charity this pickup was given to.', 'pickups/not-your-pickup'),
        404: err('No such donation.', 'not-found/donation'),
        409: err(
          'Not at the offset the server holds (its `Upload-Offset` says where to continue), too many photos, too late, or the id is another upload’s.',
          'pickups/photo-offset-mismatch',
          'pickups/too-many-photos',
          'pickups/photos-too-late',
          'pickups/not-accepted',
        ),
        413: err('A chunk over the limit.', 'pickups/photo-chunk-too-large'),
        429: err('The day’s allowance of pictures is used.', 'images/daily-bytes', 'images/daily-files'),
      },
    },
    async (c, { deps, user }) => {
      const donationId = parseId(c.req.param('donationId'));
      const photoId = parseId(c.req.param('photoId'));
      const offset = byteCount(c.req.header('upload-offset'));
      const length = byteCount(c.req.header('upload-length'));
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (offset === undefined || length === undefined || length === 0 || type !== UPLOAD_TYPE) throw badRequest('pickups/photo-upload-invalid');
      if (length > IMAGE_MAX_BYTES) throw badRequest('images/too-large', { mb: IMAGE_MAX_MB });
      const donation = await visibleDonation(deps.sql, user, await findDonation(deps.sql, donationId));
      const upload = await findPhotoUpload(deps.sql, photoId);
      if (upload?.completed_at) {
        if (upload.donation_id !== donationId) throw conflict('request/already-exists');
        // Exactly once: the answer to a last chunk whose first answer was lost, whenever it comes.
        enforce(canTakePickupPhotos(user, upload));
        return finishedAnswer(c, deps, photoId, 200);
      }
      enforce(canAddPickupPhoto(user, donation));
      if (upload) {
        sameUpload(upload, donationId, donation.charity_id);
        if (upload.upload_length !== length) throw badRequest('pickups/photo-length-changed', { length: upload.upload_length });
      }
      const held = upload?.received ?? 0;
      if (offset !== held) throw offsetMismatch(c, held);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      // app.ts's body limit refuses a larger chunk before it is read; this holds whatever reached the handler.
      if (bytes.length > PICKUP_PHOTO_CHUNK_MAX_BYTES) throw new ApiError(413, 'pickups/photo-chunk-too-large', { kib: PICKUP_PHOTO_CHUNK_MAX_BYTES / 1024 });
      if (offset + bytes.length > length) throw badRequest('pickups/photo-upload-invalid');
      const chunk: Chunk = { user, donationId, photoId, offset, length, bytes };
      if (offset + bytes.length === length) return finishUpload(c, deps, chunk, upload !== undefined);
      return upload ? continueUpload(c, deps, chunk) : startUpload(c, deps, chunk);
    },
  ),
  route(
    {
      method: 'get',
      path: '/donations/:donationId/pickup-photos',
      summary: 'A pickup’s photos (its restaurant, its charity, admins)',
      description: 'Each photo’s `url` is a private address, signed and valid for about a day; read the list again for fresh ones.',
      tags: ['Donations'],
      security: 'bearer',
      params: { donationId: 'The donation’s id.' },
      responses: {
        200: list('Oldest first.', PickupPhotoSchema),
        403: err('Not the restaurant, the charity that collects it, or an admin.', 'pickups/photos-hidden'),
        404: err('No such donation (or not one that was verified).', 'not-found/donation'),
      },
    },
    async (c, { deps, user }) => {
      const donationId = parseId(c.req.param('donationId'));
      const donation = await visibleDonation(deps.sql, user, await findDonation(deps.sql, donationId));
      const allowed = canSeePickupPhotos(user, donation);
      enforce(allowed);
      const rows = await listPickupPhotos(deps.sql, donationId, allowed.charityId);
      const key = await linkKeyOf(deps)();
      // Private: the addresses in it open the photos.
      return c.json(
        rows.map((row) => toPickupPhoto(row, signedPhotoPath(key, row.id))),
        200,
        { 'Cache-Control': 'private, no-store' },
      );
    },
  ),
  route(
    {
      method: 'get',
      path: '/pickup-photos/:photoId',
      summary: 'A pickup photo, by its signed address',
      description: 'The address comes from the list of the pickup’s photos; it opens the photo until `exp`, without a token (an `<img>` sends none).',
      tags: ['Donations'],
      security: 'none',
      params: { photoId: 'The photo’s id.' },
      query: [
        { name: 'exp', description: 'When the address expires (Unix seconds), as the list gave it.', schema: z.string(), required: true },
        { name: 'sig', description: 'The address’s signature, as the list gave it.', schema: z.string(), required: true },
        { name: 'w', description: 'A smaller width to serve (a resized WebP variant).', schema: z.string() },
      ],
      responses: {
        200: ok('The photo (private to the browser, cached until the address expires).', undefined, { media: 'image' }),
        304: ok('Not modified.', undefined, { media: 'none' }),
        400: err('Invalid id or width.', 'images/invalid-width'),
        403: err('Not a valid address, or one that expired.', 'pickups/photo-link-invalid'),
        404: err('No such photo.', 'not-found/pickup-photo'),
        422: err('This photo cannot be resized; open it without ?w=.', 'images/not-resizable'),
        503: err('The photo is in object storage, which this server is not set up to read.', 'images/storage-unavailable'),
      },
    },
    async (c, { deps }) => {
      const photoId = parseId(c.req.param('photoId'));
      const link = readPhotoLink(await linkKeyOf(deps)(), photoId, c.req.query('exp'), c.req.query('sig'));
      enforce(canOpenPickupPhotoLink(link));
      const w = c.req.query('w');
      const requested = w === undefined ? undefined : parseWidth(w);
      const row = await findPickupPhoto(deps.sql, photoId);
      if (!row) throw notFound('not-found/pickup-photo');
      const meta = imageMetaOf(row);
      const width = requested === undefined ? undefined : variantWidth(requested, meta.width ?? requested);
      const etag = width === undefined ? `"${photoId}"` : `"${photoId}-w${width}"`;
      // Kept by this browser only, and no longer than the address opens it.
      const maxAge = Math.max(0, link.expiresAt - Math.floor(Date.now() / 1000));
      const headers = { 'Cache-Control': `private, max-age=${maxAge}`, ETag: etag, 'X-Content-Type-Options': 'nosniff' };
      if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
      const { storageOf, renderAndStore } = imagesOf(deps);
      // Streamed from wherever it is, never redirected to the bucket's public address: the photo is not public.
      const { store, original } = storageOf(meta);
      const key = width === undefined ? original : variantKey(meta.id, width);
      const type = width === undefined ? meta.content_type : VARIANT_TYPE;
      const stored = await store.get(key);
      if (stored) {
        const size = stored.size === undefined ? {} : { 'Content-Length': String(stored.size) };
        return c.body(stored.body, 200, { ...headers, ...size, 'Content-Type': type });
      }
      if (width === undefined) throw notFound('not-found/pickup-photo');
      return c.body(asBody(await renderAndStore(meta, width)), 200, { ...headers, 'Content-Type': type });
    },
  ),
];
