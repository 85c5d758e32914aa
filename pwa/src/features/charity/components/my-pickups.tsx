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
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { correctPickupReport, fetchPickupReport, isReportCorrectable } from '../pickup-report-correction';

const isConfirmable = (status: string) => PICKUP_CONFIRMABLE.some((s) => s.toLowerCase() === status.toLowerCase());

export function MyPickups() {
  const i18n = useI18n();
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
      <PageHeader title={i18n._('charity.pickups.title')} description={i18n._('charity.pickups.description')} />
      <SyncStatus />
      {refused.length > 0 && (
        <ul className="mb-6 flex flex-col gap-3" aria-label={i18n._('charity.pickups.refusedList')}>
          {refused.map((entry) => (
            <li key={entry.id}>
              <PickupRefusal
                title={entry.title ?? i18n._('charity.pickups.aDonation')}
                reason={entry.refusal ?? i18n._('charity.pickups.refused')}
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
        <ErrorState message={i18n._('charity.pickups.loadFailed')} onRetry={reload} />
      ) : !data?.length ? (
        <EmptyState message={i18n._('charity.pickups.empty')} />
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
    const i18n = useI18n();
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
              <CheckCircle2 className="size-4" aria-hidden /> {i18n._('charity.pickups.confirmed')}
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
  const i18n = useI18n();
  return (
    <PickupReportDialog
      donation={{ _id: item._id, title: item.donationTitle, quantity: item.quantity, unit: item.unit }}
      triggerClassName="mt-2 min-h-11 w-full sm:min-h-10"
      texts={{
        trigger: i18n._('charity.correct.trigger'),
        busy: i18n._('charity.correct.busy'),
        title: i18n._('charity.correct.title'),
        description: i18n._('charity.correct.description', { title: item.donationTitle, days: PICKUP_REPORT_CORRECTION_DAYS }),
        submit: i18n._('charity.correct.submit'),
        cancel: i18n._('charity.correct.cancel'),
        failure: i18n._('charity.correct.failure'),
      }}
      loadInitial={() => fetchPickupReport(item._id)}
      onConfirm={async (report) => {
        await correctPickupReport(item._id, report);
        notify.success(i18n._('charity.correct.done'));
      }}
    />
  );
}
