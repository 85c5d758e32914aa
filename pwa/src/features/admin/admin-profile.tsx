import { AccountProfile } from '@/components/account-profile';
import { useI18n } from '@/lib/i18n/i18n';
import { useMyAccount } from '@/lib/my-account';
import { formatDate, formatDateTime } from '@/lib/utils';

/** Admin profile: photo, name, e-mail, role and the last sign-in time. */
export function AdminProfile() {
  const i18n = useI18n();
  const state = useMyAccount();
  return (
    <AccountProfile
      title={i18n._('admin.profile.title')}
      state={state}
      rows={(user) => [
        { label: i18n._('admin.profile.lastSignIn'), value: formatDateTime(user.last_login ?? undefined, i18n) },
        { label: i18n._('admin.profile.memberSince'), value: formatDate(user.createdAt ?? user.created_at, i18n) },
      ]}
    />
  );
}
