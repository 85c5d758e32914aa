import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSharp } from '../images/process.ts';
import type { FoodType, Role } from '@foodbridge/shared';

/**
 * Demo pictures drawn as SVG and rasterised by sharp, so the seeded app shows real images with no outside image
 * host and nothing to download. No <text>: a machine without fonts would render empty boxes.
 */

export interface RenderedImage {
  bytes: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

export const DONATION_IMAGE_SIZE = { width: 800, height: 600 } as const;
export const AVATAR_SIZE = 256;

/** Small deterministic PRNG: the same variant always draws the same picture, so reseeding is reproducible. */
function prng(seed: number): () => number {
  let s = (seed * 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10000) / 10000;
  };
}

const PALETTES: Record<FoodType, { from: string; to: string; dots: string }> = {
  Bakery: { from: '#fde7b0', to: '#f4a261', dots: '#fff6dc' },
  Produce: { from: '#d8f3b0', to: '#52b788', dots: '#f1ffe3' },
  'Cooked Meal': { from: '#ffd6c9', to: '#e76f51', dots: '#fff0ea' },
  'Packaged Goods': { from: '#cfe8ff', to: '#5a8dee', dots: '#eef6ff' },
};

const bread = `
  <g transform="rotate(-14) translate(-40 -95)">
    <path d="M-230 0 C-230 -32 -200 -44 -170 -44 L230 -44 C262 -44 282 -26 282 0 C282 26 262 44 230 44 L-170 44 C-200 44 -230 32 -230 0 Z" fill="#d9a05b"/>
    <path d="M-150 -16 l40 32 M-70 -16 l40 32 M10 -16 l40 32 M90 -16 l40 32 M170 -16 l40 32" stroke="#f3d3a1" stroke-width="12" stroke-linecap="round"/>
  </g>
  <path d="M-200 110 C-235 110 -250 80 -245 40 C-238 -60 -150 -110 0 -110 C150 -110 238 -60 245 40 C250 80 235 110 200 110 Z" fill="#b86b25"/>
  <path d="M-190 96 C-220 96 -230 72 -226 40 C-218 -46 -140 -92 0 -92 C140 -92 218 -46 226 40 C230 72 220 96 190 96 Z" fill="#d98b3a"/>
  <path d="M-120 -40 C-100 -62 -70 -64 -50 -44 M-20 -52 C0 -74 30 -76 50 -56 M80 -40 C100 -62 130 -64 150 -44" stroke="#f6cf8e" stroke-width="16" fill="none" stroke-linecap="round"/>
  <path d="M-226 60 C-150 80 150 80 226 60 L220 96 C150 112 -150 112 -220 96 Z" fill="#a55b1c" opacity=".55"/>`;

const produce = `
  <g transform="translate(0 20)">
    <path d="M-130 -60 L-150 -150 M-130 -60 L-110 -160 M-130 -60 L-170 -130" stroke="#2d6a4f" stroke-width="18" stroke-linecap="round"/>
    <path d="M-170 -70 C-175 -85 -90 -90 -88 -72 L-120 120 C-124 135 -138 135 -140 120 Z" fill="#f4842b"/>
    <path d="M-150 -30 l22 0 M-144 20 l20 0 M-136 70 l16 0" stroke="#d8641a" stroke-width="7" stroke-linecap="round"/>
    <circle cx="40" cy="40" r="92" fill="#e63946"/>
    <circle cx="10" cy="10" r="26" fill="#ff8a8f" opacity=".55"/>
    <path d="M40 -52 l18 -26 l6 30 l28 -8 l-22 22 l20 20 l-30 -6 l-20 20 l-6 -30 l-28 6 l22 -20 l-20 -22 l30 6 Z" fill="#2d6a4f"/>
    <ellipse cx="190" cy="70" rx="72" ry="66" fill="#74c365"/>
    <path d="M150 20 C180 60 200 90 230 120 M190 10 C190 60 190 100 190 136" stroke="#4c9a45" stroke-width="8" fill="none" stroke-linecap="round"/>
    <ellipse cx="150" cy="60" rx="48" ry="56" fill="#95d5b2" opacity=".75"/>
  </g>
  <rect x="-260" y="118" width="520" height="72" rx="14" fill="#9c6644"/>
  <rect x="-260" y="140" width="520" height="10" fill="#7f5539"/>
  <rect x="-260" y="166" width="520" height="10" fill="#7f5539"/>`;

