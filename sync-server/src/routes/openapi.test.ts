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
    const html = text(res.body);
    expect(html).toContain('FoodBridge API reference');
    expect(html).not.toContain('FoodBridge app');
  });

  it('runs under the Content-Security-Policy: its only script comes from this origin', async () => {
    const res = await t.request('GET', '/api/docs', { headers: browser });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/connect-src 'self'/);
    const scripts = [...text(res.body).matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![2]!.trim(), 'no inline script').toBe('');
    const src = /src="([^"]+)"/.exec(scripts[0]![1]!)![1]!;
    expect(src).toMatch(/^\/api\/docs\/docs\.js\?v=[0-9a-f]{12}$/);

    const script = await t.request('GET', src, { headers: { accept: '*/*' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(text(script.body)).toContain("fetch('/openapi.json')");
  });

  it('does not let a browser keep an unversioned script address', async () => {
    const script = await t.request('GET', '/api/docs/docs.js');
    expect(script.headers.get('cache-control')).toBe('no-cache');
  });

  it('leaves other navigations to the app', async () => {
    const res = await t.request('GET', '/api/other', { headers: browser });
    expect(text(res.body)).toContain('FoodBridge app');
  });
});
