import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { migrationFiles } from '../db/migrate.ts';
import { Hono } from 'hono';
import { mountRoutes } from '../http/route.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { healthRoutes } from './health.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The health routes alone, on `deps` (a database that cannot be reached, say). */
function healthApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  mountRoutes(app, healthRoutes, deps);
  return app;
}

const call = async (app: Hono<AppEnv>, path: string) => {
  const res = await app.request(path);
  return { status: res.status, body: (await res.json()) as { status: string; message?: string }, headers: res.headers };
};

describe('GET /healthz', () => {
  it('says the process is alive, never cached', async () => {
    const res = await call(healthApp(t.deps), '/healthz');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('does not depend on sign-in: a token the app refuses elsewhere is passed by', async () => {
    const garbage = { authorization: 'Bearer not-a-token' };
    for (const path of ['/healthz', '/readyz', '/openapi.json']) expect((await t.request('GET', path, { headers: garbage })).status, path).toBe(200);
    expect((await t.request('GET', '/donations/verified', { headers: garbage })).status).toBe(401);
  });
});

describe('GET /readyz', () => {
  it('is ready with the database reachable and every migration applied', async () => {
    const res = await call(healthApp(t.deps), '/readyz');
    expect(res).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('is not ready, naming the migration, while one is not applied', async () => {
    const last = migrationFiles().at(-1)!;
    await t.sql`DELETE FROM schema_migrations WHERE name = ${last}`;
    try {
      const res = await call(healthApp(t.deps), '/readyz');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(`Migrations not applied yet: ${last}.`);
      expect(res.headers.get('retry-after')).toBe('5');
    } finally {
      await t.sql`INSERT INTO schema_migrations (name) VALUES (${last})`;
    }
  });

  it('is not ready when the database cannot be reached', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const nowhere = postgres('postgres://postgres@127.0.0.1:1/none', { max: 1, connect_timeout: 1, onnotice: () => {} });
    try {
      const res = await call(healthApp({ ...t.deps, sql: nowhere }), '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', message: 'The database cannot be reached.' });
    } finally {
      await nowhere.end({ timeout: 1 });
    }
  });
});
