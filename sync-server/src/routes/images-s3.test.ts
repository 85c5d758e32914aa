import { HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../testing/s3-stand-in.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

// Pictures in S3-compatible object storage (issue 14), through the real AWS SDK against a local S3 (s3rver).

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3?.close());

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });

function form(bytes: Buffer, type: string, name: string) {
  const f = new FormData();
  f.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
}

async function upload(t: TestApp, user: TestUser, bytes: Buffer, type: string, name: string) {
  const res = await t.request('POST', '/images', { body: form(bytes, type, name), token: user.token });
  expect(res.status).toBe(201);
  return res.body.data as { url: string; id: string; width: number; height: number };
}

const CACHE_FOREVER = 'public, max-age=31536000, immutable';

describe('with S3_BUCKET: pictures in the bucket, streamed by the server', () => {
  let t: TestApp;
  let user: TestUser;
  let original: Buffer;
  let image: { url: string; id: string };
  beforeAll(async () => {
    t = await createTestApp(s3.env);
    user = await createUser(t);
    original = await picture(800, 600).jpeg({ quality: 90 }).toBuffer();
    image = await upload(t, user, original, 'image/jpeg', 'big.jpg');
  });
  afterAll(() => t?.close());

  it('puts the upload in the bucket, byte for byte, and keeps only its metadata in Postgres', async () => {
    const key = `images/${image.id}/original.jpg`;
    expect((await s3.read(key))?.equals(original)).toBe(true);
    const [row] = await t.sql`
      SELECT storage, storage_key, bytes, byte_size, width, height, content_type, owner_id FROM images WHERE id = ${image.id}`;
    expect(row).toEqual({
      storage: 's3',
      storage_key: key,
      bytes: null,
      byte_size: original.length,
      width: 800,
      height: 600,
      content_type: 'image/jpeg',
      owner_id: user.id,
    });
  });

  it('serves the original from the bucket with the same long cache headers, and 304 to a matching ETag', async () => {
    const res = await t.get(image.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe(CACHE_FOREVER);
    expect(res.headers.get('content-length')).toBe(String(original.length));
    expect(Buffer.from(res.body).equals(original)).toBe(true);
    const again = await t.request('GET', image.url, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('renders ?w= and stores the variant beside the original in the bucket', async () => {
    const res = await t.get(`${image.url}?w=150`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(CACHE_FOREVER);
    expect(await sharp(Buffer.from(res.body)).metadata()).toMatchObject({ format: 'webp', width: 192, height: 144 });
    expect(await s3.keys(`images/${image.id}/`)).toEqual([`images/${image.id}/original.jpg`, `images/${image.id}/w192.webp`]);
    expect((await s3.read(`images/${image.id}/w192.webp`))?.equals(Buffer.from(res.body))).toBe(true);
    // Nothing of the picture is written to Postgres's variant table.
    expect(await t.sql`SELECT 1 FROM image_variants WHERE image_id = ${image.id}`).toHaveLength(0);
    const again = await t.get(`${image.url}?w=192`);
    expect(Buffer.from(again.body).equals(Buffer.from(res.body))).toBe(true);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await t.get('/images/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('with S3_PUBLIC_URL: pictures redirected to the bucket', () => {
  let t: TestApp;
  let image: { url: string; id: string };
  const publicUrl = 'https://pictures.example.test/foodbridge';
  beforeAll(async () => {
    t = await createTestApp({ ...s3.env, S3_PUBLIC_URL: `${publicUrl}/` });
    const user = await createUser(t);
    image = await upload(t, user, await picture(400, 300).png().toBuffer(), 'image/png', 'p.png');
  });
  afterAll(() => t?.close());

  it('answers 302 to the public address of the original', async () => {
    const res = await t.get(image.url);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${publicUrl}/images/${image.id}/original.png`);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
  });

  it('makes a missing variant before pointing at it, and stores it with the long cache headers', async () => {
    const res = await t.get(`${image.url}?w=100`);
    expect(res.status).toBe(302);
    const key = `images/${image.id}/w192.webp`;
    expect(res.headers.get('location')).toBe(`${publicUrl}/${key}`);
    const variant = await s3.read(key);
    expect(await sharp(variant!).metadata()).toMatchObject({ format: 'webp', width: 192 });
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head).toMatchObject({ ContentType: 'image/webp', CacheControl: CACHE_FOREVER });
  });
});

describe('without S3_BUCKET', () => {
  it('keeps pictures in Postgres as before, and says so for one it cannot reach', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t);
      const bytes = await picture(64, 48).png().toBuffer();
      const image = await upload(t, user, bytes, 'image/png', 'p.png');
      const [row] = await t.sql`SELECT storage, storage_key, bytes FROM images WHERE id = ${image.id}`;
      expect(row).toEqual({ storage: 'db', storage_key: null, bytes });
      expect(Buffer.from((await t.get(image.url)).body).equals(bytes)).toBe(true);
      // A picture another server put in a bucket this one is not configured for: an error that names the cause.
      await t.sql`UPDATE images SET storage = 's3', storage_key = 'images/x/original.png', bytes = NULL WHERE id = ${image.id}`;
      const res = await t.get(image.url);
      expect(res.status).toBe(503);
      expect(JSON.stringify(res.body)).toContain('object storage');
    } finally {
      await t.close();
    }
  });
});
