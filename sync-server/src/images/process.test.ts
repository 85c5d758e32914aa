import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
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
import { ImageRejected, inspectImage, renderVariant } from './process.ts';

const TOO_MANY_PIXELS = 'The image dimensions are too large. Please upload a smaller picture.';
const NOT_SUPPORTED = 'The file is not a supported image. Please upload a JPEG, PNG, WebP or GIF picture.';
const UNREADABLE = 'The image could not be read. It may be damaged; please try another picture.';

async function refusal(bytes: Buffer): Promise<string> {
  const err = await inspectImage(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'refused').toBeInstanceOf(ImageRejected);
  return (err as Error).message;
}

/** Peak resident memory of this process, in MB (it only grows, so a difference is what `work` added at most). */
const peakMb = () => process.resourceUsage().maxRSS / 1024;

describe('decompression bombs', () => {
  it('refuses a 110 kB PNG of 30,000 x 30,000 pixels from its header, without decoding it', async () => {
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const before = peakMb();
    const cpu = process.cpuUsage();
    expect(await refusal(bomb)).toBe(TOO_MANY_PIXELS);
    // Decoding it would take 900 MB (or, streamed, seconds of CPU); refused from the header, it costs next to nothing.
    // CPU time, not the clock's: a busy machine makes the refusal slower, not costlier.
    expect(peakMb() - before).toBeLessThan(64);
    const spent = process.cpuUsage(cpu);
    expect((spent.user + spent.system) / 1000).toBeLessThan(500);
  });

  it.each([
    ['a 35-byte GIF of one 30,000 x 30,000 frame', () => Promise.resolve(gifBomb())],
    ['a 90-byte animated WebP on a 16,383 x 16,383 canvas', () => webpBomb()],
    ['a JPEG whose header claims 30,000 x 30,000', () => jpegBomb()],
  ])('refuses %s', async (_name, make) => {
    const bomb = await make();
    const before = peakMb();
    expect(await refusal(bomb)).toBe(TOO_MANY_PIXELS);
    expect(peakMb() - before).toBeLessThan(64);
  });

  it('has sharp itself refuse a bomb that reaches the variant renderer', async () => {
    // The second line of defence: `limitInputPixels` on every image sharp opens, should a stored file ever be one.
    await expect(renderVariant(await webpBomb(), 320)).rejects.toThrow(/pixel limit/);
  });
});

describe('files that are not the picture they claim to be', () => {
  it.each([
    ['an SVG', SVG],
    ['an SVG with a script', SVG_WITH_SCRIPT],
    ['text', Buffer.from('hello, this is not a picture')],
    ['an empty file', Buffer.alloc(0)],
    ['a PDF', Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj <<>> endobj\n')],
  ])('refuses %s as not supported', async (_name, bytes) => {
    expect(await refusal(bytes)).toBe(NOT_SUPPORTED);
  });

  it('refuses an AVIF, which sharp reads but we do not accept', async () => {
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).avif().toBuffer();
    expect(await refusal(avif)).toBe(NOT_SUPPORTED);
  });

  it('refuses a file that starts as a GIF but is an SVG', async () => {
    expect(await refusal(GIF_SVG_POLYGLOT)).toBe(UNREADABLE);
  });

  it('refuses a PNG whose header reads but whose pixels are cut off', async () => {
    // Accepted before (only the header was read), it was stored, and every ?w= variant of it failed with a 500.
    expect(await refusal(await truncatedPng())).toBe(UNREADABLE);
  });

  it('accepts a real picture and reads its size', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } }).png().toBuffer();
    await expect(inspectImage(png)).resolves.toEqual({ type: 'image/png', width: 40, height: 30 });
  });
});
