import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@foodbridge/shared';
import {
  GIF_SVG_POLYGLOT,
  SVG,
  SVG_WITH_SCRIPT,
  gifBomb,
  jpegBomb,
  pngBomb,
  truncatedPng,
  webpBomb,
} from '../testing/image-bombs.ts';
import { insertImage } from '../db/images.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

// Hostile uploads through the whole app: each is refused with a 400 or 413 and a sentence, and nothing is stored.
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
});
afterAll(async () => {
  await t?.deps.changes?.close?.();
  await t?.close();
});

function upload(bytes: Uint8Array, type: string, name: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return t.request('POST', '/images', { body: form, token: user.token });
}

const storedImages = async () => (await t.sql`SELECT count(*)::int AS n FROM images`)[0]!.n as number;

const TOO_MANY_PIXELS = 'The image dimensions are too large. Please upload a smaller picture.';
const NOT_SUPPORTED = 'The file is not a supported image. Please upload a JPEG, PNG, WebP or GIF picture.';
const UNREADABLE = 'The image could not be read. It may be damaged; please try another picture.';

describe('POST /images with a hostile file', () => {
  it.each([
    ['a 110 kB PNG of 30,000 x 30,000 pixels', () => pngBomb(), 'image/png', 'bomb.png'],
    ['a 35-byte GIF of 30,000 x 30,000 pixels', () => Promise.resolve(gifBomb()), 'image/gif', 'bomb.gif'],
    ['a 90-byte WebP on a 16,383 x 16,383 canvas', () => webpBomb(), 'image/webp', 'bomb.webp'],
    ['a JPEG that claims 30,000 x 30,000 pixels', () => jpegBomb(), 'image/jpeg', 'bomb.jpg'],
  ])('refuses %s with 400 and a message', async (_name, make, type, file) => {
    const before = await storedImages();
    const res = await upload(await make(), type, file);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: TOO_MANY_PIXELS, code: 'images/too-many-pixels' });
    expect(await storedImages()).toBe(before);
  });

  it.each([
    ['an SVG', SVG, 'image/svg+xml', 'picture.svg'],
    ['an SVG with a script, sent as a PNG', SVG_WITH_SCRIPT, 'image/png', 'picture.png'],
    ['text', Buffer.from('not a picture'), 'image/jpeg', 'photo.jpg'],
  ])('refuses %s as not supported', async (_name, bytes, type, file) => {
    const res = await upload(bytes, type, file);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: NOT_SUPPORTED, code: 'images/not-supported' });
  });

  it('refuses a file that starts as a GIF but is an SVG', async () => {
    const res = await upload(GIF_SVG_POLYGLOT, 'image/gif', 'photo.gif');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: UNREADABLE, code: 'images/unreadable' });
  });

  it('refuses a PNG whose pixels are cut off, instead of storing it to fail each time it is shown', async () => {
    // Before: 201, and then every GET /images/{id}?w= of it was a 500.
    const before = await storedImages();
    const res = await upload(await truncatedPng(), 'image/png', 'cut.png');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: UNREADABLE, code: 'images/unreadable' });
    expect(await storedImages()).toBe(before);
  });

  it('refuses a 6 MB file with 413 and a message', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).png().toBuffer();
    const big = Buffer.concat([png, randomBytes(6 * 1024 * 1024 - png.length)]);
    expect(big.length).toBeGreaterThan(IMAGE_MAX_BYTES);
    const res = await upload(big, 'image/png', 'big.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Image is larger than 5 MB', code: 'images/too-large', values: { mb: 5 } });
  });

  it('still stores a real picture and renders its variants', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0a0' } }).png().toBuffer();
    const res = await upload(png, 'image/png', 'ok.png');
    expect(res.status).toBe(201);
    const variant = await t.get(`${res.body.data.url}?w=200`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
  });
});

describe('a damaged picture stored before uploads were test-decoded', () => {
  it('is still served as it is, and a resized copy is refused with a sentence, not a 500', async () => {
    const bytes = await truncatedPng();
    const { id } = await insertImage(t.sql, { ownerId: user.id, type: 'image/png', width: 64, height: 64, bytes });
    const original = await t.get(`/images/${id}`);
    expect(original.status).toBe(200);
    const resized = await t.get(`/images/${id}?w=320`);
    expect(resized.status).toBe(422);
    expect(resized.body).toEqual({ message: 'This picture cannot be resized; open it without ?w=.', code: 'images/not-resizable' });
  });
});
