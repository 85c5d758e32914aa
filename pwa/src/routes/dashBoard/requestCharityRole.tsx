import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { RequestCharityRole } from '@/features/charity-role/components/request-charity-role';

export const Route = createFileRoute('/dashBoard/requestCharityRole')({
  component: () => (
    <RequireAuth>
      <RequestCharityRole />
    </RequireAuth>
  ),
});
