import { timingSafeEqual } from 'node:crypto';
import { errorBody } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { err, ok } from '../openapi/responses.ts';

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
export const metricsRoutes = [
  route(
    {
      method: 'get',
      path: '/metrics',
      summary: 'Prometheus metrics',
      description: 'Guarded by `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set (not an account’s ID token); off in production without one.',
      tags: ['Operations'],
      security: 'none',
      responses: { 200: ok('Metrics in the Prometheus text format.', undefined, { media: 'text' }), 401: err('The metrics token is missing or wrong.', 'server/metrics-token'), 404: err('Metrics are off.', 'not-found') },
    },
    async (c, { deps }) => {
      const token = deps.config.METRICS_TOKEN;
      if (!token && deps.config.NODE_ENV === 'production') return c.json(errorBody('not-found'), 404);
      if (token) {
        const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
        if (!given || !sameToken(given, token)) {
          c.header('WWW-Authenticate', 'Bearer realm="metrics"');
          return c.json(errorBody('server/metrics-token'), 401);
        }
      }
      c.header('Cache-Control', 'no-store');
      c.header('Content-Type', deps.metrics.registry.contentType);
      return c.body(await deps.metrics.registry.metrics());
    },
  ),
];
