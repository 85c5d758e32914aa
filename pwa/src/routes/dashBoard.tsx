import { lazy, Suspense } from 'react';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { RequireAuth } from '@/features/auth/require-auth';

// Loaded apart from the dashboard's own code; everyone here is signed in (RequireAuth).
const NotificationBell = lazy(() => import('@/features/notifications/notification-bell'));

export const Route = createFileRoute('/dashBoard')({
  component: () => (
    <RequireAuth>
      <DashboardShell
        accessory={
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        }
      >
        <Outlet />
      </DashboardShell>
    </RequireAuth>
  ),
});
