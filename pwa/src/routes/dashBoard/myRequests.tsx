import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { MyRequests } from '@/features/charity/components/my-requests';

export const Route = createFileRoute('/dashBoard/myRequests')({
  component: () => (
    <RequireAuth roles={['charity']}>
      <MyRequests />
    </RequireAuth>
  ),
});
