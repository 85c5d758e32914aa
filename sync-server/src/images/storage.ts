import type { Config } from '../config.ts';
import type { Sql } from '../db/connection.ts';
import { readImageBytes, readVariant, saveVariant } from '../db/images.ts';
import type { ImageType } from './sniff.ts';

/** Stored pictures never change (an edit uploads a new one with a new id), so clients and proxies may keep them. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Every variant is a WebP (process.ts's renderVariant). */
export const VARIANT_TYPE = 'image/webp';

export interface StoredPicture {
  /** Bytes already in memory (Postgres), or a stream from the bucket so a 5 MB original is not held whole. */
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;
  type: string;
  size: number | undefined;
}

/**
 * Where a picture's bytes and its variants' bytes live, by key: `images/<id>/original.<ext>` and, beside it,
 * `images/<id>/w<width>.webp`. Metadata (owner, type, size, dimensions) always stays in the images table.
 */
export interface ImageStorage {
  readonly kind: 'db' | 's3';
  put(key: string, bytes: Buffer, type: string): Promise<void>;
  get(key: string): Promise<StoredPicture | undefined>;
  exists(key: string): Promise<boolean>;
  /** Where a client may fetch the object itself (S3_PUBLIC_URL); undefined: the server sends the bytes. */
  publicUrl(key: string): string | undefined;
  /** Lets go of kept-alive connections, so a command-line run can exit. */
  close(): void;
}

const EXTENSIONS: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };
const TYPES = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type])) as Record<string, ImageType>;

export const originalKey = (id: string, type: ImageType) => `images/${id}/original.${EXTENSIONS[type]}`;
export const variantKey = (id: string, width: number) => `images/${id}/w${width}.webp`;

const KEY = /^images\/([0-9a-f-]{36})\/(?:original\.([a-z]+)|w(\d+)\.webp)$/;

/** A view, not a copy: originals can be 5 MB. Database buffers are never shared memory. */
const view = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

/**
 * The pictures Postgres holds (the default, and the pictures not yet moved to a bucket): an original in its images
 * row, inserted with its metadata by insertImage; variants in image_variants.
 */
export function createDatabaseImageStorage(sql: Sql): ImageStorage {
  const parse = (key: string) => {
    const m = KEY.exec(key);
    if (!m) throw new Error(`Not a picture's key: ${key}`);
    return { id: m[1]!, type: m[2] === undefined ? undefined : TYPES[m[2]], width: m[3] === undefined ? undefined : Number(m[3]) };
  };
  const get = async (key: string): Promise<StoredPicture | undefined> => {
    const { id, type, width } = parse(key);
    if (width === undefined) {
      const bytes = await readImageBytes(sql, id);
      return bytes && type ? { body: view(bytes), type, size: bytes.length } : undefined;
    }
    const variant = await readVariant(sql, id, width);
    return variant && { body: view(variant.bytes), type: variant.content_type, size: variant.bytes.length };
  };
  return {
    kind: 'db',
    async put(key, bytes, type) {
      const { id, width } = parse(key);
      // An original's bytes need its metadata in the same row: insertImage stores both at once.
      if (width === undefined) throw new Error('An original picture is stored in the database by insertImage');
      await saveVariant(sql, id, width, type, bytes);
    },
    get,
    exists: async (key) => (await get(key)) !== undefined,
    publicUrl: () => undefined,
    close: () => {},
  };
}

/** 404 from GetObject (NoSuchKey) or HeadObject (NotFound, which has no body to name it). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** The bucket of S3_BUCKET, or undefined when it is not set (pictures then stay in Postgres). */
export async function createBucketImageStorage(config: Config): Promise<ImageStorage | undefined> {
  const bucket = config.S3_BUCKET;
  if (!bucket) return undefined;
  // Loaded only when used: the SDK adds about 20 MB and 100 ms to a start-up that keeps pictures in Postgres.
  const { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    // The SDK's default checksums (CRC32 on every upload, since 3.729) are refused by several S3-compatible stores;
    // sending them only where the API requires them works with AWS and with those alike.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicBase = config.S3_PUBLIC_URL;
  return {
    kind: 's3',
    async put(key, bytes, type) {
      // The same long cache lifetime as the server's own answers, for clients sent to S3_PUBLIC_URL.
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: type, CacheControl: IMAGE_CACHE_CONTROL }));
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!out.Body) return undefined;
        return { body: out.Body.transformToWebStream(), type: out.ContentType ?? 'application/octet-stream', size: out.ContentLength };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    publicUrl: (key) => (publicBase ? `${publicBase}/${key}` : undefined),
    close: () => client.destroy(),
  };
}

/** All of a stored picture's bytes, e.g. an original from the bucket to be resized. */
export async function readWhole(picture: StoredPicture): Promise<Buffer> {
  if (picture.body instanceof Uint8Array) return Buffer.from(picture.body.buffer, picture.body.byteOffset, picture.body.byteLength);
  return Buffer.from(await new Response(picture.body).arrayBuffer());
}
