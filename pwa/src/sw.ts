/// <reference lib="webworker" />
// The service worker: the app shell from the precache (so every screen opens with no signal) and donation pictures
// cache-first. API data is deliberately not cached here: offline data comes from the local RxDB store, which knows
// what is stale; a second copy in a Workbox cache would show old JSON that disagrees with it.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { BackgroundSyncPlugin } from 'workbox-background-sync';

declare let self: ServiceWorkerGlobalScope;

// A new version waits until the user chooses 'Reload' in the update prompt (lib/pwa), so an open form is not lost
// to a surprise reload; the prompt sends this message.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes over the open page at once (nothing older to conflict with), so the very first visit is
// already offline-capable; updates still wait for the prompt above.
clientsClaim();

// Any app route opens offline: browser navigations get the precached index.html and the router takes over. Only
// navigations (request.mode 'navigate') reach this route, so the API's JSON GETs on the same paths
// (/donations/{id}) never get HTML. Left to the network: pictures opened directly, the server's own files
// (/.well-known), the API's auth and sync endpoints, Firebase's sign-in helper pages (/__/auth/handler, when
// the app's own domain is the Firebase auth domain), and anything that looks like a file.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/images\//, /^\/\.well-known\//, /^\/auth\//, /^\/sync\//, /^\/__\//, /\/[^/?]+\.[^/]+$/],
  }),
);

const DAY = 24 * 60 * 60;
// Stored pictures never change (an edit uploads a new one under a new id; the server sends them immutable), so the
// cached copy is always right. Bounded so that a charity browsing hundreds of donations does not fill the disk.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/images/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'donation-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// Pickup confirmations that fail for lack of network are also queued here and replayed by the browser's Background
// Sync when the connection returns, even if the app was closed meanwhile. The page keeps its own outbox (lib/db)
// as the record of truth; both may send the same confirmation, which is safe because the server applies each
// Idempotency-Key once and answers repeats with the first answer.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/donations/pickup/'),
  new NetworkOnly({
    plugins: [new BackgroundSyncPlugin('pickup-confirmations', { maxRetentionTime: 7 * 24 * 60 })],
  }),
  'PATCH',
);
