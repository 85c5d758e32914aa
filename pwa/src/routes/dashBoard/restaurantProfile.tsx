import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { RestaurantProfile } from '@/features/restaurant/restaurant-profile';
import { PushSettings } from '@/features/push/components/push-settings';
import { AccountSettings } from '@/features/account/components/account-settings';

export const Route = createFileRoute('/dashBoard/restaurantProfile')({
  component: () => (
    <RequireAuth roles={['restaurant']}>
      <RestaurantProfile />
      <PushSettings />
      <AccountSettings />
    </RequireAuth>
  ),
});
