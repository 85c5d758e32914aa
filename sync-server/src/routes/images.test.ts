import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, MSG, UPLOAD_QUOTA } from '@foodbridge/shared';
import { loadConfig } from '../config.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
});
afterAll(() => t?.close());

/** Noise, so that the encoded picture is big and a resize visibly shrinks it. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });

function form(bytes: Uint8Array | string, type: string, name: string, field = 'image') {
  const f = new FormData();
  f.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return f;
}

const upload = (body: FormData | string, token: string | undefined = user.token, headers?: Record<string, string>) =>
  t.request('POST', '/images', { body, token, headers });

const imageCount = async () => (await t.sql`SELECT count(*)::int AS n FROM images`)[0]!.n as number;

const bytesOf = (body: ArrayBuffer) => Buffer.from(body);

async function uploaded(bytes: Buffer, type = 'image/png', name = 'photo.png') {
  const res = await upload(form(bytes, type, name));
  expect(res.status).toBe(201);
  return res.body.data as { url: string; id: string; width: number; height: number };
}

describe('POST /images', () => {
  it('stores a PNG and answers like the image host, with a same-origin url and the size', async () => {
    const png = await picture(120, 80).png().toBuffer();
    const res = await upload(form(png, 'image/png', 'photo.png'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { url: `/images/${res.body.data.id}`, id: expect.any(String), width: 120, height: 80 } });
    const got = await t.get(res.body.data.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(bytesOf(got.body).equals(png)).toBe(true);
    const [row] = await t.sql`SELECT owner_id, byte_size FROM images WHERE id = ${res.body.data.id}`;
    expect(row).toEqual({ owner_id: user.id, byte_size: png.length });
  });

  it('accepts JPEG, WebP and GIF, each served with its own type', async () => {
    const cases = [
      ['image/jpeg', await picture(40, 30).jpeg().toBuffer()],
      ['image/webp', await picture(40, 30).webp().toBuffer()],
      ['image/gif', await picture(40, 30).gif().toBuffer()],
    ] as const;
    for (const [type, bytes] of cases) {
      const data = await uploaded(bytes, 'application/octet-stream', 'upload.bin');
      expect(data).toMatchObject({ width: 40, height: 30 });
      expect((await t.get(data.url)).headers.get('content-type')).toBe(type);
      const small = await t.get(`${data.url}?w=96`);
      expect(await sharp(bytesOf(small.body)).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });
    }
  });

  it('trusts the content, not the declared type or name: a PNG called photo.jpg is stored as PNG', async () => {
    const png = await picture(30, 30).png().toBuffer();
    const data = await uploaded(png, 'image/jpeg', 'photo.jpg');
    expect((await t.get(data.url)).headers.get('content-type')).toBe('image/png');
    const [row] = await t.sql`SELECT content_type FROM images WHERE id = ${data.id}`;
    expect(row!.content_type).toBe('image/png');
  });

  it('refuses a text file declared as image/png, and a damaged image, with a readable 400', async () => {
    const before = await imageCount();
    const text = await upload(form('hello, I am not a picture', 'image/png', 'cat.png'));
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/not a supported image/);
    const svg = await upload(form('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml', 'x.svg'));
    expect(svg.status).toBe(400);
    const png = await picture(30, 30).png().toBuffer();
    const broken = await upload(form(Buffer.concat([png.subarray(0, 16), Buffer.alloc(64, 7)]), 'image/png', 'b.png'));
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/could not be read/);
    expect(await imageCount()).toBe(before);
  });

  it('refuses a missing field, an empty file, a text field and a non-multipart body with a 400', async () => {
    const png = await picture(10, 10).png().toBuffer();
    const wrongField = await upload(form(png, 'image/png', 'p.png', 'file'));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toMatch(/field "image"/);
    const empty = await upload(form(new Uint8Array(0), 'image/png', 'p.png'));
    expect(empty.status).toBe(400);
    const textField = new FormData();
    textField.append('image', 'https://example.test/cat.png');
    expect((await upload(textField)).status).toBe(400);
    const garbled = await upload('--nope\r\nthis is not multipart', user.token, {
      'content-type': 'multipart/form-data; boundary=xyz',
    });
    expect(garbled.status).toBe(400);
    expect(garbled.body.message).toEqual(expect.any(String));
    const json = await t.post('/images', { image: 'data:image/png;base64,AAAA' }, user.token);
    expect(json.status).toBe(400);
    expect(json.body.message).toMatch(/multipart/);
  });

  it('refuses a file over 5 MB with a 413 and the same message whether the route or the body limit sees it', async () => {
    const jpeg = await picture(50, 40).jpeg().toBuffer();
    // JPEG readers stop at the end marker, so padding keeps the picture valid while setting its size exactly.
    const pad = (size: number) => Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
    const over = await upload(form(pad(IMAGE_MAX_BYTES + 1), 'image/jpeg', 'big.jpg'));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ message: 'Image is larger than 5 MB', code: 'images/too-large', values: { mb: 5 } });
    const wayOver = await upload(form(pad(IMAGE_MAX_BYTES * 2), 'image/jpeg', 'huge.jpg'));
    expect(wayOver.status).toBe(413);
    expect(wayOver.body).toEqual({ message: 'Image is larger than 5 MB', code: 'images/too-large', values: { mb: 5 } });
    const exact = await upload(form(pad(IMAGE_MAX_BYTES), 'image/jpeg', 'max.jpg'));
    expect(exact.status).toBe(201);
  });

  it('reports the displayed size of a phone photo turned by its EXIF orientation', async () => {
    const turned = await picture(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await uploaded(turned, 'image/jpeg', 'phone.jpg')).toMatchObject({ width: 100, height: 200 });
  });

  it('requires a signed-in caller', async () => {
    const png = await picture(10, 10).png().toBuffer();
    const res = await t.request('POST', '/images', { body: form(png, 'image/png', 'p.png') });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG.signInRequired);
  });
});

describe('GET /images/:id', () => {
  let original: Buffer;
  let image: { url: string; id: string; width: number; height: number };
  beforeAll(async () => {
    original = await picture(800, 600).jpeg({ quality: 95 }).toBuffer();
    image = await uploaded(original, 'image/jpeg', 'big.jpg');
  });

  it('serves the original publicly with long-lived cache headers and an ETag', async () => {
    const res = await t.get(image.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(bytesOf(res.body).equals(original)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match, and the full image to a stale one', async () => {
    const etag = (await t.get(image.url)).headers.get('etag')!;
    const again = await t.request('GET', image.url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.body.byteLength).toBe(0);
    const weakList = await t.request('GET', image.url, { headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weakList.status).toBe(304);
    const stale = await t.request('GET', image.url, { headers: { 'if-none-match': '"something-else"' } });
    expect(stale.status).toBe(200);
    expect(bytesOf(stale.body).equals(original)).toBe(true);
  });

  it('resizes ?w= to the next standard width as WebP, once, and keeps serving the stored variant', async () => {
    const res = await t.get(`${image.url}?w=150`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(bytesOf(res.body)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 192, height: 144 });
    expect(res.body.byteLength).toBeLessThan(original.length / 4);

    const again = await t.get(`${image.url}?w=192`);
    expect(bytesOf(again.body).equals(bytesOf(res.body))).toBe(true);
    const rows = await t.sql`SELECT width FROM image_variants WHERE image_id = ${image.id}`;
    expect(rows.map((r) => r.width)).toEqual([192]);

    const etag = res.headers.get('etag')!;
    expect(etag).not.toBe((await t.get(image.url)).headers.get('etag'));
    expect((await t.request('GET', `${image.url}?w=150`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('never enlarges: a width above the original gives the original width', async () => {
    const res = await t.get(`${image.url}?w=5000`);
    expect(res.status).toBe(200);
    expect(await sharp(bytesOf(res.body)).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
    const small = await uploaded(await picture(100, 50).png().toBuffer());
    const variant = await t.get(`${small.url}?w=640`);
    expect(await sharp(bytesOf(variant.body)).metadata()).toMatchObject({ width: 100, height: 50 });
  });

  it('answers concurrent first requests for a new variant, storing it once', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.get(`${image.url}?w=480`)));
    for (const a of answers) expect(a.status).toBe(200);
    const rows = await t.sql`SELECT width FROM image_variants WHERE image_id = ${image.id} AND width = 480`;
    expect(rows).toHaveLength(1);
  });

  it('answers 400 for an invalid id or width and 404 for an unknown image', async () => {
    const bad = await t.get('/images/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.invalidId);
    for (const w of ['0', 'abc', '-5', '1.5', '', '99999999']) {
      const res = await t.get(`${image.url}?w=${w}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^w must be/);
    }
    const unknown = await t.get(`/images/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Image not found');
    expect((await t.get(`/images/${randomUUID()}?w=100`)).status).toBe(404);
  });
});

describe('upload quota per account and day', () => {
  // A smaller allowance than the default 50 MB and 200 files, so that it is used up in a few uploads; the server
  // reads it from its settings, and the default is the shared constant.
  const quota = { bytesPerDay: 10 * 1024 * 1024, filesPerDay: 20 };
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp({ UPLOAD_QUOTA_BYTES_PER_DAY: String(quota.bytesPerDay), UPLOAD_QUOTA_FILES_PER_DAY: String(quota.filesPerDay) });
  });
  afterAll(() => q?.close());
  const uploadTo = (body: FormData, token: string) => q.request('POST', '/images', { body, token });

  it('is 50 MB and 200 pictures unless set, and at least one picture of the largest size', () => {
    expect(UPLOAD_QUOTA).toEqual({ bytesPerDay: 50 * 1024 * 1024, filesPerDay: 200 });
    expect(loadConfig({})).toMatchObject({ UPLOAD_QUOTA_BYTES_PER_DAY: UPLOAD_QUOTA.bytesPerDay, UPLOAD_QUOTA_FILES_PER_DAY: UPLOAD_QUOTA.filesPerDay });
    expect(() => loadConfig({ UPLOAD_QUOTA_BYTES_PER_DAY: String(IMAGE_MAX_BYTES - 1) })).toThrow(/UPLOAD_QUOTA_BYTES_PER_DAY must be at least 5242880/);
    expect(() => loadConfig({ UPLOAD_QUOTA_FILES_PER_DAY: '0' })).toThrow(/UPLOAD_QUOTA_FILES_PER_DAY/);
  });

  it('stores at most the set bytes of pictures per account and day, then refuses with 429, Retry-After and a message', async () => {
    const uploader = await createUser(q, { role: 'restaurant' });
    // Stored uncompressed, a plain picture of about 4.5 MB (under the 5 MB per file) that is quick to check.
    const big = await sharp({ create: { width: 1250, height: 1250, channels: 3, background: '#a0c0e0' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(big.length).toBeLessThan(IMAGE_MAX_BYTES);
    const fits = Math.floor(quota.bytesPerDay / big.length);
    expect(fits).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < fits; i++) {
      expect((await uploadTo(form(big, 'image/png', `big-${i}.png`), uploader.token)).status).toBe(201);
    }
    const over = await uploadTo(form(big, 'image/png', 'one-more.png'), uploader.token);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^This picture would take you over the 10 MB of pictures allowed in one day\. Please try again in 2[34] hours\.$/);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    const [stored] = await q.sql`SELECT count(*)::int AS n, sum(byte_size)::bigint AS bytes FROM images WHERE owner_id = ${uploader.id}`;
    expect(stored!.n).toBe(fits);
    expect(Number(stored!.bytes)).toBeLessThanOrEqual(quota.bytesPerDay);
    // A smaller picture still fits in what is left; someone else's allowance is their own.
    expect((await uploadTo(form(await picture(40, 30).png().toBuffer(), 'image/png', 'small.png'), uploader.token)).status).toBe(201);
    expect((await uploadTo(form(big, 'image/png', 'theirs.png'), (await createUser(q)).token)).status).toBe(201);
  });

  it('stores at most the set number of pictures per account and day; a refused file takes nothing', async () => {
    const uploader = await createUser(q);
    const tiny = await picture(8, 8).png().toBuffer();
    for (let i = 0; i < 3; i++) expect((await uploadTo(form('not an image', 'image/png', 'x.png'), uploader.token)).status).toBe(400);
    for (let i = 0; i < quota.filesPerDay; i++) {
      const res = await uploadTo(form(tiny, 'image/png', `tiny-${i}.png`), uploader.token);
      expect(res.status, `upload ${i}`).toBe(201);
    }
    const over = await uploadTo(form(tiny, 'image/png', 'one-more.png'), uploader.token);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^You have uploaded the 20 pictures allowed in one day\. Please try again in 2[34] hours\.$/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
