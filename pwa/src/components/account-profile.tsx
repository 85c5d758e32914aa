import type { ReactNode } from 'react';
import { ProfileCard, type ProfileRow } from '@/components/profile-card';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState, PageHeader } from '@/components/ui/states';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import type { ApiState } from '@/lib/use-api';

/** Whose profile a screen shows: an account (GET /users/me) or an organisation (GET /organisations/mine). */
export interface ProfileSubject {
  _id: string;
  name: string;
  email: string;
  displayName?: string | undefined;
  photoURL?: string | undefined;
  /** An account's role, or an organisation's kind. */
  role?: string | undefined;
  kind?: string | undefined;
}

/** A profile screen read from the server: skeleton, error with retry, then its card. */
export function AccountProfile<T extends ProfileSubject>({
  title,
  description,
  state: { data, error, loading, reload },
  rows,
  actions,
}: {
  title: string;
  description?: string;
  state: Pick<ApiState<T>, 'data' | 'error' | 'loading' | 'reload'>;
  rows: (subject: T) => ProfileRow[];
  actions?: (subject: T) => ReactNode;
}) {
  const i18n = useI18n();
  const session = useSession((s) => s.user);

  let body: ReactNode;
  if (loading && !data) body = <ProfileSkeleton />;
  else if (error || !data) body = <ErrorState message={i18n._('profile.failed')} onRetry={reload} />;
  else
    body = (
      <ProfileCard
        // The sign-in service's picture is the account's own: an organisation shows it only as its founder's.
        photoURL={data.photoURL ?? (data._id === session?.id ? session.photoURL : undefined)}
        name={data.displayName || data.name || i18n._('profile.unknownUser')}
        role={data.role ?? data.kind ?? ''}
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
