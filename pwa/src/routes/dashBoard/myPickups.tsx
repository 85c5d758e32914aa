import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { MyPickups } from '@/features/charity/components/my-pickups';

export const Route = createFileRoute('/dashBoard/myPickups')({
  component: () => (
    <RequireAuth roles={['charity']}>
      <MyPickups />
    </RequireAuth>
  ),
});
