import { createFileRoute, Outlet } from '@tanstack/react-router';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { RequireAuth } from '@/features/auth/require-auth';

export const Route = createFileRoute('/dashBoard')({
  component: () => (
    <RequireAuth>
      <DashboardShell>
        <Outlet />
      </DashboardShell>
    </RequireAuth>
  ),
});
