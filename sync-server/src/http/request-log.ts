import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv, Deps } from '../deps.ts';
import { answerHeaders } from './answer.ts';

/** An id a proxy or client sends is kept if it is short and plain; anything else is replaced by our own. */
const USABLE_ID = /^[\w.:-]{1,100}$/;

// Our own ids: this process's random prefix (unique across instances and restarts) and a counter. A random UUID per
// request cost its bytes and their formatting on every call (issue 9: ~0.6 kB of garbage a request).
const PROCESS_PREFIX = randomBytes(9).toString('base64url');
let issued = 0;
const nextRequestId = () => `${PROCESS_PREFIX}-${(++issued).toString(36)}`;

/**
 * One log line and one metrics sample per request, with a request id on both the line and the answer
 * (`X-Request-Id`). The line names the route pattern (`/favorites/:email`), never the path, query, headers or
 * body: those carry e-mails, tokens and passwords.
 *
 * Two halves, not a middleware: app.ts runs them around the rest of its first layer in one function of its own (each
 * nested async layer is a promise, a closure and a few microtask turns more on every request, issue 9). `start` names
 * the request and returns when it began; `end`, given that, writes the line and the sample.
 */
export function requestLogger(deps: Pick<Deps, 'log' | 'metrics'>) {
  const start = (c: Context<AppEnv>): number => {
    const incoming = c.req.header('x-request-id');
    c.set('requestId', incoming && USABLE_ID.test(incoming) ? incoming : nextRequestId());
    return performance.now();
  };
  const end = (c: Context<AppEnv>, started: number): void => {
    const requestId = c.get('requestId');
    const headers = answerHeaders(c.res);
    headers.set('X-Request-Id', requestId);
    const seconds = (performance.now() - started) / 1000;
    const matched = routePath(c);
    const route = matched === '*' || matched === '/*' ? (c.res.status === 404 ? 'unmatched' : 'middleware') : matched;
    const status = c.res.status;
    deps.metrics.observeRequest(c.req.method, route, status, seconds);
    if (route === '/donations/pickup/:id') deps.metrics.countPickup(status, headers.get('Idempotent-Replayed') === 'true');
    const line = { requestId, method: c.req.method, route, status, ms: Math.round(seconds * 10_000) / 10, userId: c.get('user')?.id };
    if (status >= 500) deps.log.error(line, 'request failed');
    else deps.log.info(line, 'request');
  };
  return { start, end };
}
