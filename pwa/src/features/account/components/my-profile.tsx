import { ProfileCard } from '@/components/profile-card';
import { ErrorState, PageHeader } from '@/components/ui/states';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/auth/session-store';
import { formatDate } from '@/lib/utils';
import { useMyAccount } from '../api';

export function MyProfile() {
  const session = useSession((s) => s.user);
  const { data: me, error, loading, reload } = useMyAccount();
  return (
    <section>
      <PageHeader title="My Profile" description="Your FoodBridge account at a glance." />
      {loading && !me ? (
        <ProfileSkeleton />
      ) : error && !me ? (
        <ErrorState message="Failed to load your profile." onRetry={reload} />
      ) : (
        <ProfileCard
          photoURL={me?.photoURL ?? session?.photoURL}
          name={me?.displayName || me?.name || 'Unknown User'}
          email={me?.email ?? session?.email ?? ''}
          role={me?.role ?? 'user'}
          rows={[{ label: 'Member since', value: me?.createdAt ? formatDate(me.createdAt) : undefined }]}
        />
      )}
    </section>
  );
}

function ProfileSkeleton() {
  return (
    <div
      className="mx-auto w-full max-w-2xl overflow-hidden rounded-[var(--radius-card)] border border-border bg-white"
      aria-busy="true"
      aria-label="Loading"
    >
      <Skeleton className="h-24 w-full rounded-none" />
      <div className="flex flex-col items-center gap-3 p-5 sm:flex-row">
        <Skeleton className="-mt-14 size-28 rounded-full" />
        <div className="w-full space-y-2">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </div>
    </div>
  );
}
