import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// With a built app beside the API, as in production: a browser navigation (Accept: text/html) to any other path
// gets the app's index.html.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { appFiles: { 'index.html': '<!doctype html><title>FoodBridge app</title>' } });
});
afterAll(() => t?.close());

const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const text = (body: ArrayBuffer) => new TextDecoder().decode(body);

describe('GET /openapi.json', () => {
  it('answers the OpenAPI 3.1 document to anyone, cacheable', async () => {
    const res = await t.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.paths['/donations/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('is not swallowed by the app when a browser opens it', async () => {
    const res = await t.request('GET', '/openapi.json', { headers: browser });
    expect(res.body.openapi).toBe('3.1.0');
  });

  it('is served even with a stale or invalid token, since it is about nobody', async () => {
    const res = await t.request('GET', '/openapi.json', { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(200);
  });
});

describe('GET /api/docs', () => {
  it('gives a browser the reference page, not the app', async () => {
    const res = await t.request('GET', '/api/docs', { headers: browser });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const html = text(res.body);
    expect(html).toContain('<title>FoodBridge API reference</title>');
    expect(html).not.toContain('FoodBridge app');
  });

  it('runs under the Content-Security-Policy: no inline script, nothing from another origin', async () => {
    const res = await t.request('GET', '/api/docs', { headers: browser });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'[;]/);
    expect(csp).toMatch(/connect-src 'self'[;]/);
    const html = text(res.body);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((s) => /\bsrc="([^"]+)"/.exec(s[1]!)?.[1])).toEqual([
      // Ours first: it sets what Scalar's bundle reads as it loads.
      expect.stringMatching(/^\/api\/docs\/docs\.js\?v=[0-9a-f]{12}$/),
      expect.stringMatching(/^\/api\/docs\/scalar\.js\?v=[0-9a-f]{12}$/),
    ]);
    for (const [, , body] of scripts) expect(body!.trim(), 'no inline script').toBe('');
    expect(html, 'no event handler attribute').not.toMatch(/\son[a-z]+=/i);
    expect(html, 'no address of another origin').not.toMatch(/(?:https?:)?\/\/[a-z0-9]/i);
    // Scalar's styles come with its script; the only other file is the app's icon.
    expect([...html.matchAll(/<link\b[^>]*>/gi)].map((m) => m[0])).toEqual(['<link rel="icon" href="/favicon.svg" type="image/svg+xml">']);
  });

  it('serves Scalar’s bundle as installed, in Brotli or gzip when the client takes it, kept for a year at its versioned address', async () => {
    const page = text((await t.request('GET', '/api/docs', { headers: browser })).body);
    const src = /src="(\/api\/docs\/scalar\.js\?v=[0-9a-f]+)"/.exec(page)![1]!;
    const raw = await t.request('GET', src, { headers: { accept: '*/*' } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(raw.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(raw.headers.get('content-encoding')).toBeNull();
    const bundle = text(raw.body);
    expect(bundle).toContain('createApiReference');
    expect(createHash('sha256').update(bundle).digest('hex')).toMatch(new RegExp(`^${src.split('v=')[1]}`));

    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.request('GET', src, { headers: { accept: '*/*', 'accept-encoding': `${encoding}` } });
      expect(res.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(res.headers.get('vary'), encoding).toMatch(/accept-encoding/i);
      expect(res.headers.get('cache-control'), encoding).toBe('public, max-age=31536000, immutable');
      expect(res.body.byteLength, encoding).toBeLessThan(bundle.length / 3);
      expect(decode(Buffer.from(res.body)).equals(Buffer.from(bundle)), encoding).toBe(true);
    }
  });

  it('starts Scalar with our options from a script of its own: this document, no outside font, proxy or service', async () => {
    const page = text((await t.request('GET', '/api/docs', { headers: browser })).body);
    const src = /src="(\/api\/docs\/docs\.js\?v=[0-9a-f]+)"/.exec(page)![1]!;
    const script = await t.request('GET', src, { headers: { accept: '*/*' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = text(script.body);
    // Zod, inside the bundle, told not to probe for eval (which the policy refuses, and the browser reports).
    expect(body).toContain('(globalThis.__zod_globalConfig ??= {}).jitless = true;');
    const options = JSON.parse(/Scalar\.createApiReference\('#reference', (\{.*\})\)\);/.exec(body)![1]!) as Record<string, unknown>;
    expect(options).toMatchObject({ url: '/openapi.json', withDefaultFonts: false, agent: { disabled: true }, showDeveloperTools: 'never', telemetry: false });
    expect(options).not.toHaveProperty('proxyUrl');
    expect(page).toContain('<div id="reference"></div>');
  });

  it('does not let a browser keep an unversioned script address', async () => {
    for (const path of ['/api/docs/docs.js', '/api/docs/scalar.js', '/api/docs/scalar.js?v=000000000000']) {
      const script = await t.request('GET', path, { headers: { 'accept-encoding': 'br' } });
      expect(script.status, path).toBe(200);
      expect(script.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('leaves other navigations to the app', async () => {
    const res = await t.request('GET', '/api/other', { headers: browser });
    expect(text(res.body)).toContain('FoodBridge app');
  });
});
