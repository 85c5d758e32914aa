import { CheckCircle2 } from 'lucide-react';
import { PICKUP_CONFIRMABLE } from '@foodbridge/shared/constants';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { isOfflineError, OfflineNotice, PickupRefusal, SyncStatus, WaitingToSync } from '@/components/sync-status';
import { ConfirmActionButton } from '@/components/confirm-action-button';
import { CardGridSkeleton, EmptyState, ErrorState, PageHeader } from '@/components/ui/states';
import { confirmPickup, dismissPickupRefusal, usePickupOutbox } from '@/lib/db/pickup-outbox';
import { usePickupPlans, usePickups } from '../hooks';
import { PickupCard, PickupGrid } from './pickup-card';

const isConfirmable = (status: string) => PICKUP_CONFIRMABLE.some((s) => s.toLowerCase() === status.toLowerCase());

export function MyPickups() {
  const { data, error, loading, reload } = usePickups();
  const { waiting, refused } = usePickupOutbox();
  const plans = usePickupPlans();

  async function confirm(item: PickupItem) {
    // Written to the outbox first, so the confirmation survives no signal, a reload or a closed app; the card
    // shows 'Waiting to sync' until the server answers, and the outbox reports the answer.
    const result = await confirmPickup(item._id, item.donationTitle);
    if ('sent' in result) reload();
  }

  return (
    <section>
      <PageHeader title="My Pickups" description="Donations restaurants accepted for you. Confirm each one when you collect it." />
      <SyncStatus />
      {refused.length > 0 && (
        <ul className="mb-6 flex flex-col gap-3" aria-label="Pickups the server refused">
          {refused.map((entry) => (
            <li key={entry.id}>
              <PickupRefusal
                title={entry.title ?? 'a donation'}
                reason={entry.refusal ?? 'The server refused this confirmation.'}
                onDismiss={() => void dismissPickupRefusal(entry.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {loading && !data ? (
        <CardGridSkeleton count={3} />
      ) : error && !data && isOfflineError(error) ? (
        <OfflineNotice />
      ) : error && !data ? (
        <ErrorState message="Failed to load pickups" onRetry={reload} />
      ) : !data?.length ? (
        <EmptyState message="No pickups yet. Accepted donation requests appear here." />
      ) : (
        <PickupGrid>
          {data.map((item, i) => (
            <li key={item._id}>
              <PickupCard item={item} plan={plans.get(item._id)} eager={i < 3}>
                {isConfirmable(item.status) && waiting.has(item._id) ? (
                  <WaitingToSync />
                ) : isConfirmable(item.status) ? (
                  <ConfirmActionButton
                    title="Confirm this pickup?"
                    description={`Confirm only once you have collected ${item.donationTitle}. The restaurant is told it was picked up, and this cannot be undone.`}
                    confirmLabel="Yes, confirm pickup"
                    cancelLabel="Not yet"
                    destructive={false}
                    variant="default"
                    triggerClassName="min-h-11 w-full sm:min-h-10"
                    action={() => confirm(item)}
                    busyLabel="Confirming..."
                    failure="Failed to confirm pickup."
                  >
                    Confirm Pickup
                  </ConfirmActionButton>
                ) : (
                  <p className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-50 text-sm font-semibold text-brand-900 sm:min-h-10">
                    <CheckCircle2 className="size-4" aria-hidden /> Pickup confirmed
                  </p>
                )}
              </PickupCard>
            </li>
          ))}
        </PickupGrid>
      )}
    </section>
  );
}
