import { lazy, Suspense } from 'react';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useSession } from '@/lib/auth/session-store';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';

// Here rather than shared with the other layout: a module of its own would be one more script on the home page,
// whose budget has no room for it. The bell's code loads only for someone signed in.
const NotificationBell = lazy(() => import('@/features/notifications/notification-bell'));
function Bell() {
  const signedIn = useSession((s) => Boolean(s.user));
  return signedIn ? (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  ) : null;
}

export const Route = createFileRoute('/_public')({
  component: () => (
    <div className="flex min-h-dvh flex-col">
      <Navbar signedIn={<Bell />} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  ),
});