const bowl = `
  <path d="M-60 -150 c-20 -30 20 -50 0 -80 M0 -160 c-20 -30 20 -50 0 -80 M60 -150 c-20 -30 20 -50 0 -80" stroke="#ffffff" stroke-width="12" fill="none" stroke-linecap="round" opacity=".8"/>
  <ellipse cx="0" cy="-20" rx="215" ry="62" fill="#f7e3c0"/>
  <circle cx="-110" cy="-46" r="34" fill="#fff8ea"/>
  <circle cx="-60" cy="-62" r="36" fill="#fff8ea"/>
  <circle cx="-5" cy="-70" r="38" fill="#fff8ea"/>
  <circle cx="52" cy="-62" r="36" fill="#fff8ea"/>
  <circle cx="104" cy="-46" r="32" fill="#fff8ea"/>
  <circle cx="-70" cy="-40" r="20" fill="#ffb703"/>
  <circle cx="30" cy="-44" r="18" fill="#e63946"/>
  <path d="M60 -78 q30 -30 60 -4 q-30 16 -60 4 Z" fill="#52b788"/>
  <path d="M-30 -84 q24 -28 54 -8 q-26 18 -54 8 Z" fill="#40916c"/>
  <path d="M-230 -20 C-230 90 -130 150 0 150 C130 150 230 90 230 -20 Z" fill="#264653"/>
  <path d="M-230 -20 C-226 20 -210 44 -190 64 L190 64 C210 44 226 20 230 -20 Z" fill="#2a9d8f"/>
  <rect x="-70" y="146" width="140" height="22" rx="11" fill="#1d3640"/>
  <path d="M150 -150 L300 -70" stroke="#6b4226" stroke-width="14" stroke-linecap="round"/>
  <path d="M175 -170 L320 -95" stroke="#8a5a36" stroke-width="14" stroke-linecap="round"/>`;

const boxes = `
  <rect x="-250" y="-10" width="240" height="180" rx="10" fill="#c68b59"/>
  <rect x="-250" y="-10" width="240" height="46" rx="10" fill="#b07545"/>
  <rect x="-150" y="-10" width="40" height="180" fill="#e8c39e" opacity=".8"/>
  <rect x="-230" y="120" width="70" height="30" rx="4" fill="#f6e7d3"/>
  <rect x="-190" y="-170" width="200" height="160" rx="10" fill="#d4a373"/>
  <rect x="-190" y="-170" width="200" height="40" rx="10" fill="#bc8a5f"/>
  <rect x="-110" y="-170" width="40" height="160" fill="#ecd0ac" opacity=".8"/>
  <g transform="translate(80 10)">
    <rect x="0" y="0" width="110" height="160" fill="#e63946"/>
    <rect x="0" y="46" width="110" height="66" fill="#f1faee"/>
    <circle cx="55" cy="79" r="22" fill="#e63946"/>
    <ellipse cx="55" cy="0" rx="55" ry="14" fill="#adb5bd"/>
    <ellipse cx="55" cy="160" rx="55" ry="14" fill="#c1121f"/>
  </g>
  <g transform="translate(205 40)">
    <rect x="0" y="0" width="90" height="130" fill="#2a9d8f"/>
    <rect x="0" y="38" width="90" height="54" fill="#f1faee"/>
    <path d="M30 65 l12 12 l20 -26" stroke="#2a9d8f" stroke-width="9" fill="none" stroke-linecap="round"/>
    <ellipse cx="45" cy="0" rx="45" ry="12" fill="#adb5bd"/>
    <ellipse cx="45" cy="130" rx="45" ry="12" fill="#1f7a70"/>
  </g>
  <g transform="translate(120 -150)">
    <rect x="0" y="20" width="120" height="140" rx="22" fill="#ffb703"/>
    <rect x="14" y="0" width="92" height="28" rx="8" fill="#fb8500"/>
    <rect x="20" y="62" width="80" height="56" rx="8" fill="#fff3d6"/>
  </g>`;

const ILLUSTRATIONS: Record<FoodType, string> = {
  Bakery: bread,
  Produce: produce,
  'Cooked Meal': bowl,
  'Packaged Goods': boxes,
};

export function donationSvg(foodType: FoodType, variant = 0): string {
  const { width, height } = DONATION_IMAGE_SIZE;
  const p = PALETTES[foodType];
  const rand = prng(variant + 1 + foodType.length * 97);
  const dots = Array.from({ length: 14 }, () => {
    const r = 10 + rand() * 46;
    return `<circle cx="${(rand() * width).toFixed(0)}" cy="${(rand() * height).toFixed(0)}" r="${r.toFixed(0)}" fill="${p.dots}" opacity="${(0.18 + rand() * 0.3).toFixed(2)}"/>`;
  }).join('');
  const angle = Math.round(rand() * 90);
  const scale = (0.92 + rand() * 0.12).toFixed(2);
  const dx = Math.round((rand() - 0.5) * 60);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)">
      <stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/>
    </linearGradient>
    <radialGradient id="glow" cx=".5" cy=".45" r=".55">
      <stop offset="0" stop-color="#ffffff" stop-opacity=".55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  ${dots}
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  <ellipse cx="${400 + dx}" cy="505" rx="270" ry="34" fill="#000000" opacity=".13"/>
  <g transform="translate(${400 + dx} 320) scale(${scale})">${ILLUSTRATIONS[foodType]}</g>
