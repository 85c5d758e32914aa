/// <reference lib="webworker" />
// The service worker: the app shell from the precache (so every screen opens with no signal), donation pictures
// cache-first, and Background Sync for pickup confirmations. API data is deliberately not cached here: offline data comes from the local RxDB store, which knows
// what is stale; a second copy in a Workbox cache would show old JSON that disagrees with it.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { Queue } from 'workbox-background-sync';

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
    denylist: [/^\/images\//, /^\/\.well-known\//, /^\/auth\//, /^\/sync\//, /^\/__\//, /^\/api\/docs/, /\/[^/?]+\.[^/]+$/],
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

// Pickup confirmations: the page's outbox (lib/db) is the record and replays them at start-up, on 'online', after
// pulls and with backoff. Background Sync adds the one thing a page cannot do: send a confirmation when the browser
// is back online while the app is closed. The outbox sends each entry once even offline, so that it fails here and
// is queued. Safe to send twice: the server answers a repeated
// Idempotency-Key with its first answer. A request is queued once per key, and the queue (which holds the Bearer
// token) is emptied at log-out, so a shared phone never replays the previous driver's token. The queue stores the
// whole request, its JSON body too (the pickup report, or `{}` from before reports), so its replay sends what the
// page's outbox sends under that key: the server never sees one key with two bodies.
const pickupQueue = new Queue('pickup-confirmations', { maxRetentionTime: 24 * 60 });

registerRoute(
  ({ url, request }) =>
    // The confirmation itself only: a pickup's photos (/donations/pickup/{id}/photos/...) resume by themselves.
    url.origin === self.location.origin && request.method === 'PATCH' && /^\/donations\/pickup\/[^/]+$/.test(url.pathname),
  async ({ request, event }) => {
    const copy = request.clone();
    try {
      return await fetch(request);
    } catch (err) {
      // Queue in the background: the page's own outbox is waiting for this answer and must never hang on the queue.
      event.waitUntil(queueOnce(copy).catch((queueErr) => console.error('[sw] could not queue pickup', queueErr)));
      throw err;
    }
  },
  'PATCH',
);

async function queueOnce(request: Request) {
  const key = request.headers.get('Idempotency-Key');
  if (!key) return;
  const queued = await pickupQueue.getAll();
  if (!queued.some((entry) => entry.request.headers.get('Idempotency-Key') === key)) {
    await pickupQueue.pushRequest({ request });
  }
}

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type !== 'CLEAR_PICKUP_QUEUE') return;
  event.waitUntil(
    (async () => {
      while (await pickupQueue.shiftRequest()) {
        // drained one; the loop ends when the queue is empty
      }
    })(),
  );
});

// ---- Web push (issue 11): the server's message shown with the app's icon; a click opens the screen it is about.
// The payload is the shared PushMessage; it is read by hand here (no zod in the worker) and anything unreadable
// still shows something, since Chrome shows its own "site updated in the background" for a push that shows nothing.
interface PushPayload {
  kind?: string;
  title?: string;
  body?: string;
  link?: string;
  id?: string;
}

function readPush(data: PushMessageData | null): PushPayload {
  try {
    const parsed: unknown = data?.json();
    return parsed && typeof parsed === 'object' ? (parsed as PushPayload) : {};
  } catch {
    return { body: data?.text() };
  }
}

/** Only a path of this app is opened: a message can never send someone to another site. */
function appLink(link: unknown): string {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return '/';
  return link;
}

self.addEventListener('push', (event) => {
  const message = readPush(event.data);
  const link = appLink(message.link);
  event.waitUntil(
    self.registration.showNotification(typeof message.title === 'string' && message.title ? message.title : 'FoodBridge', {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link, id: message.id, kind: message.kind },
      // One notification per thing: a second push about the same notification replaces the first.
      ...(message.id ? { tag: message.id } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = appLink((event.notification.data as { link?: unknown } | null)?.link);
  // Started before waitUntil, which only extends the worker's life: the screen opens whatever happens to that call.
  const opening = openAppAt(new URL(link, self.location.origin).href);
  event.waitUntil(opening);
});

async function openAppAt(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // An open window of the app is reused (brought to the front, then sent to the screen); else a new one opens.
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  // Focusing needs the click's user activation; without it (the browser did not allow it) the window still moves.
  const target = await open.focus().catch(() => open);
  // navigate() works only for a window this worker controls; another one gets a new window instead.
  await target.navigate(url).catch(() => self.clients.openWindow(url));
}
