import { lazy, Suspense, useEffect } from 'react';
import { createRootRoute, Link, Outlet } from '@tanstack/react-router';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { loadAppCatalogues } from '@/lib/i18n/i18n';
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
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
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
  notFoundComponent: NotFound,
});

// Framed like the public pages, so a mistyped address still leaves the whole site one tap away. Navbar and footer
// are on the home page already: no extra bytes for it.
function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar />
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Page not found</h1>
        <p className="mt-2 text-muted-foreground">The page you are looking for does not exist.</p>
        <Link to="/" className="mt-6 inline-block text-brand-800 underline">
          Go to Home
        </Link>
      </main>
      <Footer />
    </div>
  );
}
