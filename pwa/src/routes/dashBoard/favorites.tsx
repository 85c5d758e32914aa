import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { FavoritesPage } from '@/features/account/components/favorites-page';

export const Route = createFileRoute('/dashBoard/favorites')({
  component: () => (
    <RequireAuth>
      <FavoritesPage />
    </RequireAuth>
  ),
});
