import { memo } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { PICKUP_CONFIRMABLE } from '@foodbridge/shared/constants';
import { PICKUP_REPORT_CORRECTION_DAYS, type PickupReport } from '@foodbridge/shared/schemas/impact';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { isOfflineError, OfflineNotice, PickupRefusal, SyncStatus, WaitingToSync } from '@/components/sync-status';
import { CardGridSkeleton, EmptyState, ErrorState, PageHeader } from '@/components/ui/states';
import { useStableHandler } from '@/components/virtual-grid';
import { confirmPickup, dismissPickupRefusal, usePickupOutbox } from '@/lib/db/pickup-outbox';
import { usePickupPlans, usePickups } from '../hooks';
import { PickupCard, PickupGrid, samePlan, type PickupPlan } from './pickup-card';
import { PickupReportDialog } from '@/components/pickup-report-dialog';
import { notify } from '@/lib/notify';
import { correctPickupReport, fetchPickupReport, isReportCorrectable } from '../pickup-report-correction';

const isConfirmable = (status: string) => PICKUP_CONFIRMABLE.some((s) => s.toLowerCase() === status.toLowerCase());

export function MyPickups() {
  const { data, error, loading, reload } = usePickups();
  const { waiting, refused } = usePickupOutbox();
  const plans = usePickupPlans();

  const confirm = useStableHandler(async (item: PickupItem, report: PickupReport) => {
    // Written to the outbox first, with its report, so the confirmation survives no signal, a reload or a closed
    // app; the card shows 'Waiting to sync' until the server answers, and the outbox reports the answer.
    const result = await confirmPickup(item._id, item.donationTitle, report);
    if ('sent' in result) reload();
  });

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
        <PickupGrid
          items={data}
          renderItem={(item, i) => (
            <PickupRow item={item} plan={plans.get(item._id)} waiting={waiting.has(item._id)} eager={i < 3} onConfirm={confirm} />
          )}
        />
      )}
    </section>
  );
}

interface PickupRowProps {
  item: PickupItem;
  plan: PickupPlan | undefined;
  waiting: boolean;
  eager: boolean;
  onConfirm: (item: PickupItem, report: PickupReport) => Promise<void>;
}

// One card per pickup object (kept while its donation is unchanged) and plan: a change re-renders its card alone.
const PickupRow = memo(
  function PickupRow({ item, plan, waiting, eager, onConfirm }: PickupRowProps) {
    const confirmable = isConfirmable(item.status);
    return (
      <PickupCard item={item} plan={plan} eager={eager}>
        {confirmable && waiting ? (
          <WaitingToSync />
        ) : confirmable ? (
          <PickupReportDialog
            donation={{ _id: item._id, title: item.donationTitle, quantity: item.quantity, unit: item.unit }}
            triggerClassName="min-h-11 w-full sm:min-h-10"
            onConfirm={(report) => onConfirm(item, report)}
          />
        ) : (
          <>
            <p className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-50 text-sm font-semibold text-brand-900 sm:min-h-10">
              <CheckCircle2 className="size-4" aria-hidden /> Pickup confirmed
            </p>
            {isReportCorrectable(item) && <CorrectReport item={item} />}
          </>
        )}
      </PickupCard>
    );
  },
  (a, b) => a.item === b.item && a.waiting === b.waiting && a.eager === b.eager && a.onConfirm === b.onConfirm && samePlan(a.plan, b.plan),
);

/** 'Correct report' for a pickup of the last 7 days: the report dialog, started from the stored report, sent online. */
function CorrectReport({ item }: { item: PickupItem }) {
  return (
    <PickupReportDialog
      donation={{ _id: item._id, title: item.donationTitle, quantity: item.quantity, unit: item.unit }}
      triggerClassName="mt-2 min-h-11 w-full sm:min-h-10"
      texts={{
        trigger: 'Correct report',
        busy: 'Saving...',
        title: 'Correct your pickup report',
        description: `What you collected of ${item.donationTitle}. You can correct it for ${PICKUP_REPORT_CORRECTION_DAYS} days after the pickup; the restaurant and the figures see the new report.`,
        submit: 'Save correction',
        cancel: 'Cancel',
        failure: 'Failed to correct the report.',
      }}
      loadInitial={() => fetchPickupReport(item._id)}
      onConfirm={async (report) => {
        await correctPickupReport(item._id, report);
        notify.success('Report corrected.');
      }}
    />
  );
}
