import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { ManageRequests } from '@/features/admin/manage-requests';

export const Route = createFileRoute('/dashBoard/manageRequests')({
  component: () => (
    <RequireAuth roles={['admin']}>
      <ManageRequests />
    </RequireAuth>
  ),
});
