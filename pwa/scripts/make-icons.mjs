#!/usr/bin/env node
// @ts-check
// Renders the app icons in public/icons/ from the FoodBridge mark (the same drawing as public/favicon.svg).
// Run after changing the mark: `node pwa/scripts/make-icons.mjs`; the PNGs are committed, so builds need no sharp.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = resolve(dirname(fileURLToPath(import.meta.url)), '../public/icons');
const GREEN = '#166534';

// The mark on a 64-unit grid: a bridge (amber arc) under a sun/person (white), on a ground line.
const MARK =
  '<path d="M12 40c6-10 14-15 20-15s14 5 20 15" fill="none" stroke="#fbbf24" stroke-width="5" stroke-linecap="round"/>' +
  '<circle cx="32" cy="22" r="7" fill="#fff"/>' +
  '<path d="M10 44h44" stroke="#fff" stroke-width="4" stroke-linecap="round"/>';

/**
 * `radius` rounds the tile (0 = full bleed, for platforms that cut their own shape); `scale` shrinks the mark
 * toward the centre: a maskable icon's launcher may crop everything outside the central circle of 80 % diameter.
 * @param {{ radius: number, scale: number }} shape
 */
function svg({ radius, scale }) {
  const offset = (64 * (1 - scale)) / 2;
  // The mark spans y 15..46: centre it on the tile.
  const dy = offset + 1.5 * scale;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
      `<rect width="64" height="64" rx="${radius}" fill="${GREEN}"/>` +
      `<g transform="translate(${offset} ${dy}) scale(${scale})">${MARK}</g></svg>`,
  );
}

const icons = [
  // "any" icons: the rounded tile as on the favicon, the mark filling it.
  { file: 'icon-192.png', size: 192, radius: 14, scale: 1 },
  { file: 'icon-512.png', size: 512, radius: 14, scale: 1 },
  // Full-bleed square; the mark (which reaches 10..54 of 64) shrunk to stay inside the safe circle.
  { file: 'maskable-512.png', size: 512, radius: 0, scale: 0.8 },
  // iOS draws its own rounded corners and shows transparency as black: opaque, full bleed.
  { file: 'apple-touch-icon-180.png', size: 180, radius: 0, scale: 0.85 },
];

mkdirSync(out, { recursive: true });
for (const { file, size, radius, scale } of icons) {
  const png = await sharp(svg({ radius, scale }), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(join(out, file), png);
  console.log(`${file}  ${size}x${size}  ${png.length} bytes`);
}
