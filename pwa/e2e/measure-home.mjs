#!/usr/bin/env node
// @ts-check
// How much JavaScript the signed-out home page downloads, gzipped: every script response the page requests (entry,
// module preloads, lazy chunks fetched while it settles), each body compressed here with gzip -9, then summed.
// The figure for the README and the 125 kB budget of issue 4 (FACTS.md measures library costs the same way).
//
//   node pwa/e2e/measure-home.mjs               builds the PWA if needed, starts the sync-server on a temp database
//   node pwa/e2e/measure-home.mjs <url>         measures an already running server instead (e.g. http://localhost:8787)
//   add --json for machine-readable output
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { ensureBuild, startServer } from './lib/server.mjs';

const args = process.argv.slice(2);
const json = args.includes('--json');
const urlArg = args.find((a) => !a.startsWith('--'));
const BUDGET = 125_000;

/** @type {(msg: string) => void} */
const log = json ? () => {} : (msg) => console.error(msg);
/** @type {Awaited<ReturnType<typeof startServer>> | null} */
let server = null;
/** @type {import('playwright-core').Browser | null} */
let browser = null;
/** @type {string | null} */
let privateDist = null;
try {
  let base = urlArg ?? process.env.E2E_BASE_URL;
  if (!base) {
    const dist = ensureBuild(log);
    if (process.env.E2E_PRIVATE_BUILD === '1' && dist.startsWith(tmpdir())) privateDist = dist;
    server = await startServer({ dist, log });
    base = server.url;
  }
  process.env.E2E_BASE_URL = base;
  const { DESKTOP, launchChromium, readThrough } = await import('./lib/browser.mjs');
  browser = await launchChromium();
  const context = await browser.newContext({ ...DESKTOP, serviceWorkers: 'block' });
  const page = await context.newPage();

  const scripts = new Map();
  /** Counts the script at `url` once, from its body (read only then). @param {string} url @param {() => Promise<Buffer>} body */
  const count = (url, body) => {
    if (scripts.has(url)) return;
    scripts.set(
      url,
      body().then(
        (b) => ({ url, raw: b.length, gzip: gzipSync(b, { level: 9 }).length }),
        () => null,
      ),
    );
  };
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() !== 'script' && !type.includes('javascript')) return;
    if (res.status() >= 300) return;
    count(res.url(), () => res.body());
  });
  // A worker's script is JavaScript the page downloads too, but its response is not the page's (/intl-warm.js):
  // read again here, from the same server.
  page.on('worker', (worker) => count(worker.url(), () => fetch(worker.url()).then(async (res) => Buffer.from(await res.arrayBuffer()))));

  // What the visitor sees without scrolling, then the rest of the page: chunks loaded on the way down count too.
  await readThrough(page, new URL('/', base).href);

  const files = (await Promise.all(scripts.values())).filter(Boolean).sort((a, b) => b.gzip - a.gzip);
  const total = files.reduce((n, f) => n + f.gzip, 0);
  const raw = files.reduce((n, f) => n + f.raw, 0);
  if (json) {
    console.log(JSON.stringify({ url: base, files, totalGzipBytes: total, totalRawBytes: raw, budgetBytes: BUDGET }, null, 2));
  } else {
    const origin = new URL(base).origin;
    for (const f of files) {
      const name = f.url.startsWith(origin) ? f.url.slice(origin.length) : f.url;
      console.log(`${String(f.gzip).padStart(9)}  ${String(f.raw).padStart(9)}  ${name}`);
    }
    console.log(`${'gzip -9'.padStart(9)}  ${'raw'.padStart(9)}`);
    console.log(
      `Signed-out home page: ${files.length} scripts, ${total.toLocaleString('en-US')} bytes of gzipped JavaScript ` +
        `(${(total / 1000).toFixed(1)} kB; raw ${(raw / 1000).toFixed(1)} kB). Budget ${BUDGET / 1000} kB: ` +
        `${total <= BUDGET ? 'within' : 'OVER'}.`,
    );
  }
  process.exitCode = 0;
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await server?.stop();
  if (privateDist) rmSync(privateDist, { recursive: true, force: true });
}
