import type { ReactNode } from 'react';
import type { User } from '@foodbridge/shared/schemas/user';
import { ProfileCard } from '@/components/profile-card';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState, PageHeader } from '@/components/ui/states';
import { useSession } from '@/features/auth/session-store';
import { useApi } from '@/lib/use-api';
import { formatDate, formatDateTime } from '@/lib/utils';
import { paths } from './api';

/** Admin profile: photo, name, e-mail, role and the last sign-in time. */
export function AdminProfile() {
  const session = useSession((s) => s.user);
  const { data, error, loading, reload } = useApi<User>(paths.me);

  let body: ReactNode;
  if (loading && !data) {
    body = (
      <Card className="mx-auto w-full max-w-2xl space-y-3 p-6" aria-busy="true" aria-label="Loading">
        <Skeleton className="size-28 rounded-full" />
        <Skeleton className="h-7 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
      </Card>
    );
  } else if (error || !data) body = <ErrorState message="Failed to load your profile." onRetry={reload} />;
  else
    body = (
      <ProfileCard
        photoURL={data.photoURL ?? session?.photoURL}
        name={data.displayName || data.name || 'Unknown User'}
        role={data.role}
        email={data.email}
        rows={[
          { label: 'Last sign-in', value: formatDateTime(data.last_login ?? undefined) },
          { label: 'Member since', value: formatDate(data.createdAt ?? data.created_at) },
        ]}
      />
    );

  return (
    <section>
      <PageHeader title="Admin Profile" />
      {body}
    </section>
  );
}
