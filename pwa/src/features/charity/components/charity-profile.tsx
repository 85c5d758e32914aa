import { ProfileCard } from '@/components/profile-card';
import { Skeleton } from '@/components/ui/skeleton';
import { isOfflineError, OfflineNotice } from '@/components/sync-status';
import { ErrorState, PageHeader } from '@/components/ui/states';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { leadsIt, useMyOrganisation } from '@/lib/my-organisation';
import { EditCharityProfileDialog } from './edit-charity-profile-dialog';
import { HomeBaseAndAlerts } from './home-base-and-alerts';

/** The charity's profile (issue 46): every member reads it, its coordinators change it. */
export function CharityProfile() {
  const i18n = useI18n();
  const session = useSession((s) => s.user);
  const { data: me, error, loading, reload, setData } = useMyOrganisation();
  return (
    <section>
      <PageHeader title={i18n._('charity.profile.title')} description={i18n._('charity.profile.description')} />
      {loading && !me ? (
        <div
          className="mx-auto max-w-2xl space-y-3 rounded-[var(--radius-card)] border border-border bg-white p-5"
          aria-busy="true"
          aria-label={i18n._('charity.loading')}
        >
          <Skeleton className="mx-auto size-28 rounded-full sm:mx-0" />
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : error && !me && isOfflineError(error) ? (
        <OfflineNotice />
      ) : error || !me ? (
        <ErrorState message={i18n._('charity.profile.loadFailed')} onRetry={reload} />
      ) : (
        <ProfileCard
          // The sign-in service's picture is the founder's own, and so the charity's until it has one.
          photoURL={me.photoURL ?? (me._id === session?.id ? session.photoURL : undefined)}
          name={me.name || i18n._('charity.profile.unknownUser')}
          email={me.email}
          role={me.kind}
          actions={
            leadsIt(me, session?.id) ? (
              <EditCharityProfileDialog profile={me} onSaved={setData} />
            ) : (
              <p className="text-sm text-muted-foreground">{i18n._('charity.profile.coordinatorsChange')}</p>
            )
          }
          rows={[
            { label: i18n._('charity.profile.mission'), value: me.mission?.trim() || i18n._('charity.profile.defaultMission') },
            { label: i18n._('charity.profile.address'), value: me.address },
            { label: i18n._('charity.profile.phone'), value: me.phone },
          ]}
        />
      )}
      {/* Only beside a profile that loaded: an unreachable server is said once, by the profile's own notice. */}
      {me && <HomeBaseAndAlerts />}
    </section>
  );
}
