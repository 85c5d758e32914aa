import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { AdminProfile } from '@/features/admin/admin-profile';
import { PushSettings } from '@/features/push/components/push-settings';
import { AccountSettings } from '@/features/account/components/account-settings';

export const Route = createFileRoute('/dashBoard/adminProfile')({
  component: () => (
    <RequireAuth roles={['admin']}>
      <AdminProfile />
      <PushSettings />
      <AccountSettings />
    </RequireAuth>
  ),
});
