import type { ReactNode } from 'react';
import type { User } from '@foodbridge/shared/schemas/user';
import { ProfileCard, type ProfileRow } from '@/components/profile-card';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState, PageHeader } from '@/components/ui/states';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import type { ApiState } from '@/lib/use-api';

/** A profile screen for the signed-in account read from /users/me: skeleton, error with retry, then its card. */
export function AccountProfile({
  title,
  description,
  state: { data, error, loading, reload },
  rows,
  actions,
}: {
  title: string;
  description?: string;
  state: Pick<ApiState<User>, 'data' | 'error' | 'loading' | 'reload'>;
  rows: (user: User) => ProfileRow[];
  actions?: (user: User) => ReactNode;
}) {
  const i18n = useI18n();
  const session = useSession((s) => s.user);

  let body: ReactNode;
  if (loading && !data) body = <ProfileSkeleton />;
  else if (error || !data) body = <ErrorState message={i18n._('profile.failed')} onRetry={reload} />;
  else
    body = (
      <ProfileCard
        photoURL={data.photoURL ?? session?.photoURL}
        name={data.displayName || data.name || i18n._('profile.unknownUser')}
        role={data.role}
        email={data.email}
        rows={rows(data)}
        actions={actions?.(data)}
      />
    );

  return (
    <section>
      <PageHeader title={title} description={description} />
      {body}
    </section>
  );
}

function ProfileSkeleton() {
  const i18n = useI18n();
  return (
    <Card className="mx-auto w-full max-w-2xl overflow-hidden" aria-busy="true" aria-label={i18n._('common.loading')}>
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
