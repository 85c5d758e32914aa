import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { CharityProfile } from '@/features/charity/components/charity-profile';

export const Route = createFileRoute('/dashBoard/charityProfile')({
  component: () => (
    <RequireAuth roles={['charity']}>
      <CharityProfile />
    </RequireAuth>
  ),
});
