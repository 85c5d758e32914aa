import type { ReactNode } from 'react';
import type { User } from '@foodbridge/shared/schemas/user';
import { ProfileCard } from '@/components/profile-card';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState, PageHeader } from '@/components/ui/states';
import { useSession } from '@/features/auth/session-store';
import { useApi } from '@/lib/use-api';
import { formatDate } from '@/lib/utils';
import { paths } from './api';
import { EditProfileDialog } from './edit-profile-dialog';

/** Restaurant profile: photo, name, role, e-mail, address, contact number and the registration date. */
export function RestaurantProfile() {
  const session = useSession((s) => s.user);
  const { data, error, loading, reload, setData } = useApi<User>(paths.me);

  let body: ReactNode;
  if (loading && !data) body = <ProfileSkeleton />;
  else if (error || !data) body = <ErrorState message="Failed to load your profile." onRetry={reload} />;
  else
    body = (
      <ProfileCard
        photoURL={data.photoURL ?? session?.photoURL}
        name={data.displayName || data.name || 'Unknown User'}
        role={data.role}
        email={data.email}
        rows={[
          { label: 'Address', value: data.address },
          { label: 'Contact number', value: data.phone },
          { label: 'Registered on', value: formatDate(data.createdAt ?? data.created_at) },
        ]}
        actions={<EditProfileDialog user={data} onSaved={(user) => setData(user)} />}
      />
    );

  return (
    <section>
      <PageHeader title="Restaurant Profile" description="How charities and admins see your restaurant." />
      {body}
    </section>
  );
}

function ProfileSkeleton() {
  return (
    <Card className="mx-auto w-full max-w-2xl overflow-hidden" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-24 w-full rounded-none sm:h-28" />
      <div className="flex flex-col items-center gap-3 px-5 pb-6 sm:flex-row sm:items-end">
        <Skeleton className="-mt-14 size-28 rounded-full border-4 border-white" />
        <div className="w-full max-w-xs space-y-2">
          <Skeleton className="h-7 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 border-t border-border p-5 sm:grid-cols-2">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    </Card>
  );
}
