import { ProfileCard } from '@/components/profile-card';
import { Skeleton } from '@/components/ui/skeleton';
import { isOfflineError, OfflineNotice } from '@/components/sync-status';
import { ErrorState, PageHeader } from '@/components/ui/states';
import { useSession } from '@/lib/auth/session-store';
import { useCharityAccount } from '../api';
import { EditCharityProfileDialog } from './edit-charity-profile-dialog';
import { HomeBaseAndAlerts } from './home-base-and-alerts';

const DEFAULT_MISSION = 'Committed to making a difference through food donation.';

export function CharityProfile() {
  const session = useSession((s) => s.user);
  const { data: me, error, loading, reload, setData } = useCharityAccount();
  return (
    <section>
      <PageHeader title="Charity Profile" description="How restaurants and our team see your organization." />
      {loading && !me ? (
        <div
          className="mx-auto max-w-2xl space-y-3 rounded-[var(--radius-card)] border border-border bg-white p-5"
          aria-busy="true"
          aria-label="Loading"
        >
          <Skeleton className="mx-auto size-28 rounded-full sm:mx-0" />
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : error && !me && isOfflineError(error) ? (
        <OfflineNotice />
      ) : error || !me ? (
        <ErrorState message="Failed to load your profile." onRetry={reload} />
      ) : (
        <ProfileCard
          photoURL={me.photoURL ?? session?.photoURL}
          name={me.displayName || me.name || 'Unknown User'}
          email={me.email}
          role={me.role}
          actions={<EditCharityProfileDialog user={me} onSaved={setData} />}
          rows={[
            { label: 'Mission statement', value: me.mission?.trim() || DEFAULT_MISSION },
            { label: 'Address', value: me.address },
            { label: 'Contact number', value: me.phone },
          ]}
        />
      )}
      {/* Only beside a profile that loaded: an unreachable server is said once, by the profile's own notice. */}
      {me && <HomeBaseAndAlerts />}
    </section>
  );
}
