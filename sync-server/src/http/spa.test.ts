import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { accepts } from './compression.ts';

let t: TestApp;
const bigJs = 'console.log("compress me");\n'.repeat(500);
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      appFiles: {
        'index.html': '<!doctype html><title>FoodBridge</title>',
        'assets/app-1234.js': 'console.log(1)',
        'sw.js': 'self.x = 1',
        'assets/big-5678.js': bigJs,
        'assets/big-5678.js.br': brotliCompressSync(bigJs),
        'assets/big-5678.js.gz': gzipSync(bigJs),
      },
    },
  );
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

describe('precompressed assets', () => {
  const text = (body: unknown) => Buffer.from(body as ArrayBuffer);

  it('sends the Brotli copy to a browser that takes it, gzip to one that takes only gzip, the file to others', async () => {
    const br = await t.request('GET', '/assets/big-5678.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('text/javascript');
    expect(brotliDecompressSync(text(br.body)).toString()).toBe(bigJs);

    const gz = await t.request('GET', '/assets/big-5678.js', { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');

    const plain = await t.request('GET', '/assets/big-5678.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    expect(text(plain.body).toString()).toBe(bigJs);
  });

  it('leaves a small file without copies as it is', async () => {
    const res = await t.request('GET', '/assets/app-1234.js', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(res.body as ArrayBuffer).toString()).toBe('console.log(1)');
  });

  it.each([
    ['br', 'br', true],
    ['gzip, br;q=0', 'br', false],
    ['*', 'br', true],
    ['*;q=0, gzip', 'br', false],
    ['GZIP;q=0.5', 'gzip', true],
    [undefined, 'gzip', false],
  ])('Accept-Encoding %s takes %s: %s', (header, name, expected) => {
    expect(accepts(header, name)).toBe(expected);
  });
});
