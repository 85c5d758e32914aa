import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { MyProfile } from '@/features/account/components/my-profile';
import { PushSettings } from '@/features/push/components/push-settings';
import { AccountSettings } from '@/features/account/components/account-settings';

export const Route = createFileRoute('/dashBoard/myProfile')({
  component: () => (
    <RequireAuth roles={['user']}>
      <MyProfile />
      <PushSettings />
      <AccountSettings />
    </RequireAuth>
  ),
});
