import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertManyDonations } from '../testing/fixtures.ts';
import { createTestApp, createUser, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertManyDonations(t.sql, await createUser(t, { role: 'restaurant' }), 40);
});
afterAll(() => t?.close());

const get = (path: string, acceptEncoding?: string) =>
  t.app.request(path, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('compressed answers', () => {
  it('sends a JSON list as Brotli to a client that takes it, and it reads back as the same list', async () => {
    const plain = await (await get('/donations/verified')).text();
    const res = await get('/donations/verified', 'gzip, deflate, br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = Buffer.from(await res.arrayBuffer());
    expect(brotliDecompressSync(body).toString()).toBe(plain);
    expect(body.length).toBeLessThan(plain.length / 5);
  });

  it('falls back to gzip, and sends it as it is to a client that takes neither', async () => {
    const gz = await get('/donations/verified', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toHaveLength(40);
    const none = await get('/donations/verified', 'identity');
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(await none.json()).toHaveLength(40);
  });

  it('leaves small answers as they are', async () => {
    const res = await get('/healthz', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('leaves a short refusal as readable JSON', async () => {
    const res = await get('/donations/verified?limit=abc', 'br');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(((await res.json()) as { message: string }).message).toMatch(/limit/);
  });

  // Through @hono/node-server, whose light answers the middleware reads without a stream (app.request above uses
  // the runtime's own Response): the same outcome either way.
  it('through the Node server, sends a small answer as it is, with its Vary, and still compresses a large one', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const [one] = (await (await get('/donations/verified?limit=1')).json()) as { _id: string }[];
      const small = await fetch(`${base}/donations/${one!._id}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(small.headers.get('content-encoding')).toBeNull();
      expect(small.headers.get('vary')).toContain('Accept-Encoding');
      expect(((await small.json()) as { _id: string })._id).toBe(one!._id);
      const large = await fetch(`${base}/donations/verified`, { headers: { 'accept-encoding': 'br' } });
      expect(large.headers.get('content-encoding')).toBe('br');
      expect((await large.json()) as unknown[]).toHaveLength(40);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
