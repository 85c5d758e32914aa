import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, RATE_LIMITS } from '@foodbridge/shared';
import { findImageMeta, insertImage, type ImageMetaRow } from '../db/images.ts';
import type { AppEnv } from '../deps.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { byAccount, byAddress, enforceLimit } from '../http/rate-limit.ts';
import { perDeps, route } from '../http/route.ts';
import { parseId } from '../http/validate.ts';
import { IMAGE_MAX_MB, ImageRejected, inspectImage, renderVariant, variantWidth, type InspectedImage } from '../images/process.ts';
import {
  IMAGE_CACHE_CONTROL,
  VARIANT_TYPE,
  createDatabaseImageStorage,
  originalKey,
  readWhole,
  variantKey,
  type ImageStorage,
} from '../images/storage.ts';
import { err, ImageUploaded, ok } from '../openapi/responses.ts';

const MAX_REQUESTED_WIDTH = 10_000;
// The object behind a redirect never changes, but where it is may (S3_PUBLIC_URL changed): the redirect is kept a day.
const REDIRECT_CACHE = 'public, max-age=86400';
const DAY_SECONDS = 24 * 60 * 60;
/** The day's allowance of bytes as the refusal names it: megabytes, to one decimal. */
const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

async function readUpload(c: Context<AppEnv>): Promise<File> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw badRequest('images/missing');
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw badRequest('images/unreadable-upload');
  }
  const file = body.image;
  if (file === undefined || typeof file === 'string') throw badRequest('images/missing');
  return file;
}

export function parseWidth(value: string): number {
  const n = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= MAX_REQUESTED_WIDTH)) {
    throw badRequest('images/invalid-width', { max: MAX_REQUESTED_WIDTH });
  }
  return n;
}

// A view, not a copy: originals can be 5 MB. Neither database buffers nor sharp's output share their memory.
export const asBody = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * The pictures of one app: where each one's bytes are, and the resizes under way (also for the private pickup photos,
 * routes/pickup-photos.ts).
 */
export const imagesOf = perDeps((deps) => {
  // Two phones asking for the same new variant at once share one resize instead of each running sharp.
  const rendering = new Map<string, Promise<Buffer>>();
  const inDatabase = createDatabaseImageStorage(deps.sql);

  /** Each row says where its bytes are, so pictures moved to the bucket and pictures not yet moved are both served. */
  function storageOf(meta: ImageMetaRow): { store: ImageStorage; original: string } {
    if (meta.storage === 'db') return { store: inDatabase, original: originalKey(meta.id, meta.content_type) };
    if (!deps.imageBucket) throw new ApiError(503, 'images/storage-unavailable');
    return { store: deps.imageBucket, original: meta.storage_key! };
  }

  /** Resizes the original and stores the variant beside it (a variant is derived data: a second copy is harmless). */
  async function renderAndStore(meta: ImageMetaRow, width: number): Promise<Buffer> {
    const jobKey = `${meta.id}:${width}`;
    let job = rendering.get(jobKey);
    if (!job) {
      job = (async () => {
        const { store, original } = storageOf(meta);
        const source = await store.get(original);
        if (!source) throw notFound('not-found/image');
        const originalBytes = await readWhole(source);
        let bytes: Buffer;
        try {
          bytes = await renderVariant(originalBytes, width);
        } catch {
          // A picture stored before uploads were test-decoded may be cut off: it cannot be resized, but it exists.
          throw new ApiError(422, 'images/not-resizable');
        }
        await store.put(variantKey(meta.id, width), bytes, VARIANT_TYPE);
        return bytes;
      })().finally(() => rendering.delete(jobKey));
      rendering.set(jobKey, job);
    }
    return job;
  }

  /**
   * A new picture's id, and its bytes put in the bucket when there is one; its row (insertImage) is written after, so
   * that no row ever points at a missing object (a failure between leaves an unlinked one).
   */
  async function putOriginal(info: InspectedImage, bytes: Buffer): Promise<{ id: string; storageKey?: string }> {
    const id = randomUUID();
    const bucket = deps.imageBucket;
    if (!bucket) return { id };
    const key = originalKey(id, info.type);
    await bucket.put(key, bytes, info.type);
    return { id, storageKey: key };
  }

  async function storeOriginal(ownerId: string, info: InspectedImage, bytes: Buffer): Promise<ImageMetaRow> {
    return insertImage(deps.sql, { ownerId, ...info, bytes, ...(await putOriginal(info, bytes)) });
  }

  return { storageOf, renderAndStore, putOriginal, storeOriginal };
});

