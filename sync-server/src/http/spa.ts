import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Sql } from '../db/connection.ts';
import { firstCardPictures, picturesInTime, splitIndexHtml } from './all-donations-first-paint.ts';
import { accepts } from './compression.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * Serves the built PWA from the same origin as the API. Files that exist are served as they are (hashed assets
 * cached for a year, the service worker and HTML never cached); a browser navigation (Accept: text/html) to any
 * other path gets index.html, so deep links like /donations/{id} open the app while `curl /donations/{id}`
 * (Accept: *\/*) still reaches the API.
 */
/** The encodings the build writes beside a file (pwa/build/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/**
 * The file to send: its Brotli or gzip copy when the build made one and the browser takes it. `Vary` is set whenever
 * a copy exists, so a shared cache keeps the plain and compressed answers apart.
 */
function precompressed(c: Context, file: string): string {
  const copies = ENCODINGS.filter((e) => existsSync(file + e.ext));
  if (!copies.length) return file;
  c.header('Vary', 'Accept-Encoding');
  const header = c.req.header('accept-encoding');
  const chosen = copies.find((e) => accepts(header, e.name));
  if (!chosen) return file;
  c.header('Content-Encoding', chosen.name);
  return file + chosen.ext;
}

/** `sql`, when given, reads the pictures of All Donations' first screen (all-donations-first-paint.ts). */
export function serveSpa(distDir: string, sql?: Sql) {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  // Read once: a new build means a restart. API paths have no extension, so they never touch the disk here.
  const index = existsSync(indexPath) ? splitIndexHtml(readFileSync(indexPath, 'utf8')) : undefined;
  const indexHtml = index?.page;
  const allDonations = sql && index?.forAllDonations;
  return createMiddleware(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // Hono has already decoded the path; decoding again would throw on a literal '%'.
    const path = c.req.path;
    if (extname(path)) {
      const file = normalize(join(root, path));
      if (file.startsWith(root + '/') && existsSync(file) && statSync(file).isFile()) {
        const immutable = path.startsWith('/assets/');
        c.header('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
        c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        return c.body(readFileSync(precompressed(c, file)));
      }
    }
    const wantsHtml = (c.req.header('accept') ?? '').includes('text/html');
    // A calendar feed's address opened in a browser, or by a calendar that asks for HTML too, gets the feed.
    if (wantsHtml && indexHtml && !path.startsWith('/images/') && !path.startsWith('/calendar/')) {
      c.header('Cache-Control', 'no-cache');
      // A visitor's list as it opens (no filter, order or view in the address): its first cards are in the page.
      if (allDonations && path === '/allDonations' && !new URL(c.req.url).search) {
        const page = allDonations(await picturesInTime(() => firstCardPictures(sql)));
        if (page) return c.html(page);
      }
      return c.html(indexHtml);
    }
    return next();
  });
}
