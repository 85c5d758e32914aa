import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { ReceivedDonations } from '@/features/charity/components/received-donations';

export const Route = createFileRoute('/dashBoard/receivedDonations')({
  component: () => (
    <RequireAuth roles={['charity']}>
      <ReceivedDonations />
    </RequireAuth>
  ),
});
