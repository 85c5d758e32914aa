// How a lost database connection is answered: the classification and the one retry of reads. The database side
// (terminated connections, Postgres out of reach) is in db/connection-loss.test.ts; here a route fails the way
// postgres.js does, so every path is exercised on any machine.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_UNAVAILABLE, errorResponse, isDatabaseUnavailable, retryReadsOnce } from './errors.ts';

const failure = (code: string) => Object.assign(new Error(`postgres.js says ${code}`), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures of postgres.js, Node and Postgres, and nothing else', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', '57P01', '57P03', '08006', '08001']) {
      expect(isDatabaseUnavailable(failure(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: failure('ECONNREFUSED') }))).toBe(true);
    for (const code of ['23505', '22P02', '40001', '57014', 'ENOENT']) expect(isDatabaseUnavailable(failure(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('plain'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('a route that loses the database', () => {
  // The server's line for the operator ("Database unavailable ..."), at most one a second: expected here, not printed
  // among the test results.
  beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => vi.mocked(console.warn).mockRestore());

  function appFailing(times: number) {
    let calls = 0;
    const app = new Hono();
    app.onError(errorResponse);
    const handler = () => {
      calls++;
      if (calls <= times) throw failure('57P01');
      return new Response(JSON.stringify({ calls }), { headers: { 'content-type': 'application/json' } });
    };
    app.get('/donations', handler);
    app.post('/donations', handler);
    app.get('/sync/donations/pull/stream', handler);
    return { app, calls: () => calls };
  }

  it('answers 503 with Retry-After and a readable message', async () => {
    const { app } = appFailing(1);
    const res = await app.request('/donations', { method: 'POST' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ message: DATABASE_UNAVAILABLE, code: 'server/unavailable' });
  });

  it('tries a read once more, and only once', async () => {
    const once = appFailing(1);
    const res = await retryReadsOnce(once.app.fetch)(new Request('http://x/donations'));
    expect([res.status, await res.json()]).toEqual([200, { calls: 2 }]);

    const twice = appFailing(2);
    const refused = await retryReadsOnce(twice.app.fetch)(new Request('http://x/donations'));
    expect(refused.status).toBe(503);
    expect(twice.calls()).toBe(2);
  });

  it('never repeats a write or a stream', async () => {
    const write = appFailing(1);
    expect((await retryReadsOnce(write.app.fetch)(new Request('http://x/donations', { method: 'POST' }))).status).toBe(503);
    expect(write.calls()).toBe(1);
    const stream = appFailing(1);
    expect((await retryReadsOnce(stream.app.fetch)(new Request('http://x/sync/donations/pull/stream'))).status).toBe(503);
    expect(stream.calls()).toBe(1);
  });
});
