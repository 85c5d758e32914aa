import type { I18n } from '@lingui/core';
import type { Organisation } from '@foodbridge/shared/schemas/organisation';
import { AccountProfile } from '@/components/account-profile';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { leadsIt, useMyOrganisation } from '@/lib/my-organisation';
import { formatDate } from '@/lib/utils';
import { EditProfileDialog } from './edit-profile-dialog';

/**
 * The coordinates as a person reads them ("52.5163, 13.3777", digits as stored: a map app reads them back); absent
 * reads 'Not Provided' like the other rows.
 */
const pointLabel = (i18n: I18n, o: Pick<Organisation, 'latitude' | 'longitude'>) =>
  o.latitude !== undefined && o.longitude !== undefined ? i18n._('restaurant.profile.point', { latitude: String(o.latitude), longitude: String(o.longitude) }) : undefined;

/**
 * Restaurant profile: photo, name, role, e-mail, address, contact number and the registration date. It is the
 * restaurant's (issue 46): every member reads it, its managers change it.
 */
export function RestaurantProfile() {
  const i18n = useI18n();
  const userId = useSession((s) => s.user?.id);
  const state = useMyOrganisation();
  return (
    <AccountProfile
      title={i18n._('restaurant.profile.title')}
      description={i18n._('restaurant.profile.intro')}
      state={state}
      rows={(o) => [
        { label: i18n._('restaurant.profile.address'), value: o.address },
        { label: i18n._('restaurant.profile.phone'), value: o.phone },
        { label: i18n._('restaurant.profile.pickupPoint'), value: pointLabel(i18n, o) },
        { label: i18n._('restaurant.profile.registered'), value: formatDate(o.createdAt, i18n) },
      ]}
      actions={(o) =>
        leadsIt(o, userId) ? (
          <EditProfileDialog profile={o} onSaved={(saved) => state.setData(saved)} />
        ) : (
          <p className="text-sm text-muted-foreground">{i18n._('restaurant.profile.managersChange')}</p>
        )
      }
    />
  );
}
