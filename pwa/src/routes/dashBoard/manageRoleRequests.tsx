import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { ManageRoleRequests } from '@/features/admin/manage-role-requests';

export const Route = createFileRoute('/dashBoard/manageRoleRequests')({
  component: () => (
    <RequireAuth roles={['admin']}>
      <ManageRoleRequests />
    </RequireAuth>
  ),
});
