#!/usr/bin/env node
// @ts-check
// Is the running app installable? Opens it in Debian's Chromium with service workers on, waits until a service
// worker controls the page, then asks the DevTools protocol (Lighthouse 12+ has no PWA category any more).
// Builds nothing and starts nothing: give it a running server that serves the built PWA.
//
//   node pwa/scripts/check-installable.mjs http://localhost:8787 [--json]
//
// Exit 0: a service worker controls the page and Page.getInstallabilityErrors returned no error. Exit 1 otherwise.
// Serve it from localhost (or https): browsers give service workers to secure origins only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const json = args.includes('--json');
const base = args.find((a) => !a.startsWith('--'));
if (!base) {
  console.error('Usage: node pwa/scripts/check-installable.mjs <url of a running server> [--json]');
  process.exit(2);
}
const TIMEOUT = Number(process.env.CHECK_TIMEOUT_MS ?? 30_000);
/** @type {(msg: string) => void} */
const log = json ? () => {} : (msg) => console.log(msg);

// A persistent profile: Playwright's ordinary contexts are incognito, where Chromium refuses to install any app
// (installability error 'in-incognito').
const profile = mkdtempSync(join(tmpdir(), 'foodbridge-installable-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  serviceWorkers: 'allow',
});
/**
 * @type {{
 *   url: string, controlled: boolean,
 *   serviceWorker: { scope: string, scriptURL: string | null, state: string | null } | null,
 *   manifest: { url: string, errors: { message: string, critical: number }[] } | null,
 *   installabilityErrors: { errorId: string, errorArguments: { name: string, value: string }[] }[],
 *   problems: string[], pageErrors?: string[],
 * }}
 */
const result = { url: base, controlled: false, serviceWorker: null, manifest: null, installabilityErrors: [], problems: [] };
try {
  const page = context.pages()[0] ?? (await context.newPage());
  /** @type {string[]} */
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await page.goto(new URL('/', base).href, { waitUntil: 'load' });

  // The app registers its worker once the page is idle; the first install then claims the page.
  try {
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: TIMEOUT });
    result.controlled = true;
  } catch {
    result.problems.push(`no service worker controls the page after ${TIMEOUT / 1000}s`);
  }
  result.serviceWorker = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker?.getRegistration();
    const w = reg?.active ?? reg?.waiting ?? reg?.installing;
    return reg ? { scope: reg.scope, scriptURL: w?.scriptURL ?? null, state: w?.state ?? null } : null;
  });

  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  result.manifest = { url: manifest.url, errors: manifest.errors };
  for (const e of manifest.errors ?? []) {
    if (e.critical) result.problems.push(`manifest: ${e.message}`);
  }
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  result.installabilityErrors = installabilityErrors;
  for (const e of installabilityErrors) {
    const detail = (e.errorArguments ?? []).map((a) => `${a.name}=${a.value}`).join(', ');
    result.problems.push(`installability: ${e.errorId}${detail ? ` (${detail})` : ''}`);
  }
  if (pageErrors.length) result.pageErrors = pageErrors;

  if (json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    log(`Page:            ${page.url()}`);
    log(`Service worker:  ${result.serviceWorker ? `${result.serviceWorker.scriptURL} (${result.serviceWorker.state}), scope ${result.serviceWorker.scope}` : 'none registered'}`);
    log(`Controlled:      ${result.controlled ? 'yes' : 'NO'}`);
    log(`Manifest:        ${manifest.url || 'none linked'}${manifest.errors?.length ? ` (${manifest.errors.length} parser messages)` : ''}`);
    for (const e of manifest.errors ?? []) log(`  ${e.critical ? 'error' : 'warning'}: ${e.message}`);
    log(`Installability:  ${installabilityErrors.length ? `${installabilityErrors.length} error(s)` : 'no errors'}`);
    for (const p of result.problems) log(`  - ${p}`);
    for (const e of pageErrors) log(`  page error: ${e}`);
  }
  process.exitCode = result.problems.length ? 1 : 0;
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await context.close().catch(() => {});
  rmSync(profile, { recursive: true, force: true });
}
