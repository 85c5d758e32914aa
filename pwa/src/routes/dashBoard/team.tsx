import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { TeamPage } from '@/features/team/components/team-page';

export const Route = createFileRoute('/dashBoard/team')({
  component: () => (
    <RequireAuth roles={['restaurant', 'charity']}>
      <TeamPage />
    </RequireAuth>
  ),
});
