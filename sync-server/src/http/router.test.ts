import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';
import { UnsupportedPathError, type Result, type Router } from 'hono/router';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { apiRouter, SegmentRouter } from './router.ts';

/** A match as handler numbers with their parameters, in order, whatever form the router gave it in. */
function plain(result: Result<number>): Array<[number, Record<string, string>]> {
  const [found, stash] = result;
  return found.map(([handler, params]) => {
    const out: Record<string, string> = {};
    for (const key of Object.keys(params)) out[key] = stash ? stash[(params as Record<string, number>)[key]!]! : (params as Record<string, string>)[key]!;
    return [handler, out];
  });
}

/** Paths around each pattern: filled in, then bent (trailing slash, empty or extra segment, other case, literal clash). */
function pathsAround(patterns: string[]): string[] {
  const out = new Set(['/', '//', '/x', '/nothing/here', '/donations/', '/donations//history', '/DONATIONS/verified', '/sync/donations/pull/stream', '/%2F', '/a/b/c/d/e']);
  for (const pattern of patterns) {
    if (pattern.includes('*')) continue;
    for (const value of ['abc', '5b0c1a7e-2d7e-4a53-9a55-3c4c5f0e9d11', 'verified', 'me', 'a.b', '%20x', 'read-all']) {
      const path = pattern.replace(/:[A-Za-z_]+/g, value);
      out.add(path);
      out.add(`${path}/`);
      out.add(`${path}/extra`);
      out.add(path.replace(/\/[^/]*$/, ''));
      out.add(path.replace(/\/[^/]+$/, '/'));
      out.add(path.toUpperCase());
    }
  }
  return [...out];
}

describe('the API router', () => {
  let t: TestApp;
  let withPages: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    withPages = await createTestApp({ PWA_DIST: '/nonexistent-pwa-dist' });
  });
  afterAll(async () => {
    await t?.close();
    await withPages?.close();
  });

  it("finds what TrieRouter finds, in the same order with the same parameters, for every route of the app and paths around them", () => {
    for (const app of [t.app, withPages.app]) {
      const routes = app.routes;
      expect(routes.length).toBeGreaterThan(50);
      const ours = new SegmentRouter<number>();
      const trie = new TrieRouter<number>();
      routes.forEach((r, i) => {
        ours.add(r.method, r.path, i);
        trie.add(r.method, r.path, i);
      });
      const paths = pathsAround(routes.map((r) => r.path));
      let matched = 0;
      for (const method of ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'PROPFIND']) {
        for (const path of paths) {
          const expected = plain(trie.match(method, path));
          expect(plain(ours.match(method, path)), `${method} ${path}`).toEqual(expected);
          if (expected.some(([handler]) => routes[handler]!.path !== '/*')) matched++;
        }
      }
      // The comparison covered real routes, not only the middlewares' `/*`.
      expect(matched).toBeGreaterThan(routes.length);
    }
  });

  it('is the one the app runs (a route it could not read would send every call through TrieRouter, unnoticed)', async () => {
    expect((await t.request('GET', '/donations/verified?limit=1')).status).toBe(200);
    expect(t.app.router.name).toBe('SmartRouter + SegmentRouter');
  });

  // The reason SegmentRouter exists (ADR 010): when this fails, Hono's default router can take the app's routes, and
  // router.ts may go (compare /donations/{id} with npm run bench first).
  it("is needed while Hono's RegExpRouter refuses the app's routes (a literal beside a parameter)", () => {
    const regexp = new RegExpRouter<number>();
    expect(() => {
      t.app.routes.forEach((r, i) => regexp.add(r.method, r.path, i));
      regexp.match('GET', '/donations/verified');
    }).toThrow(UnsupportedPathError);
  });

  it('hands a pattern it does not read to TrieRouter, which routes it', async () => {
    const app = new Hono({ router: apiRouter() as Router<never> });
    app.get('/posts/:id{[0-9]+}', (c) => c.text(`post ${c.req.param('id')}`));
    app.get('/files/*', (c) => c.text('file'));
    expect(await (await app.request('/posts/42')).text()).toBe('post 42');
    expect((await app.request('/posts/abc')).status).toBe(404);
    expect(await (await app.request('/files/a/b')).text()).toBe('file');
    expect(app.router.name).toBe('SmartRouter + TrieRouter');
  });

  it('refuses a parameter named after an Object.prototype member (its parameters are plain objects), as SmartRouter then tries TrieRouter', () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      expect(() => new SegmentRouter<string>().add('GET', `/things/:${name}`, 'thing')).toThrow(UnsupportedPathError);
    }
    expect(() => new SegmentRouter<string>().add('GET', '/things/:proto', 'thing')).not.toThrow();
  });

  it('gives each parameter its own raw value and shares nothing between calls', () => {
    const router = new SegmentRouter<string>();
    router.add('ALL', '/*', 'every');
    router.add('GET', '/donations/verified', 'verified');
    router.add('GET', '/donations/:id', 'one');
    router.add('GET', '/donations/:id/history', 'history');
    expect(plain(router.match('GET', '/donations/verified') as Result<never>)).toEqual([
      ['every', {}],
      ['verified', {}],
      ['one', { id: 'verified' }],
    ]);
    const a = router.match('GET', '/donations/a%20b/history')[0];
    const b = router.match('GET', '/donations/c/history')[0];
    expect(a[1]![1]).toEqual({ id: 'a%20b' });
    expect(b[1]![1]).toEqual({ id: 'c' });
    expect(plain(router.match('POST', '/donations/c') as Result<never>)).toEqual([['every', {}]]);
    expect(plain(router.match('GET', '/donations/') as Result<never>)).toEqual([['every', {}]]);
  });
});
