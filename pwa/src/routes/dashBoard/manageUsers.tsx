import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { ManageUsers } from '@/features/admin/manage-users';

export const Route = createFileRoute('/dashBoard/manageUsers')({
  component: () => (
    <RequireAuth roles={['admin']}>
      <ManageUsers />
    </RequireAuth>
  ),
});
