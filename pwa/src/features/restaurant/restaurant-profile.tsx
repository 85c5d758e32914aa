import type { User } from '@foodbridge/shared/schemas/user';
import { AccountProfile } from '@/components/account-profile';
import { useApi } from '@/lib/use-api';
import { formatDate } from '@/lib/utils';
import { paths } from './api';
import { EditProfileDialog } from './edit-profile-dialog';

/** The coordinates as a person reads them ("52.5163, 13.3777"); absent reads 'Not Provided' like the other rows. */
const pointLabel = (u: User) => (u.latitude !== undefined && u.longitude !== undefined ? `${u.latitude}, ${u.longitude}` : undefined);

/** Restaurant profile: photo, name, role, e-mail, address, contact number and the registration date. */
export function RestaurantProfile() {
  const state = useApi<User>(paths.me);
  return (
    <AccountProfile
      title="Restaurant Profile"
      description="How charities and admins see your restaurant."
      state={state}
      rows={(user) => [
        { label: 'Address', value: user.address },
        { label: 'Contact number', value: user.phone },
        { label: 'Pickup point', value: pointLabel(user) },
        { label: 'Registered on', value: formatDate(user.createdAt ?? user.created_at) },
      ]}
      actions={(user) => <EditProfileDialog user={user} onSaved={(saved) => state.setData(saved)} />}
    />
  );
}
