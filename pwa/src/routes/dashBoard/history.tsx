import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { HistoryPage } from '@/features/admin/history-page';

export const Route = createFileRoute('/dashBoard/history')({
  component: () => (
    <RequireAuth roles={['admin']}>
      <HistoryPage />
    </RequireAuth>
  ),
});
