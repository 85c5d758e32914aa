import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { AddDonation } from '@/features/restaurant/add-donation';

export const Route = createFileRoute('/dashBoard/addDonation')({
  component: () => (
    <RequireAuth roles={['restaurant']}>
      <AddDonation />
    </RequireAuth>
  ),
});
