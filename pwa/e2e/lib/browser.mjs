// @ts-check
// Chromium, contexts per role, sign-in helpers and failure artifacts shared by the browser tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { pwaDir } from './server.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */
/** @typedef {import('playwright-core').BrowserContextOptions} ContextOptions */
/** @typedef {import('node:test').TestContext} TestContext */
/** @typedef {Awaited<ReturnType<typeof openHarness>>} Harness */
/** @typedef {Awaited<ReturnType<typeof apiAs>>} Api */

export const BASE_URL = process.env.E2E_BASE_URL || 'http://127.0.0.1:8787';
export const DEMO_PASSWORD = 'foodbridge123';
export const ACCOUNTS = {
  admin: 'admin@foodbridge.test',
  restaurant: 'restaurant@foodbridge.test',
  charity: 'charity@foodbridge.test',
  user: 'user@foodbridge.test',
};
export const ARTIFACTS = join(pwaDir, 'e2e', 'artifacts');

/** Phones for the charity and restaurant flows (360 px, the spec's smallest target); a desktop for the admin. */
export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

export const TIMEOUT = Number(process.env.E2E_TIMEOUT_MS ?? 15_000);
/** The longest a call to the server may take in a test: an answer that never comes fails with its name, not the file. */
export const API_TIMEOUT = 30_000;

/**
 * fetch, given API_TIMEOUT to answer: Node's own fetch waits 300 s for headers, which is a whole test file's time.
 * @param {string} url
 * @param {RequestInit} init
 */
async function fetchInTime(url, init) {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(API_TIMEOUT) });
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError') throw new Error(`${init.method ?? 'GET'} ${url} got no answer within ${API_TIMEOUT / 1000} s`);
    throw err;
  }
}

/**
 * `promise`, or a failure naming `what` after `ms`: for steps with no timeout of their own (a page's evaluate,
 * setViewportSize, a new context), so that one that never answers fails with a reason instead of holding the run.
 * @template T
 * @param {number} ms
 * @param {string} what
 * @param {Promise<T>} promise
 * @returns {Promise<T>}
 */
export function within(ms, what, promise) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, late]).finally(() => clearTimeout(timer)));
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * False when the page's JavaScript does not answer within two seconds (a frozen tab cannot be screenshotted).
 * @param {Page} page
 */
async function responds(page) {
  return within(2000, 'the page', page.evaluate(() => true).catch(() => true)).catch(() => false);
}

export const slug = (/** @type {string} */ s) => s.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase().slice(0, 80);

/**
 * One browser per test file. `context(label, device)` opens a fresh context (its own storage, so its own signed-in
 * account); `guard(name, fn)` wraps a test body so that a failure saves a screenshot of every open page into
 * e2e/artifacts/ and names the page and its recent console errors in the error message.
 */