export const imageRoutes = [
  route(
    {
      method: 'post',
      path: '/images',
      summary: 'Upload a picture',
      tags: ['Images'],
      security: 'bearer',
      limits: [byAddress('upload', RATE_LIMITS.uploadsPerAddress, 'uploads from your network'), byAccount('upload', RATE_LIMITS.uploadsPerAccount, 'uploads')],
      upload: { field: 'image', description: 'A JPEG, PNG or WebP picture of at most 5 MB.' },
      responses: { 201: ok('Stored; use `data.url` in a donation or profile.', ImageUploaded), 400: err('Not a picture.', 'images/empty', 'images/missing', 'images/not-supported', 'images/too-many-pixels', 'images/unreadable', 'images/unreadable-upload'), 413: err('Too large.', 'images/too-large'), 429: err('Daily upload allowance used.', 'images/daily-bytes', 'images/daily-files') },
    },
    async (c, { deps, user }) => {
      const file = await readUpload(c);
      // app.ts's body limit lets a little more than the image through (multipart framing); this is the real check.
      if (file.size > IMAGE_MAX_BYTES) throw new ApiError(413, 'images/too-large', { mb: IMAGE_MAX_MB });
      if (file.size === 0) throw badRequest('images/empty');
      const bytes = Buffer.from(await file.arrayBuffer());
      let info;
      try {
        info = await inspectImage(bytes);
      } catch (err) {
        if (err instanceof ImageRejected) throw badRequest(err.code);
        throw err;
      }
      // Counted only for a picture that will be stored: a refused file takes nothing from the day's allowance.
      const { UPLOAD_QUOTA_BYTES_PER_DAY: bytesPerDay, UPLOAD_QUOTA_FILES_PER_DAY: filesPerDay } = deps.config;
      await enforceLimit(
        c,
        deps,
        `upload-bytes:account:${user.id}`,
        { limit: bytesPerDay, windowSeconds: DAY_SECONDS, cost: bytes.length },
        (wait) => ({ code: 'images/daily-bytes', values: { mb: megabytes(bytesPerDay), wait } }),
      );
      await enforceLimit(
        c,
        deps,
        `upload-files:account:${user.id}`,
        { limit: filesPerDay, windowSeconds: DAY_SECONDS },
        (wait) => ({ code: 'images/daily-files', values: { files: filesPerDay, wait } }),
      );
      const row = await imagesOf(deps).storeOriginal(user.id, info, bytes);
      return c.json({ data: { url: `/images/${row.id}`, id: row.id, width: info.width, height: info.height } }, 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/images/:id',
      summary: 'A stored picture',
      tags: ['Images'],
      security: 'none',
      params: { id: 'The picture’s id.' },
      query: [{ name: 'w', description: 'A smaller width to serve (a resized WebP variant).', schema: z.string() }],
      responses: {
        200: ok('The picture (cached, with an ETag).', undefined, { media: 'image' }),
        302: ok('The picture is served from object storage: its address.', undefined, { media: 'none', headers: { Location: { description: 'The picture’s public address.' } } }),
        304: ok('Not modified.', undefined, { media: 'none' }),
        400: err('Invalid id or width.', 'images/invalid-width'),
        404: err('No such picture.', 'not-found/image'),
        422: err('This picture cannot be resized; open it without ?w=.', 'images/not-resizable'),
        503: err('The picture is in object storage, which this server is not set up to read.', 'images/storage-unavailable'),
      },
    },
    async (c, { deps }) => {
      const { storageOf, renderAndStore } = imagesOf(deps);
      const id = parseId(c.req.param('id'));
      const w = c.req.query('w');
      const requested = w === undefined ? undefined : parseWidth(w);
      const meta = await findImageMeta(deps.sql, id);
      if (!meta) throw notFound('not-found/image');
      const width = requested === undefined ? undefined : variantWidth(requested, meta.width ?? requested);
      const etag = width === undefined ? `"${id}"` : `"${id}-w${width}"`;
      const headers = { 'Cache-Control': IMAGE_CACHE_CONTROL, ETag: etag, 'X-Content-Type-Options': 'nosniff' };
      if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
      const { store, original } = storageOf(meta);
      const key = width === undefined ? original : variantKey(id, width);
      const location = store.publicUrl(key);
      if (location) {
        // Only a variant that exists may be pointed at: the bucket cannot resize.
        if (width !== undefined && !(await store.exists(key))) await renderAndStore(meta, width);
        return c.body(null, 302, { ...headers, 'Cache-Control': REDIRECT_CACHE, Location: location });
      }
      const type = width === undefined ? meta.content_type : VARIANT_TYPE;
      const stored = await store.get(key);
      if (stored) {
        const length = stored.size === undefined ? {} : { 'Content-Length': String(stored.size) };
        return c.body(stored.body, 200, { ...headers, ...length, 'Content-Type': type });
      }
      if (width === undefined) throw notFound('not-found/image');
      return c.body(asBody(await renderAndStore(meta, width)), 200, { ...headers, 'Content-Type': type });
    },
  ),
];
