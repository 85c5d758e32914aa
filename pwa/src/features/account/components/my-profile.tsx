import { ProfileCard } from '@/components/profile-card';
import { ErrorState, PageHeader } from '@/components/ui/states';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { roleLabel } from '@/lib/labels';
import { formatDate } from '@/lib/utils';
import { useMyAccount } from '../api';

export function MyProfile() {
  const i18n = useI18n();
  const session = useSession((s) => s.user);
  const { data: me, error, loading, reload } = useMyAccount();
  return (
    <section>
      <PageHeader title={i18n._('account.profile.title')} description={i18n._('account.profile.description')} />
      {loading && !me ? (
        <ProfileSkeleton />
      ) : error && !me ? (
        <ErrorState message={i18n._('account.profile.failed')} onRetry={reload} />
      ) : (
        <ProfileCard
          photoURL={me?.photoURL ?? session?.photoURL}
          name={me?.displayName || me?.name || i18n._('account.profile.unknownUser')}
          email={me?.email ?? session?.email ?? ''}
          role={roleLabel(i18n, me?.role ?? 'user')}
          rows={[{ label: i18n._('account.profile.memberSince'), value: me?.createdAt ? formatDate(me.createdAt, i18n) : undefined }]}
        />
      )}
    </section>
  );
}

function ProfileSkeleton() {
  const i18n = useI18n();
  return (
    <div
      className="mx-auto w-full max-w-2xl overflow-hidden rounded-[var(--radius-card)] border border-border bg-white"
      aria-busy="true"
      aria-label={i18n._('account.loading')}
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
