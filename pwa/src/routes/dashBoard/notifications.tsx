import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { NotificationsPage } from '@/features/notifications/notifications-page';

export const Route = createFileRoute('/dashBoard/notifications')({
  component: () => (
    <RequireAuth>
      <NotificationsPage />
    </RequireAuth>
  ),
});
