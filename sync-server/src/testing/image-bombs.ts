// Hostile image files for the upload tests: small files that claim, or decode to, huge pictures, and files that are
// not the picture they say they are. Built by hand from the formats' specs, so no 30,000 x 30,000 picture is ever
// held in memory to make them.
import { createDeflate } from 'node:zlib';
import sharp from 'sharp';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Deflates `rows` rows of zero bytes (each row: filter byte 0, then `stride` bytes) a chunk at a time. */
async function deflateZeroRows(rows: number, stride: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const perChunk = Math.max(1, Math.floor((4 * 1024 * 1024) / (stride + 1)));
  const chunk = Buffer.alloc(perChunk * (stride + 1));
  for (let left = rows; left > 0; left -= perChunk) {
    const part = left >= perChunk ? chunk : chunk.subarray(0, left * (stride + 1));
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A valid 1-bit grayscale PNG of `width` x `height` black pixels: 30,000 x 30,000 is 112 MB of packed pixels (and
 * 900 MB once a decoder unpacks them to a byte each) from a file of about 110 kB (zeros compress 1,000 to 1).
 */
export async function pngBomb(width = 30_000, height = 30_000): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', await deflateZeroRows(height, Math.ceil(width / 8))),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/**
 * A 35-byte GIF of one `width` x `height` frame whose pixel data ends at once: a decoder allocates the whole frame
 * (and browsers the whole screen) before it finds the data missing.
 */
export function gifBomb(width = 30_000, height = 30_000): Buffer {
  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'latin1');
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  screen[10] = 0x80; // a global colour table of 2 entries
  const colours = Buffer.from([0, 0, 0, 255, 255, 255]);
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]);
  frame.writeUInt16LE(width, 5);
  frame.writeUInt16LE(height, 7);
  return Buffer.concat([screen, colours, frame]);
}

function riffChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

const uint24 = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]);

/**
 * An animated WebP of a 1 x 1 frame on a `width` x `height` canvas, 90 bytes: the decoder composes each frame onto
 * the full canvas. libvips reads canvases up to 16,383 pixels a side, so the largest it opens is 268 million pixels.
 */
export async function webpBomb(width = 16_383, height = 16_383): Promise<Buffer> {
  const dot = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).webp({ lossless: true }).toBuffer();
  // The one frame's bitstream chunk (VP8L) of that 1 x 1 picture.
  const frameChunk = dot.subarray(12);
  const vp8x = Buffer.concat([Buffer.from([0x02, 0, 0, 0]), uint24(width - 1), uint24(height - 1)]); // flag: animation
  const anim = Buffer.from([0, 0, 0, 0, 0, 0]); // background colour, loop count
  const anmf = Buffer.concat([uint24(0), uint24(0), uint24(0), uint24(0), uint24(100), Buffer.from([0]), frameChunk]);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), riffChunk('VP8X', vp8x), riffChunk('ANIM', anim), riffChunk('ANMF', anmf)]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from(Uint32Array.of(body.length).buffer), body]);
}

/** A real 8 x 8 JPEG whose frame header is changed to claim `width` x `height`. */
export async function jpegBomb(width = 30_000, height = 30_000): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).jpeg().toBuffer());
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"><rect width="100%" height="100%"/></svg>',
);
export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);
/** Starts as a GIF (so a check of the first bytes alone passes it) but is an SVG to a decoder that looks further. */
export const GIF_SVG_POLYGLOT = Buffer.concat([Buffer.from('GIF89a', 'latin1'), SVG_WITH_SCRIPT]);

/** A real PNG of random pixels cut off half way: its header reads fine, its pixels do not. */
export async function truncatedPng(): Promise<Buffer> {
  const noise = Buffer.from(Array.from({ length: 64 * 64 * 3 }, (_, i) => (i * 7919) % 251));
  const png = await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } }).png().toBuffer();
  return png.subarray(0, Math.floor(png.length / 2));
}
