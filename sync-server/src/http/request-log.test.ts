import { Writable } from 'node:stream';
import { createRegisterInput } from '@foodbridge/shared/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

/** The JSON lines the app's logger wrote. */
class Lines extends Writable {
  readonly raw: string[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    this.raw.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
  get parsed(): Record<string, unknown>[] {
    return this.raw.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

describe('request log', () => {
  const lines = new Lines();
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { logDestination: lines });
    user = await createUser(t, { password: 'secret-password-1' });
  });
  afterAll(() => t?.close());

  it('writes one JSON line per request with its id (also in X-Request-Id), route pattern, status, time and user', async () => {
    lines.raw.length = 0;
    const res = await t.get(`/favorites/${encodeURIComponent(user.email)}`, user.token);
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[\w-]{12}-[0-9a-z]+$/);
    expect(lines.parsed).toEqual([
      expect.objectContaining({ level: 30, msg: 'request', requestId: id, method: 'GET', route: '/favorites/:email', status: 200, userId: user.id, service: 'foodbridge' }),
    ]);
    expect(typeof lines.parsed[0]!.ms).toBe('number');
  });

  it("keeps a plain request id from the proxy and replaces one that is not", async () => {
    const kept = await t.request('GET', '/healthz', { headers: { 'x-request-id': 'edge-1234.abc' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-1234.abc');
    const given = new Set<string | null>();
    for (const odd of ['<script>', 'a'.repeat(101), 'two words']) {
      const res = await t.request('GET', '/healthz', { headers: { 'x-request-id': odd } });
      given.add(res.headers.get('x-request-id'));
    }
    // Ours: this process's prefix and a counter, one of its own for each.
    for (const id of given) expect(id).toMatch(/^[\w-]{12}-[0-9a-z]+$/);
    expect(given.size).toBe(3);
  });

  it('never writes a token, password, refresh token or e-mail, also for refusals and unmatched paths', async () => {
    lines.raw.length = 0;
    const login = await t.post('/auth/login', { email: user.email, password: 'secret-password-1' });
    expect(login.status).toBe(200);
    await t.post('/auth/login', { email: user.email, password: 'wrong-password-9' });
    await t.post('/auth/refresh', { refreshToken: login.body.refreshToken });
    await t.post('/auth/register', createRegisterInput({ email: user.email, password: 'another-pass-2' }));
    await t.get(`/users/search?email=${encodeURIComponent(user.email)}`, login.body.idToken);
    await t.get(`/no/such/${encodeURIComponent(user.email)}`, 'not-a-token');
    const all = lines.raw.join('\n');
    expect(lines.raw.length).toBeGreaterThanOrEqual(6);
    for (const secret of [user.email, 'secret-password-1', 'wrong-password-9', 'another-pass-2', login.body.refreshToken, login.body.idToken, 'not-a-token']) {
      expect(all).not.toContain(secret);
    }
    expect(lines.parsed.map((l) => l.route)).toEqual(['/auth/login', '/auth/login', '/auth/refresh', '/auth/register', '/users/search', 'middleware']);
    expect(lines.parsed.map((l) => l.status)).toEqual([200, 401, 200, 409, 200, 401]);
  });

  it('redacts secrets handed to the logger by mistake', () => {
    lines.raw.length = 0;
    t.deps.log.info({ password: 'p4ss', headers: { authorization: 'Bearer abc' }, body: { refreshToken: 'r1', idToken: 'i1' } }, 'oops');
    const all = lines.raw.join('\n');
    for (const secret of ['p4ss', 'Bearer abc', 'r1', 'i1']) expect(all).not.toContain(secret);
    expect(all).toContain('[redacted]');
  });
});
