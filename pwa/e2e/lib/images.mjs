// @ts-check
// Small valid PNG pictures for the upload fields, generated so that the tests need no binary fixtures.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** @param {Buffer} buf */
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = /** @type {number} */ (CRC_TABLE[(c ^ b) & 0xff]) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** @typedef {[number, number, number]} Rgb */

/**
 * A width x height RGB PNG: a diagonal gradient between two colours, so it is recognisably a picture.
 * @param {number} [width]
 * @param {number} [height]
 * @param {Rgb} [from]
 * @param {Rgb} [to]
 */
export function makePng(width = 64, height = 48, from = [22, 101, 52], to = [245, 158, 11]) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0 + pixels
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height - 2 || 1);
      for (const ch of /** @type {const} */ ([0, 1, 2])) row[1 + x * 3 + ch] = Math.round(from[ch] + (to[ch] - from[ch]) * t);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The shape Playwright's setInputFiles takes.
 * @param {string} name
 * @param {Parameters<typeof makePng>} args
 */
export function pngFile(name, ...args) {
  return { name, mimeType: 'image/png', buffer: makePng(...args) };
}

/**
 * A camera-like JPEG for setInputFiles: `width` x `height` of blurred noise (a flat colour would shrink to nothing
 * once the app resizes it). About 1 MB at 3,200 x 2,400.
 * @param {string} name
 * @param {{ width?: number, height?: number, shade?: number }} [options]
 */
export async function photoFile(name, { width = 3200, height = 2400, shade = 120 } = {}) {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#787878', noise: { type: 'gaussian', mean: shade, sigma: 36 } } })
    .blur(1.65)
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}
