import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { ManageDonations } from '@/features/admin/manage-donations';

export const Route = createFileRoute('/dashBoard/manageDonations')({
  component: () => (
    <RequireAuth roles={['admin']}>
      <ManageDonations />
    </RequireAuth>
  ),
});
