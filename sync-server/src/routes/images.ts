import { Hono, type Context } from 'hono';
import { IMAGE_MAX_BYTES, UPLOAD_QUOTA } from '@foodbridge/shared';
import { requireUser } from '../auth/middleware.ts';
import { findImageMeta, insertImage, readImageBytes, readVariant, saveVariant } from '../db/images.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { enforceLimit } from '../http/rate-limit.ts';
import { parseId } from '../http/validate.ts';
import { IMAGE_TOO_LARGE, ImageRejected, inspectImage, renderVariant, variantWidth } from '../images/process.ts';

const NO_IMAGE = 'No image received. Send the picture as multipart/form-data in the field "image".';
const MAX_REQUESTED_WIDTH = 10_000;
// Stored images never change (an edit uploads a new one with a new id), so clients and proxies may keep them.
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
const VARIANT_TYPE = 'image/webp';
const DAY_SECONDS = 24 * 60 * 60;
const QUOTA_MB = Math.round(UPLOAD_QUOTA.bytesPerDay / (1024 * 1024));

async function readUpload(c: Context<AppEnv>): Promise<File> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw badRequest(NO_IMAGE);
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw badRequest('The upload could not be read. Please try again.');
  }
  const file = body.image;
  if (file === undefined || typeof file === 'string') throw badRequest(NO_IMAGE);
  return file;
}

function parseWidth(value: string): number {
  const n = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= MAX_REQUESTED_WIDTH)) {
    throw badRequest(`w must be a width in pixels from 1 to ${MAX_REQUESTED_WIDTH}`);
  }
  return n;
}

// A view, not a copy: originals can be 5 MB. Database buffers are never shared memory.
const asBody = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

export const imageRoutes = (deps: Deps) => {
  // Two phones asking for the same new variant at once share one resize instead of each running sharp.
  const rendering = new Map<string, Promise<Buffer>>();

  async function variantBytes(id: string, width: number): Promise<Buffer> {
    const cached = await readVariant(deps.sql, id, width);
    if (cached) return cached.bytes;
    const key = `${id}:${width}`;
    let job = rendering.get(key);
    if (!job) {
      job = (async () => {
        const original = await readImageBytes(deps.sql, id);
        if (!original) throw notFound('Image');
        let bytes: Buffer;
        try {
          bytes = await renderVariant(original, width);
        } catch {
          // A picture stored before uploads were test-decoded may be cut off: it cannot be resized, but it exists.
          throw new ApiError(422, 'This picture cannot be resized; open it without ?w=.');
        }
        await saveVariant(deps.sql, id, width, VARIANT_TYPE, bytes);
        return bytes;
      })().finally(() => rendering.delete(key));
      rendering.set(key, job);
    }
    return job;
  }

  return new Hono<AppEnv>()
    .post('/images', async (c) => {
      const user = requireUser(c);
      const file = await readUpload(c);
      // app.ts's body limit lets a little more than the image through (multipart framing); this is the real check.
      if (file.size > IMAGE_MAX_BYTES) throw new ApiError(413, IMAGE_TOO_LARGE);
      if (file.size === 0) throw badRequest('The image file is empty.');
      const bytes = Buffer.from(await file.arrayBuffer());
      let info;
      try {
        info = await inspectImage(bytes);
      } catch (err) {
        if (err instanceof ImageRejected) throw badRequest(err.message);
        throw err;
      }
      // Counted only for a picture that will be stored: a refused file takes nothing from the day's allowance.
      await enforceLimit(
        c,
        deps,
        `upload-bytes:account:${user.id}`,
        { limit: UPLOAD_QUOTA.bytesPerDay, windowSeconds: DAY_SECONDS, cost: bytes.length },
        (wait) => `This picture would take you over the ${QUOTA_MB} MB of pictures allowed in one day. Please try again in ${wait}.`,
      );
      await enforceLimit(
        c,
        deps,
        `upload-files:account:${user.id}`,
        { limit: UPLOAD_QUOTA.filesPerDay, windowSeconds: DAY_SECONDS },
        (wait) => `You have uploaded the ${UPLOAD_QUOTA.filesPerDay} pictures allowed in one day. Please try again in ${wait}.`,
      );
      const row = await insertImage(deps.sql, { ownerId: user.id, ...info, bytes });
      return c.json({ data: { url: `/images/${row.id}`, id: row.id, width: info.width, height: info.height } }, 201);
    })
    .get('/images/:id', async (c) => {
      const id = parseId(c.req.param('id'));
      const w = c.req.query('w');
      const requested = w === undefined ? undefined : parseWidth(w);
      const meta = await findImageMeta(deps.sql, id);
      if (!meta) throw notFound('Image');
      const width = requested === undefined ? undefined : variantWidth(requested, meta.width ?? requested);
      const etag = width === undefined ? `"${id}"` : `"${id}-w${width}"`;
      const headers = { 'Cache-Control': CACHE_FOREVER, ETag: etag, 'X-Content-Type-Options': 'nosniff' };
      if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
      if (width === undefined) {
        const bytes = await readImageBytes(deps.sql, id);
        if (!bytes) throw notFound('Image');
        return c.body(asBody(bytes), 200, { ...headers, 'Content-Type': meta.content_type });
      }
      const bytes = await variantBytes(id, width);
      return c.body(asBody(bytes), 200, { ...headers, 'Content-Type': VARIANT_TYPE });
    });
};
