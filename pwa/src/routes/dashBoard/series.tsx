import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { SeriesPage } from '@/features/series/components/series-page';

export const Route = createFileRoute('/dashBoard/series')({
  component: () => (
    <RequireAuth roles={['restaurant', 'charity', 'admin']}>
      <SeriesPage />
    </RequireAuth>
  ),
});
