import type { Context, Next } from 'hono';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config.ts';
import { answerHeaders, varyOn } from './answer.ts';
import { errorBody } from './errors.ts';

/**
 * Cross-origin calls only from the pages of CORS_ORIGINS (none by default: the app is served from this server's own
 * origin and needs no CORS). Tokens travel in the Authorization header, never in cookies, so no credentials mode.
 * Any other origin gets no CORS header at all, so its page cannot read our answers; its preflight is refused.
 */
export function corsForConfiguredOrigins(config: Pick<Config, 'CORS_ORIGINS'>) {
  const allowed = new Set(config.CORS_ORIGINS);
  const allow = cors({
    origin: (origin) => (allowed.has(origin.toLowerCase()) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'Upload-Offset', 'Upload-Length'],
    // Retry-After tells a rate-limited caller when to come back; Link carries a list's next page; Upload-Offset and
    // Upload-Length how much of a pickup photo's upload the server holds.
    exposeHeaders: ['Retry-After', 'Link', 'Upload-Offset', 'Upload-Length'],
    maxAge: 600,
  });
  const varyAfter = async (c: Context, next: Next) => {
    await next();
    // Caches must not hand an answer made for an allowed origin (with its CORS headers) to another one, or back.
    varyOn(answerHeaders(c.res), 'Origin');
  };
  // Not async on the way almost every call takes (no allowed origins configured, or none asked): no promise of its own.
  return createMiddleware((c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && allowed.has(origin.toLowerCase())) return allow(c, next);
    const preflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (preflight) return Promise.resolve(c.json(errorBody('request/foreign-origin'), 403));
    if (allowed.size === 0) return next();
    return varyAfter(c, next);
  });
}
