import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { tilesOrigin } from '@foodbridge/shared/schemas/map-config';
import type { AppEnv, Deps } from '../deps.ts';
import { answerHeaders } from './answer.ts';

const STRIPE_JS = 'https://js.stripe.com';
/** Paths whose answers belong to the caller even when the request carries no Authorization header (a 401). */
const PRIVATE_PATH = /^\/(users\/me|transactions)(\/|$)|^\/my-/;

/** Answers no browser shows as a page: JSON and the sync stream. */
const isApiAnswer = (type: string | null) => type !== null && /^(application\/([a-z.+-]*\+)?json|text\/event-stream)\b/.test(type);

/**
 * The headers a hono/secure-headers middleware writes (no nonces here: the same for every answer), read once by
 * running it on a stand-in answer. Hono keeps the defaults and the policy's syntax; each answer then gets them
 * through answerHeaders, which leaves a light answer light.
 */
async function headersOf(middleware: MiddlewareHandler): Promise<Record<string, string>> {
  const standIn = new Headers();
  await middleware({ res: { headers: standIn } } as unknown as Context, () => Promise.resolve());
  return Object.fromEntries(standIn);
}

/** An empty source list means 'none'; say so, for whoever reads the header. */
const sources = (list: string[]) => (list.length ? list : ["'none'"]);
const when = (configured: boolean, ...origins: string[]) => (configured ? origins : []);

/**
 * The headers of the app's pages and files: a Content-Security-Policy with no inline script (the app
 * keeps its tokens in localStorage, so an injected script must have nowhere to run), no framing, no MIME sniffing,
 * no full URL in the Referer to other sites. Outside origins are allowed only for the services this server is
 * configured with, as /auth/config tells the app which ones to load. Returns what writes them onto a finished answer
 * (the API's own, smaller set onto JSON and the stream).
 */
export function securityHeaders(deps: Pick<Deps, 'config' | 'firebase'>) {
  const stripe = Boolean(deps.config.STRIPE_PUBLISHABLE_KEY);
  const firebase = Boolean(deps.firebase);
  const authDomain = deps.config.FIREBASE_AUTH_DOMAIN ?? '';
  const customAuthDomain = /^[a-z0-9.-]+(:\d+)?$/i.test(authDomain) && !authDomain.endsWith('.firebaseapp.com');
  const tiles = tilesOrigin(deps.config.MAP_TILES_URL);
  const pageHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Stripe.js loads from Stripe only; Firebase's sign-in popup loads Google's gapi to talk to its frame.
      scriptSrc: ["'self'", ...when(stripe, STRIPE_JS), ...when(firebase, 'https://apis.google.com')],
      // The card field and 3-D Secure checks are Stripe frames; Firebase's sign-in helper is a frame on the
      // project's auth domain (*.firebaseapp.com unless the project set its own).
      frameSrc: sources([
        ...when(stripe, STRIPE_JS, 'https://hooks.stripe.com'),
        ...when(firebase, 'https://*.firebaseapp.com'),
        ...when(firebase && customAuthDomain, `https://${authDomain}`),
      ]),
      connectSrc: ["'self'", ...when(stripe, 'https://api.stripe.com'), ...when(firebase, 'https://*.googleapis.com')],
      // Uploads are previewed from blob: URLs; a Google account's picture is the avatar of a Firebase sign-in.
      // The map's tiles are plain <img> elements from MAP_TILES_URL's host (not fetched, so not in connect-src).
      imgSrc: ["'self'", 'data:', 'blob:', ...when(firebase, 'https://*.googleusercontent.com'), ...(tiles ? [tiles] : [])],
      // Sonner's toasts and Radix's scroll lock insert <style> elements at run time, with computed values.
      styleSrc: ["'self'", "'unsafe-inline'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    // Firebase's sign-in popup reports back to the page that opened it.
    crossOriginOpenerPolicy: firebase ? 'same-origin-allow-popups' : 'same-origin',
    // Whether the site is served over TLS, and for which subdomains, is the TLS-terminating proxy's to declare.
    strictTransportSecurity: false,
  });
  // What the API needs, as OWASP's REST cheat sheet puts it: nothing may load or frame it, no sniffing. The page-only
  // headers (the app's full policy, referrer, opener and the legacy X- ones) would be ~700 bytes on each of a repeat
  // visit's API calls (issue 9: under 10 kB).
  const apiHeaders = secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    xFrameOptions: 'DENY',
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const lists = Promise.all([headersOf(apiHeaders), headersOf(pageHeaders)]);
  type Lists = Awaited<typeof lists>;
  let ready: Lists | undefined;
  void lists.then((both) => (ready = both));
  const write = (c: Context<AppEnv>, [api, page]: Lists) => {
    // Chosen once the answer exists (its type tells which), each set written once.
    const headers = answerHeaders(c.res);
    headers.assign(isApiAnswer(headers.get('content-type')) ? api : page);
    headers.delete('X-Powered-By');
    // A signed-in answer is the caller's own (profile, payments); nothing between them and us may keep it. Answers
    // that chose their own caching (public pictures, the app's files, the stream) keep it.
    // A caller signed in (only authenticate sets `user`, and only from that header) needs no second read of the
    // header: @hono/node-server scans the raw headers and the whole token again for each read (issue 9).
    const signedIn = c.get('user') !== undefined || c.req.header('authorization') !== undefined || PRIVATE_PATH.test(c.req.path);
    if (signedIn && !headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  };
  // Only the very first answers can find the lists not read yet.
  return (c: Context<AppEnv>): Promise<void> | undefined => (ready ? void write(c, ready) : lists.then((both) => write(c, both)));
}
