import { createRootRoute, Outlet } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { UpdatePrompt } from '@/components/update-prompt';

export const Route = createRootRoute({
  component: () => (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <Outlet />
      <UpdatePrompt />
      <Toaster position="top-right" closeButton toastOptions={{ classNames: { toast: 'border-border', title: 'text-stone-900', description: '!text-stone-700' } }} />
    </>
  ),
  notFoundComponent: () => (
    <main id="main" className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-2 text-muted-foreground">The page you are looking for does not exist.</p>
      <a href="/" className="mt-6 inline-block text-brand-800 underline">
        Go to Home
      </a>
    </main>
  ),
});
