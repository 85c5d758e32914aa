import type { User } from '@foodbridge/shared/schemas/user';
import { AccountProfile } from '@/components/account-profile';
import { useApi } from '@/lib/use-api';
import { formatDate, formatDateTime } from '@/lib/utils';
import { paths } from './api';

/** Admin profile: photo, name, e-mail, role and the last sign-in time. */
export function AdminProfile() {
  const state = useApi<User>(paths.me);
  return (
    <AccountProfile
      title="Admin Profile"
      state={state}
      rows={(user) => [
        { label: 'Last sign-in', value: formatDateTime(user.last_login ?? undefined) },
        { label: 'Member since', value: formatDate(user.createdAt ?? user.created_at) },
      ]}
    />
  );
}
