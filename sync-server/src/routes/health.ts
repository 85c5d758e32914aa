import type { Deps } from '../deps.ts';
import { route } from '../http/route.ts';
import { Health, ok } from '../openapi/responses.ts';
import { pendingMigrations } from '../db/migrate.ts';

/** How long readiness waits for the database before it says the database cannot be reached. */
const READY_TIMEOUT_MS = 2000;

/** Why this instance should not get traffic now, or null when it is ready. */
async function notReadyBecause(deps: Deps): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS)));
  try {
    const pending = await Promise.race([pendingMigrations(deps.sql), timeout]);
    if (pending === 'timeout') return `The database did not answer within ${READY_TIMEOUT_MS / 1000} s.`;
    if (pending.length) return `Migrations not applied yet: ${pending.join(', ')}.`;
    return null;
  } catch {
    return 'The database cannot be reached.';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For the proxy and the orchestrator, not for people: `/healthz` says the process is alive (restart it if not),
 * `/readyz` whether it can serve (send it traffic if so). Never cached; no account needed, and no detail beyond the
 * reason a deployment would need to act on.
 */
export const healthRoutes = [
  route(
    { method: 'get', path: '/healthz', summary: 'Liveness', tags: ['Operations'], security: 'none', responses: { 200: ok('The process is alive.', Health) } },
    (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok' });
    },
  ),
  route(
    {
      method: 'get',
      path: '/readyz',
      summary: 'Readiness: database reachable, migrations applied',
      tags: ['Operations'],
      security: 'none',
      responses: { 200: ok('Ready.', Health), 503: ok('Not ready, with the reason.', Health) },
    },
    async (c, { deps }) => {
      c.header('Cache-Control', 'no-store');
      const reason = await notReadyBecause(deps);
      if (reason) {
        c.header('Retry-After', '5');
        return c.json({ status: 'unavailable', message: reason }, 503);
      }
      return c.json({ status: 'ready' });
    },
  ),
];
