import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { initIdentity, ROLE_KEY } from '@/lib/auth/identity';
import { SESSION_KEY } from '@/lib/auth/local-tokens';
import { useSession } from '@/lib/auth/session-store';
import { startLocale } from '@/lib/i18n/i18n';
import { prefetchPage } from '@/lib/use-api';
import { VISITOR_FIRST_SCREEN } from '@/features/donations/first-screen';
import './styles.css';

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// A signed-out visitor opening All Donations: its first screen of cards is asked for now, beside the page's code,
// rather than after it and React's first render (useFirstScreenFirst takes the answer). Only with no saved session
// and no role kept (lib/auth/identity.ts keeps it while signed in): an account reads its own store, and may see more.
function signedOutHere(): boolean {
  try {
    return !localStorage.getItem(SESSION_KEY) && !localStorage.getItem(ROLE_KEY);
  } catch {
    // Storage blocked (private modes): nobody is kept signed in here, but the page reads it the usual way.
    return false;
  }
}
const firstScreen = location.pathname === '/allDonations' && !location.search && signedOutHere() ? prefetchPage(VISITOR_FIRST_SCREEN) : 0;

// Once someone is signed in, open the local store on whatever screen they land on, so pickup confirmations waiting
// in the outbox are replayed at start-up. Loaded lazily: signed-out visitors never download it.
const stopWatching = useSession.subscribe((s) => {
  if (!s.user) return;
  stopWatching();
  void import('./lib/db/local-store').then((m) => m.startLocalStore());
  // Log-out on this device also ends its push subscription, so the next person here gets none of this account's.
  void import('./features/push/sign-out').then((m) => m.unsubscribeDeviceAtSignOut());
});
// After the watch above: a device that kept its session is signed in within this call (initIdentity opens on it at
// once), so its store starts now, beside the first screen's chunks, not when that screen first asks for it.
void initIdentity();

// The router asks for route chunks only once every beforeLoad is done, and the root route's waits for the catalogues
// of a page other than home: the first page's chunks start now, beside them, rather than one round trip later.
for (const { routeId } of router.matchRoutes(router.latestLocation)) {
  void router.loadRouteChunk(router.routesById[routeId as keyof typeof router.routesById])?.catch(() => {});
}

// English is bundled; a visitor who reads Spanish or Arabic waits for that one small catalogue rather than seeing
// English flash first. The first page's route chunks load meanwhile, so React's first render is the whole page: it
// replaces index.html's first screen (the home page's picture) at once, with no empty frame between them.
// Both start at once; startLocale is called first so that its switch is queued first on i18n's chain, and the root
// route's beforeLoad (loadAppCatalogues, queued behind it) loads the catalogues of the language it chose.
// A visitor's All Donations also waits for its first screen (at most 2 s): index.html's cards are replaced by the
// app's at once, not by a skeleton first.
const firstScreenInTime = firstScreen && Promise.race([firstScreen, new Promise((r) => setTimeout(r, 2000))]);
void Promise.all([startLocale(), router.load().catch((err: unknown) => console.error(err)), firstScreenInTime]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, React renders the page in short slices instead of one long task (the page is on screen already).
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
});
