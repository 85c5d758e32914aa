import { Hono, type Context, type Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_MAX_BYTES, PICKUP_PHOTO_CHUNK_MAX_BYTES } from '@foodbridge/shared';
import { authenticate } from './auth/middleware.ts';
import type { AppEnv, Deps } from './deps.ts';
import { errorBody, errorResponse, type ErrorBody } from './http/errors.ts';
import { IMAGE_MAX_MB } from './images/process.ts';
import { API_ROUTES, OPEN_ROUTES } from './routes/table.ts';
import { mountRoutes } from './http/route.ts';
import { requestLogger } from './http/request-log.ts';
import { serveSpa } from './http/spa.ts';
import { securityHeaders } from './http/security-headers.ts';
import { compressAnswer } from './http/compression.ts';
import { corsForConfiguredOrigins } from './http/cors.ts';
import { limitedRoutes, rateLimits } from './http/rate-limit.ts';
import { refuseNulInUrl } from './http/validate.ts';
import { readsOnly } from './http/methods.ts';
import { apiRouter } from './http/router.ts';

const tooLarge = (body: ErrorBody) => (maxSize: number) => bodyLimit({ maxSize, onError: (c) => c.json(body, 413) });
// JSON bodies are small; a replication push carries up to 200 rows of two document states each; an upload is the
// largest accepted image plus room for the multipart framing, so a 5 MB picture reaches the image route's own
// check (with its message) rather than this refusal.
const jsonLimit = tooLarge(errorBody('request/too-large'))(64 * 1024);
const syncPushLimit = tooLarge(errorBody('request/too-large'))(1024 * 1024);
const uploadLimit = tooLarge(errorBody('images/too-large', { mb: IMAGE_MAX_MB }))(IMAGE_MAX_BYTES + 1024 * 1024);
// A pickup photo arrives in chunks (routes/pickup-photos.ts): each is held whole in memory, so each is kept small.
const photoChunkLimit = tooLarge(errorBody('pickups/photo-chunk-too-large', { kib: PICKUP_PHOTO_CHUNK_MAX_BYTES / 1024 }))(PICKUP_PHOTO_CHUNK_MAX_BYTES);
const PHOTO_CHUNK_PATH = /^\/donations\/pickup\/[^/]+\/photos\/[^/]+$/;

/** An error becomes the answer where it happened, as Hono's own layers do; anything thrown that is not an Error goes on. */
async function failed(c: Context<AppEnv>, err: unknown) {
  if (!(err instanceof Error)) throw err;
  c.error = err;
  c.res = await errorResponse(err, c);
}

/**
 * `inner` run as the `next` of another middleware, as Hono runs a layer of its own: an answer it returns becomes the
 * answer, and an error becomes the error answer there, so the outer one still finishes (its headers, say). Nesting
 * instead of registering each saves the router and a dispatch per layer on every call (issue 9: ~1 µs each).
 */
function within(c: Context<AppEnv>, inner: (c: Context<AppEnv>, next: Next) => Promise<Response | void>, next: Next): Next {
  return async () => {
    try {
      const res = await inner(c, next);
      if (res && !c.finalized) c.res = res;
    } catch (err) {
      await failed(c, err);
    }
  };
}

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>({ router: apiRouter() });
  app.onError(errorResponse);
  app.notFound((c) => c.json(errorBody('not-found'), 404));
  // The layers every request passes, as one function (issue 9: each layer Hono dispatches costs /donations/{id} about
  // 1% of the server's time, and each nested async layer a promise, a closure and microtask turns more), outermost
  // first:
  // - the request log: it sees every answer as it leaves, errors included, and how long it took;
  // - what every answer gets once it is made, errors and refusals included: compressed, given its security headers,
  //   and (for a write) the embedded database's change feed nudged: it polls, so a write answered here reaches the
  //   open streams at once, not at the next poll (Postgres notifies on commit; nudge does nothing);
  // - the request's own checks: origin (CORS), NUL in the URL, body size;
  // - sign-in (the token's account, from its cache) and, on the few limited routes, the rate limits.
  // An error in an inner part becomes the error answer there, as Hono does for a layer of its own, so the outer parts
  // still finish it (its headers, say); see `within`.
  const log = requestLogger(deps);
  const addSecurityHeaders = securityHeaders(deps);
  const cors = corsForConfiguredOrigins(deps.config);
  const bodyLimit = (c: Context<AppEnv>, next: Next) => {
    const path = c.req.path;
    const limit = path === '/images' ? uploadLimit : path.startsWith('/sync/') ? syncPushLimit : PHOTO_CHUNK_PATH.test(path) ? photoChunkLimit : jsonLimit;
    return limit(c, next);
  };
  // Health, metrics and the API reference (the table's OPEN_ROUTES) must not depend on sign-in or its limits (and
  // /metrics' Bearer token is the metrics token, not an account's): sign-in passes their paths by. The pages after
  // them (spa.ts) carry no Authorization header.
  const openPaths = new Set(OPEN_ROUTES.map((route) => route.path));
  // A per-account limit counts the caller's own account, known only once authenticate has verified the token.
  const signIn = authenticate(deps);
  const limited = limitedRoutes(API_ROUTES);
  const limits = rateLimits(deps, limited);
  // Most calls have no limit (none of the reads): for them, no layer at all.
  const signedIn = (c: Context<AppEnv>, next: Next) =>
    openPaths.has(c.req.path) ? next() : signIn(c, limited.has(`${c.req.method} ${c.req.path}`) ? within(c, limits, next) : next);
  const checks = (c: Context<AppEnv>, next: Next) => {
    refuseNulInUrl(c.req.url);
    const then: Next = () => signedIn(c, next) as Promise<void>;
    // No body is read on these. Hono's limit looks at the body, which makes @hono/node-server build a whole fetch
    // Request (with its AbortSignal) for every call: 7% of a GET's time under load.
    return cors(c, readsOnly(c.req.method) ? then : within(c, bodyLimit, then));
  };
  app.use('*', async (c, next) => {
    const started = log.start(c);
    try {
      try {
        const res = await checks(c, next);
        if (res && !c.finalized) c.res = res;
      } catch (err) {
        await failed(c, err);
      }
      // Each returns a promise only when it has something to wait for (a large answer to compress, say).
      const compressing = compressAnswer(c);
      if (compressing) await compressing;
      const writing = addSecurityHeaders(c);
      if (writing) await writing;
      if (!readsOnly(c.req.method)) deps.changes.nudge();
    } catch (err) {
      await failed(c, err);
    }
    log.end(c, started);
  });
  // For proxies and orchestrators, and the API reference: before the app's pages, so a browser opening /api/docs
  // gets the reference.
  mountRoutes(app, OPEN_ROUTES, deps);
  if (deps.config.PWA_DIST) app.use('*', serveSpa(deps.config.PWA_DIST, deps.sql));
  mountRoutes(app, API_ROUTES, deps);
  return app;
}

