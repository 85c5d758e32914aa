import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { MyProfile } from '@/features/account/components/my-profile';

export const Route = createFileRoute('/dashBoard/myProfile')({
  component: () => (
    <RequireAuth roles={['user']}>
      <MyProfile />
    </RequireAuth>
  ),
});
