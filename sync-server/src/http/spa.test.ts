import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'fb-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>FoodBridge</title>');
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(dist, 'sw.js'), 'self.x = 1');
  t = await createTestApp({ PWA_DIST: dist });
});
afterAll(() => t?.close());

describe('serving the app beside the API', () => {
  it('gives a browser navigation the app and a program the API, on the same path', async () => {
    const page = await t.request('GET', '/donations/verified', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const api = await t.request('GET', '/donations/verified', { headers: { accept: '*/*' } });
    expect(api.status).toBe(200);
    expect(Array.isArray(api.body)).toBe(true);
  });

  it('caches hashed assets for a year and the service worker never', async () => {
    const asset = await t.request('GET', '/assets/app-1234.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const sw = await t.request('GET', '/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers malformed or escaping paths without a server error', async () => {
    for (const path of ['/a%zz', '/%E0%A4%A', '/assets/..%2F..%2Fetc%2Fpasswd.js', '/../package.json']) {
      const res = await t.request('GET', path, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBeLessThan(500);
      expect(String(new TextDecoder().decode(res.body as ArrayBuffer))).not.toContain('"name"');
    }
  });
});
