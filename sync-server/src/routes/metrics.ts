import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../deps.ts';
import { errorBody } from '../http/errors.ts';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics for the operator's scraper. With METRICS_TOKEN set it asks for that token as a Bearer token;
 * without one it is open on a developer's machine and off (404) in production, where it would tell anyone the
 * traffic of every route.
 */
export const metricsRoutes = (deps: Deps) =>
  new Hono<AppEnv>().get('/metrics', async (c) => {
    const token = deps.config.METRICS_TOKEN;
    if (!token && deps.config.NODE_ENV === 'production') return c.json(errorBody(404, 'Not found'), 404);
    if (token) {
      const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!given || !sameToken(given, token)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return c.json(errorBody(401, 'The metrics token is missing or wrong.'), 401);
      }
    }
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', deps.metrics.registry.contentType);
    return c.body(await deps.metrics.registry.metrics());
  });
