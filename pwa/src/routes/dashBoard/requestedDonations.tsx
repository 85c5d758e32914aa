import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { RequestedDonations } from '@/features/restaurant/requested-donations';

export const Route = createFileRoute('/dashBoard/requestedDonations')({
  component: () => (
    <RequireAuth roles={['restaurant']}>
      <RequestedDonations />
    </RequireAuth>
  ),
});
