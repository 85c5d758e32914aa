import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertManyDonations } from '../testing/fixtures.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { answerHeaders, heldBody } from './answer.ts';

let t: TestApp;
let charity: TestUser;
let server: ReturnType<typeof serve>;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  charity = await createUser(t, { role: 'charity' });
  await insertManyDonations(t.sql, await createUser(t, { role: 'restaurant' }), 3);
  // Also installs @hono/node-server's light Response as the global one, as in production.
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await t?.close();
});

describe("@hono/node-server's private layout that answer.ts reads (ADR 011)", () => {
  const entry = createRequire(import.meta.url).resolve('@hono/node-server');
  const version = (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
  const changed = `@hono/node-server ${version} no longer has the layout answer.ts reads: see ADR 011 to adapt or remove it`;

  it('keeps [status, body, headers as given] under one own symbol described "cache", on the global Response serve() installs', () => {
    const made = { 'content-type': 'application/json' };
    const res = new Response('{"a":1}', { status: 202, headers: made });
    const symbols = Object.getOwnPropertySymbols(res).filter((s) => s.description === 'cache');
    expect(symbols, changed).toHaveLength(1);
    const held: unknown = (res as unknown as Record<symbol, unknown>)[symbols[0]!];
    expect(held, changed).toEqual([202, '{"a":1}', made]);
    // The very object given, not a copy: a view that replaces it replaces what the server writes (checked below).
    expect((held as unknown[])[2], changed).toBe(made);
  });
});

describe('answerHeaders over a light answer', () => {
  // Fails when an upgrade of @hono/node-server changes the layout this module reads: every answer would still be
  // right (the standard Headers API takes over), but /donations/{id} would lose the throughput issue 9 measured.
  it('reads and changes the plain headers the answer was made with, without a Headers object', () => {
    const made = { 'Content-Type': 'application/json', Vary: 'Origin' };
    const res = new Response('{"a":1}', { status: 201, headers: made });
    const headers = answerHeaders(res);
    expect(headers.constructor.name).toBe('RecordHeaders');
    expect(heldBody(res)).toBe('{"a":1}');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.has('VARY')).toBe(true);
    headers.set('vary', 'Origin, Accept-Encoding');
    headers.set('X-Request-Id', 'r1');
    headers.delete('Content-Type');
    headers.assign({ 'x-request-id': 'r1', 'x-frame-options': 'DENY' });
    headers.delete('X-Frame-Options');
    expect(headers.get('Vary')).toBe('Origin, Accept-Encoding');
    expect(headers.has('content-type')).toBe(false);
    // The object given to the constructor may be shared between answers: it is left as it was.
    expect(made).toEqual({ 'Content-Type': 'application/json', Vary: 'Origin' });
    // What the view changed is what the answer says through the standard API.
    expect(Object.fromEntries(res.headers)).toEqual({ vary: 'Origin, Accept-Encoding', 'x-request-id': 'r1' });
    expect(res.status).toBe(201);
  });

  it('is the same view for every middleware, until something reads res.headers', () => {
    const res = new Response('{}', { headers: { 'content-type': 'application/json' } });
    const first = answerHeaders(res);
    first.set('X-A', '1');
    expect(answerHeaders(res)).toBe(first);
    expect(res.headers.get('x-a')).toBe('1');
    const after = answerHeaders(res);
    after.set('X-B', '2');
    expect(res.headers.get('x-b')).toBe('2');
    expect(res.headers.get('x-a')).toBe('1');
  });

  it('falls back to the standard Headers for an answer made with a Headers object', () => {
    const res = new Response('x', { headers: new Headers({ 'content-type': 'text/plain' }) });
    const headers = answerHeaders(res);
    headers.set('X-A', '1');
    expect(res.headers.get('x-a')).toBe('1');
  });
});

describe('the finished answer', () => {
  const comparable = (h: Headers) => {
    const out = Object.fromEntries(h);
    for (const name of ['date', 'connection', 'keep-alive', 'content-length', 'x-request-id']) delete out[name];
    return out;
  };

  it('has the same headers through the Node server (light answers) as through app.request (standard ones)', async () => {
    const [one] = (await t.get<{ _id: string }[]>('/donations/verified?limit=1')).body;
    for (const [path, token] of [
      [`/donations/${one!._id}`, charity.token],
      [`/donations/${one!._id}`, undefined],
      ['/donations/verified', undefined],
      ['/donations/not-an-id', charity.token],
      ['/nowhere', undefined],
    ] as const) {
      const init = { headers: { 'accept-encoding': 'br, gzip', ...(token ? { authorization: `Bearer ${token}` } : {}) } };
      const viaNode = await fetch(base + path, init);
      const inProcess = await t.app.request(path, init);
      expect(viaNode.status, path).toBe(inProcess.status);
      expect(viaNode.headers.get('x-request-id'), path).toMatch(/^[\w-]{12}-[0-9a-z]+$/);
      // fetch() decompresses what it receives; app.request() hands the bytes over as they are.
      expect(comparable(viaNode.headers), path).toEqual(comparable(inProcess.headers));
      const raw = Buffer.from(await inProcess.arrayBuffer());
      const encoding = inProcess.headers.get('content-encoding');
      const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
      expect(await viaNode.text(), path).toBe(body.toString());
    }
  });
});
