import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDonation } from '../testing/fixtures.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

/** The value of one sample in Prometheus' text format, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  let t: TestApp;
  let restaurant: TestUser;
  let charity: TestUser;
  let otherCharity: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    restaurant = await createUser(t, { role: 'restaurant' });
    charity = await createUser(t, { role: 'charity' });
    otherCharity = await createUser(t, { role: 'charity' });
  });
  afterAll(() => t?.close());

  const metrics = async () => {
    const res = await t.request('GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return new TextDecoder().decode(res.body as ArrayBuffer);
  };

  it('counts requests and their durations by method, route pattern and status', async () => {
    for (let i = 0; i < 3; i++) await t.get('/donations/verified');
    await t.get('/donations/00000000-0000-4000-8000-00000000dead');
    const text = await metrics();
    expect(sample(text, 'foodbridge_http_requests_total', { method: 'GET', route: '/donations/verified', status: '200' })).toBe(3);
    expect(sample(text, 'foodbridge_http_requests_total', { method: 'GET', route: '/donations/:id', status: '404' })).toBe(1);
    expect(sample(text, 'foodbridge_http_request_duration_seconds_count', { route: '/donations/verified', status: '200' })).toBe(3);
    expect(sample(text, 'foodbridge_sync_open_streams')).toBe(0);
    // Nothing about anyone: no e-mail, no path with an id in it.
    expect(text).not.toContain('@');
    expect(text).not.toContain('00000000-0000-4000-8000-00000000dead');
  });

  it('times the database queries and says how busy the pool is', async () => {
    const before = sample(await metrics(), 'foodbridge_db_query_duration_seconds_count', { outcome: 'ok' }) ?? 0;
    await t.get('/donations/verified');
    const text = await metrics();
    expect(sample(text, 'foodbridge_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(before);
    expect(sample(text, 'foodbridge_db_query_duration_seconds_sum', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(text, 'foodbridge_db_pool_size')).toBe(t.deps.db.mode === 'embedded' ? 1 : 8);
    expect(sample(text, 'foodbridge_db_queries_in_flight')).toBeGreaterThanOrEqual(0);
    // A failing query is counted as an error.
    const errorsBefore = sample(text, 'foodbridge_db_query_duration_seconds_count', { outcome: 'error' }) ?? 0;
    await expect(t.sql`SELECT 1/0`).rejects.toThrow();
    expect(sample(await metrics(), 'foodbridge_db_query_duration_seconds_count', { outcome: 'error' })).toBe(errorsBefore + 1);
  });

  it('counts pickup confirmations applied, repeated from their Idempotency-Key, and refused', async () => {
    const given = { id: charity.id, name: charity.name, email: charity.email };
    const id = await insertDonation(t.sql, restaurant, { status: 'Accepted', charity: given });
    const confirm = (token: string, key: string) =>
      t.request('PATCH', `/donations/pickup/${id}`, { token, headers: { 'idempotency-key': key } });
    expect((await confirm(charity.token, 'outbox-entry-1')).status).toBe(200);
    expect((await confirm(charity.token, 'outbox-entry-1')).status).toBe(200);
    expect((await confirm(otherCharity.token, 'outbox-entry-2')).status).toBeGreaterThanOrEqual(400);
    const text = await metrics();
    expect(sample(text, 'foodbridge_pickup_confirmations_total', { outcome: 'applied' })).toBe(1);
    expect(sample(text, 'foodbridge_pickup_confirmations_total', { outcome: 'repeated' })).toBe(1);
    expect(sample(text, 'foodbridge_pickup_confirmations_total', { outcome: 'refused' })).toBe(1);
  });
});

describe('GET /metrics access', () => {
  let withToken: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    withToken = await createTestApp({ METRICS_TOKEN: 'scrape-token-0123456789' });
    production = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await withToken?.close();
    await production?.close();
  });

  it('asks for METRICS_TOKEN when one is set', async () => {
    expect((await withToken.request('GET', '/metrics')).status).toBe(401);
    expect((await withToken.request('GET', '/metrics', { headers: { authorization: 'Bearer scrape-token-wrong-0000' } })).status).toBe(401);
    const ok = await withToken.request('GET', '/metrics', { headers: { authorization: 'Bearer scrape-token-0123456789' } });
    expect(ok.status).toBe(200);
  });

  it('is off in production without a token', async () => {
    expect((await production.request('GET', '/metrics')).status).toBe(404);
  });
});