</svg>`;
}

const ROLE_COLOURS: Record<Role, [string, string]> = {
  admin: ['#6d597a', '#355070'],
  restaurant: ['#f4a261', '#e76f51'],
  charity: ['#52b788', '#2d6a4f'],
  user: ['#4cc9f0', '#4361ee'],
};

// A small badge per role, drawn in a 60x60 box and kept inside the circle a client crops the avatar to: shield, chef's hat, heart, leaf.
const ROLE_BADGES: Record<Role, string> = {
  admin: '<path d="M30 8 L50 16 L50 30 C50 42 41 50 30 54 C19 50 10 42 10 30 L10 16 Z" fill="#355070"/>',
  restaurant:
    '<path d="M16 34 C6 34 6 18 18 20 C18 8 42 8 42 20 C54 18 54 34 44 34 L44 48 L16 48 Z" fill="#ffffff" stroke="#e76f51" stroke-width="4"/>',
  charity: '<path d="M30 52 C10 38 6 28 12 20 C18 12 28 14 30 22 C32 14 42 12 48 20 C54 28 50 38 30 52 Z" fill="#e63946"/>',
  user: '<path d="M14 46 C14 24 30 12 48 12 C48 34 36 46 14 46 Z M14 46 L34 26" fill="#52b788" stroke="#2d6a4f" stroke-width="4" stroke-linecap="round"/>',
};

export function avatarSvg(role: Role, variant = 0): string {
  const s = AVATAR_SIZE;
  const [from, to] = ROLE_COLOURS[role];
  const rand = prng(variant + 7);
  const angle = Math.round(rand() * 180);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 256 256">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="256" height="256" fill="url(#bg)"/>
  <circle cx="${40 + Math.round(rand() * 40)}" cy="${40 + Math.round(rand() * 30)}" r="60" fill="#ffffff" opacity=".12"/>
  <circle cx="128" cy="100" r="46" fill="#ffffff" opacity=".92"/>
  <path d="M44 230 C44 176 84 150 128 150 C172 150 212 176 212 230 Z" fill="#ffffff" opacity=".92"/>
  <circle cx="182" cy="182" r="34" fill="#ffffff"/>
  <g transform="translate(157 157) scale(.84)">${ROLE_BADGES[role]}</g>
</svg>`;
}

/**
 * Where `npm run build` leaves the demo pictures already rasterised (scripts/build.mjs), named by their drawing's
 * hash: a server seeding from them never loads sharp, which would stay resident (~70 MB with libvips' cache and
 * threads) for a seed that runs once (issue 9's memory target). A drawing changed since the build has no file and
 * is rasterised here, as it is under tsx in tests.
 */
const PRERENDERED_DIR = fileURLToPath(new URL('../../dist/seed-images/', import.meta.url));
const prerenderedFile = (svg: string) => join(PRERENDERED_DIR, `${createHash('sha256').update(svg).digest('hex').slice(0, 32)}.jpg`);

async function rasterise(svg: string): Promise<Buffer> {
  return (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

async function toJpeg(svg: string, width: number, height: number): Promise<RenderedImage> {
  const bytes = (await readFile(prerenderedFile(svg)).catch(() => undefined)) ?? (await rasterise(svg));
  return { bytes, contentType: 'image/jpeg', width, height };
}

/** An 800x600 JPEG for a donation: a gradient in the food type's colours with a simple vector illustration. */
export function renderDonationImage(foodType: FoodType, variant = 0): Promise<RenderedImage> {
  return toJpeg(donationSvg(foodType, variant), DONATION_IMAGE_SIZE.width, DONATION_IMAGE_SIZE.height);
}

/** A square profile picture: a figure on the role's colours with a role badge. */
export function renderAvatar(role: Role, variant = 0): Promise<RenderedImage> {
  return toJpeg(avatarSvg(role, variant), AVATAR_SIZE, AVATAR_SIZE);
}

/** Rasterises `svgs` into the folder toJpeg reads first (the build's step; see PRERENDERED_DIR). */
export async function prerender(svgs: readonly string[]): Promise<number> {
  await mkdir(PRERENDERED_DIR, { recursive: true });
  await Promise.all(svgs.map(async (svg) => writeFile(prerenderedFile(svg), await rasterise(svg))));
  return svgs.length;
}
