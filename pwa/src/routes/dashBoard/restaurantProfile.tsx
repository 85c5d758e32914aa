import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { RestaurantProfile } from '@/features/restaurant/restaurant-profile';

export const Route = createFileRoute('/dashBoard/restaurantProfile')({
  component: () => (
    <RequireAuth roles={['restaurant']}>
      <RestaurantProfile />
    </RequireAuth>
  ),
});
