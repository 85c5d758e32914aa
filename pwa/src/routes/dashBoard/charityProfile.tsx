import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { CharityProfile } from '@/features/charity/components/charity-profile';
import { PushSettings } from '@/features/push/components/push-settings';
import { AccountSettings } from '@/features/account/components/account-settings';

export const Route = createFileRoute('/dashBoard/charityProfile')({
  component: () => (
    <RequireAuth roles={['charity']}>
      <CharityProfile />
      <PushSettings />
      <AccountSettings />
    </RequireAuth>
  ),
});
