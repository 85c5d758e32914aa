import type { I18n } from '@lingui/core';
import type { User } from '@foodbridge/shared/schemas/user';
import { AccountProfile } from '@/components/account-profile';
import { useI18n } from '@/lib/i18n/i18n';
import { useMyAccount } from '@/lib/my-account';
import { formatDate } from '@/lib/utils';
import { EditProfileDialog } from './edit-profile-dialog';

/**
 * The coordinates as a person reads them ("52.5163, 13.3777", digits as stored: a map app reads them back); absent
 * reads 'Not Provided' like the other rows.
 */
const pointLabel = (i18n: I18n, u: User) =>
  u.latitude !== undefined && u.longitude !== undefined ? i18n._('restaurant.profile.point', { latitude: String(u.latitude), longitude: String(u.longitude) }) : undefined;

/** Restaurant profile: photo, name, role, e-mail, address, contact number and the registration date. */
export function RestaurantProfile() {
  const i18n = useI18n();
  const state = useMyAccount();
  return (
    <AccountProfile
      title={i18n._('restaurant.profile.title')}
      description={i18n._('restaurant.profile.intro')}
      state={state}
      rows={(user) => [
        { label: i18n._('restaurant.profile.address'), value: user.address },
        { label: i18n._('restaurant.profile.phone'), value: user.phone },
        { label: i18n._('restaurant.profile.pickupPoint'), value: pointLabel(i18n, user) },
        { label: i18n._('restaurant.profile.registered'), value: formatDate(user.createdAt ?? user.created_at, i18n) },
      ]}
      actions={(user) => <EditProfileDialog user={user} onSaved={(saved) => state.setData(saved)} />}
    />
  );
}