export async function openHarness() {
  const browser = await launchChromium();
  /** @type {{ label: string, page: Page, errors: string[] }[]} */
  const pages = [];

  /**
   * `options` go to browser.newContext: e.g. { serviceWorkers: 'allow' } or another server's { baseURL }.
   * @param {string} label
   * @param {ContextOptions} [device]
   * @param {ContextOptions} [options]
   */
  async function context(label, device = DESKTOP, options = {}) {
    const ctx = await within(
      30_000,
      `opening a browser context for ${label}`,
      browser.newContext({
        ...device,
        baseURL: BASE_URL,
        serviceWorkers: 'block',
        timezoneId: 'UTC',
        locale: 'en-US',
        ...options,
      }),
    );
    ctx.setDefaultTimeout(TIMEOUT);
    ctx.setDefaultNavigationTimeout(30_000);
    const page = await within(30_000, `opening a page for ${label}`, ctx.newPage());
    /** @type {{ label: string, page: Page, errors: string[] }} */
    const entry = { label, page, errors: [] };
    page.on('pageerror', (err) => entry.errors.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') entry.errors.push(`console.error: ${msg.text()}`);
    });
    page.on('requestfailed', (req) => {
      const failure = req.failure()?.errorText ?? '';
      // Navigations away from a loading page abort its pending requests; that is not an error.
      if (!failure.includes('ERR_ABORTED')) entry.errors.push(`request failed: ${req.method()} ${req.url()} ${failure}`);
    });
    page.on('response', (res) => {
      if (res.status() >= 500) entry.errors.push(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
    });
    pages.push(entry);
    return page;
  }

  /** @param {string} testName */
  async function capture(testName) {
    mkdirSync(ARTIFACTS, { recursive: true });
    const notes = [];
    for (const { label, page, errors } of pages) {
      if (page.isClosed()) continue;
      const file = join(ARTIFACTS, `${slug(testName)}--${slug(label)}.png`);
      if (!(await responds(page))) {
        notes.push(`[${label}] at ${page.url()}: the page does not respond (its main thread is busy: an endless render or navigation loop?)`);
        for (const e of errors.slice(-5)) notes.push(`[${label}]   ${e}`);
        continue;
      }
      try {
        await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
        writeFileSync(file.replace(/\.png$/, '.html'), await page.content());
      } catch (err) {
        notes.push(`[${label}] screenshot failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      notes.push(`[${label}] at ${page.url()} -> ${file}`);
      for (const e of errors.slice(-5)) notes.push(`[${label}]   ${e}`);
    }
    return notes;
  }

  /**
   * @param {string} name
   * @param {(t: TestContext) => Promise<void>} fn
   * @returns {(t: TestContext) => Promise<void>}
   */
  function guard(name, fn) {
    return async (t) => {
      try {
        await fn(t);
      } catch (err) {
        const notes = await capture(name);
        if (notes.length && err instanceof Error) {
          // The reporter prints the stack, which holds a copy of the original message: rebuild both.
          const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 3);
          err.message += `\n  ${notes.join('\n  ')}`;
          err.stack = [`${err.name}: ${err.message}`, ...frames].join('\n');
        }
        throw err;
      }
    };
  }

  async function closeContexts() {
    for (const { page } of pages.splice(0)) await page.context().close().catch(() => {});
  }

  async function close() {
    await closeContexts();
    await browser.close().catch(() => {});
  }

  return { browser, context, guard, capture, closeContexts, close };
}

/**
 * Signs in through the login form and waits until the app has left /login.
 * @param {Page} page
 * @param {string} email
 * @param {string} [password]
 * @param {{ from?: string | null }} [options] `from: null` signs in on the page already open
 */
export async function signIn(page, email, password = DEMO_PASSWORD, { from = '/login' } = {}) {
  if (from) await page.goto(from);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/login'));
}

/**
 * Opens `url` and reads it to the end as a visitor would, half a screen at a time, so that what loads on the way down
 * (pictures, lazy chunks) is asked for too; then waits for the network to settle.
 * @param {import('playwright-core').Page} page
 * @param {string} url
 */
export async function readThrough(page, url) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
}

/**
 * Closes the toasts on screen with their close buttons. On a 360 px phone a toast covers the header's menu button,
 * and a pointer resting on a toast pauses its timer, so waiting for it to leave would not work either.
 * @param {Page} page
 */
export async function dismissToasts(page) {
  const close = page.getByRole('button', { name: /close toast/i }).filter({ visible: true });
  for (let i = 0; i < 5 && (await close.count()) > 0; i++) {
    await close.first().click({ force: true }).catch(() => {});
  }
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 3000 }).catch(() => {});
}

/**
 * Opens a dashboard screen from the side menu (a drawer behind the menu button on phones), as a person would.
 * @param {Page} page
 * @param {string} label
 */
export async function openFromMenu(page, label) {
  if (!new URL(page.url()).pathname.startsWith('/dashBoard')) await page.goto('/dashBoard');
  const openMenu = page.getByRole('button', { name: 'Open dashboard menu' });
  await page.getByRole('navigation', { name: 'Dashboard' }).or(openMenu).first().waitFor();
  if (await openMenu.isVisible()) {
    await dismissToasts(page);
    await openMenu.click();
  }
  const link = page.getByRole('navigation', { name: 'Dashboard' }).filter({ visible: true }).getByRole('link', { name: label, exact: true });
  const href = await link.getAttribute('href');
  await link.click();
  await page.waitForURL((url) => url.pathname === href);
}

/**
 * Where an element is on the page (layout checks: mirrored in right to left, side by side); fails if it is not laid out.
 * @param {Locator} locator
 */
export async function box(locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} is not laid out`);
  return b;
}

/**
 * @param {Page} page
 * @param {string | RegExp} text
 * @param {{ exact?: boolean }} [opts]
 */
export function waitForText(page, text, opts = {}) {
  return page.getByText(text, opts).first().waitFor({ state: 'visible' });
}

/**
 * Waits until a locator matches nothing visible (a row that disappears, a spinner that ends).
 * @param {Locator} locator
 */
export function waitGone(locator, timeout = TIMEOUT) {
  return locator.first().waitFor({ state: 'hidden', timeout });
}

/**
 * Retries an assertion until it passes or the time is up; returns its last result.
 * @template T
 * @param {() => T | Promise<T>} fn resolves false (or throws) while the condition does not hold
 * @param {{ timeout?: number, interval?: number, what?: string }} [options]
 * @returns {Promise<Exclude<T, false>>}
 */
export async function eventually(fn, { timeout = TIMEOUT, interval = 250, what = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  let lastError;
  for (;;) {
    try {
      const result = await fn();
      if (result !== false) return /** @type {Exclude<T, false>} */ (result);
      lastError = new Error(`${what} was false`);
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      if (lastError instanceof Error) lastError.message = `Timed out waiting for ${what}: ${lastError.message}`;
      throw lastError;
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}

/**
 * The server's API with a demo account's token, to check what the screens claim to have done. `base` picks another
 * server than the suite's (a second sync-server process). The answers are what the server sent, unchecked.
 * @param {string} email
 * @param {string} [password]
 * @param {{ base?: string }} [options]
 */
export async function apiAs(email, password = DEMO_PASSWORD, { base = BASE_URL } = {}) {
  const res = await fetchInTime(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`API sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  const { idToken } = /** @type {{ idToken: string }} */ (await res.json());
  /** @type {(method: string, path: string, body?: unknown) => Promise<any>} */
  const call = async (method, path, body) => {
    const r = await fetchInTime(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${idToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    const data = text ? JSON.parse(text) : null;
    if (!r.ok) throw new Error(`${method} ${path} -> ${r.status}: ${text}`);
    return data;
  };
  return {
    token: idToken,
    get: (/** @type {string} */ p) => call('GET', p),
    post: (/** @type {string} */ p, /** @type {unknown} */ b) => call('POST', p, b),
    patch: (/** @type {string} */ p, /** @type {unknown} */ b = undefined) => call('PATCH', p, b),
    del: (/** @type {string} */ p) => call('DELETE', p),
    /**
     * Any call with extra headers; answers { status, headers, data } whatever the status.
     * @param {string} method
     * @param {string} path
     * @param {{ body?: unknown, headers?: Record<string, string> }} [options]
     * @returns {Promise<{ status: number, headers: Headers, data: any }>}
     */
    raw: async (method, path, { body, headers = {} } = {}) => {
      const r = await fetchInTime(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${idToken}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await r.text();
      return { status: r.status, headers: r.headers, data: text ? JSON.parse(text) : null };
    },
  };
}

/**
 * A `datetime-local` value `minutes` from now on this machine's clock (the browser's), to the minute: a planned pickup
 * that falls before a fresh cooked meal's best before (the form proposes 4 hours).
 * @param {number} minutes
 */
export function localInputIn(minutes) {
  const at = new Date(Date.now() + minutes * 60_000);
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
