import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { AppEnv, Deps } from '../deps.ts';
import { answerHeaders } from './answer.ts';

/** An id a proxy or client sends is kept if it is short and plain; anything else is replaced by our own. */
const USABLE_ID = /^[\w.:-]{1,100}$/;

/**
 * One log line and one metrics sample per request, with a request id on both the line and the answer
 * (`X-Request-Id`). The line names the route pattern (`/favorites/:email`), never the path, query, headers or
 * body: those carry e-mails, tokens and passwords.
 */
export function requestLog(deps: Pick<Deps, 'log' | 'metrics'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && USABLE_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    const headers = answerHeaders(c.res);
    headers.set('X-Request-Id', requestId);
    const seconds = (performance.now() - started) / 1000;
    const matched = routePath(c);
    const route = matched === '*' || matched === '/*' ? (c.res.status === 404 ? 'unmatched' : 'middleware') : matched;
    const status = c.res.status;
    const labels = { method: c.req.method, route, status: String(status) };
    deps.metrics.requests.inc(labels);
    deps.metrics.durations.observe(labels, seconds);
    if (route === '/donations/pickup/:id') deps.metrics.countPickup(status, headers.get('Idempotent-Replayed') === 'true');
    const line = { requestId, method: c.req.method, route, status, ms: Math.round(seconds * 10_000) / 10, userId: c.get('user')?.id };
    if (status >= 500) deps.log.error(line, 'request failed');
    else deps.log.info(line, 'request');
  });
}
