import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { MyDonations } from '@/features/restaurant/my-donations';

export const Route = createFileRoute('/dashBoard/myDonations')({
  component: () => (
    <RequireAuth roles={['restaurant']}>
      <MyDonations />
    </RequireAuth>
  ),
});
