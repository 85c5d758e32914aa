import { lazy, Suspense, useEffect } from 'react';
import { createRootRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { loadAppCatalogues, useI18n } from '@/lib/i18n/i18n';
import { useToaster } from '@/lib/notify';
import { startServiceWorker } from '@/lib/pwa/register';
import { useServiceWorker } from '@/lib/pwa/sw-store';

// Both load on demand (the first toast, a waiting update): the signed-out home page must stay within its budget.
const Toaster = lazy(() => import('@/components/toaster'));
const UpdatePrompt = lazy(() => import('@/components/update-prompt'));

function RootLayout() {
  const toasterMounted = useToaster((s) => s.mounted);
  const updateWaiting = useServiceWorker((s) => s.needRefresh && !s.dismissed);
  useEffect(startServiceWorker, []);
  const i18n = useI18n();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {i18n._('nav.skipToContent')}
      </a>
      <Outlet />
      <Suspense fallback={null}>
        {updateWaiting && <UpdatePrompt />}
        {toasterMounted && <Toaster />}
      </Suspense>
    </>
  );
}

export const Route = createRootRoute({
  // Every page but home says words from the app's catalogues: have them before it renders. Unreachable (offline
  // before the service worker has them): the page still opens.
  beforeLoad: ({ location }) => (location.pathname === '/' ? undefined : loadAppCatalogues().catch((err: unknown) => console.error(err))),
  component: RootLayout,
  // A page of its own (and its words in the app's catalogues, which beforeLoad has loaded for any path but '/'):
  // a mistyped address is rare, and the home page pays nothing for it.
  notFoundComponent: lazyRouteComponent(() => import('@/components/not-found'), 'NotFound'),
});
