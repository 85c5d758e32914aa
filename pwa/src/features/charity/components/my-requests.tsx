import { memo, useState } from 'react';
import { Clock, Store } from 'lucide-react';
import type { DonationRequest, DonationRequestListItem } from '@foodbridge/shared/schemas/donation-request';
import { ConfirmActionButton } from '@/components/confirm-action-button';
import { ListStates } from '@/components/list-states';
import { SyncStatus } from '@/components/sync-status';
import { StatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, PageHeader } from '@/components/ui/states';
import { useStableHandler, VirtualGrid } from '@/components/virtual-grid';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { formatDate, formatDateTime } from '@/lib/utils';
import { cancelDonationRequest } from '../api';
import { useMyDonationRequests, usePickups } from '../hooks';
import { outcomeText, requestBadge, wasPickedUp } from '@/lib/request-words';

export function MyRequests() {
  const i18n = useI18n();
  const requests = useMyDonationRequests();
  // The device's copy of a request does not say what became of the donation; the donations given to this charity
  // do (status, pickup time). The online answer carries both already.
  const pickups = usePickups();
  const doneWith = (r: ListedRequest) => {
    const given = pickups.data?.find((d) => d._id === r.donationId);
    return given ? { status: r.status, donationStatus: given.status, pickedUpAt: given.pickupDate } : r;
  };
  // Hidden at once; the server's removal then reaches the device through replication (or the next online read).
  const [cancelled, setCancelled] = useState<ReadonlySet<string>>(new Set());
  const shown = requests.data?.filter((r) => !cancelled.has(r._id));

  const cancel = useStableHandler(async (request: DonationRequest) => {
    await cancelDonationRequest(request._id);
    setCancelled((ids) => new Set(ids).add(request._id));
    notify.success(i18n._('charity.requests.cancelledTitle'), i18n._('charity.requests.cancelled'));
  });

  return (
    <section>
      <PageHeader title={i18n._('charity.requests.title')} description={i18n._('charity.requests.description')} />
      <SyncStatus />
      <ListStates
        state={{ ...requests, data: shown }}
        skeleton={<RequestsSkeleton />}
        errorMessage={i18n._('charity.requests.loadFailed')}
        empty={<EmptyState message={i18n._('charity.requests.empty')} />}
      >
        {(items) => (
          <VirtualGrid
            items={items}
            getKey={requestKey}
            renderItem={(request) => {
              const done = doneWith(request);
              return <RequestRow request={request} outcome={outcomeText(i18n, done)} pickedUp={wasPickedUp(done)} onCancel={cancel} />;
            }}
            estimateRowHeight={250}
            columns={{ base: 1, md: 2 }}
            gap={16}
          />
        )}
      </ListStates>
    </section>
  );
}

type ListedRequest = DonationRequest & Partial<DonationRequestListItem>;
const requestKey = (r: ListedRequest) => r._id;

// Memoised: a request object is kept while unchanged on the device, so a change re-renders its card alone.
const RequestRow = memo(function RequestRow({
  request,
  outcome,
  pickedUp,
  onCancel,
}: {
  request: ListedRequest;
  outcome: string | undefined;
  /** Its donation was collected: the badge says Picked up rather than Accepted. */
  pickedUp: boolean;
  onCancel: (request: DonationRequest) => Promise<void>;
}) {
  const i18n = useI18n();
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg font-semibold leading-tight text-stone-900">{request.donationTitle}</h2>
        <StatusBadge {...requestBadge(i18n, request.status, pickedUp)} />
      </div>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Store className="size-4 shrink-0" aria-hidden /> {request.restaurantName}
      </p>
      <p className="whitespace-pre-line break-words text-sm text-stone-800">{request.requestDescription}</p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">{i18n._('charity.requests.pickupTime')}</dt>
          <dd className="flex items-center gap-1 font-medium">
            {/* The planned day too, where the request has one (a time of day alone cannot say which day). */}
            <Clock className="size-4" aria-hidden /> {request.pickupAt ? formatDateTime(request.pickupAt, i18n) : request.pickupTime}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{i18n._('charity.requests.requestedOn')}</dt>
          <dd className="font-medium">{formatDate(request.requestDate, i18n)}</dd>
        </div>
      </dl>
      {outcome && (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900" data-testid="request-outcome">
          {outcome}
        </p>
      )}
      {request.status === 'Pending' && (
        <div className="mt-auto pt-1">
          <ConfirmActionButton
            title={i18n._('charity.requests.cancelTitle')}
            description={i18n._('charity.requests.cancelDescription')}
            confirmLabel={i18n._('charity.requests.cancelConfirm')}
            cancelLabel={i18n._('charity.requests.keep')}
            variant="outline"
            triggerClassName="w-full sm:w-auto"
            action={() => onCancel(request)}
            busyLabel={i18n._('charity.requests.cancelling')}
            failure={i18n._('charity.requests.cancelFailed')}
          >
            {i18n._('charity.requests.cancel')}
          </ConfirmActionButton>
        </div>
      )}
    </Card>
  );
});

function RequestsSkeleton() {
  const i18n = useI18n();
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-busy="true" aria-label={i18n._('charity.loading')}>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="space-y-2 rounded-[var(--radius-card)] border border-border bg-white p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-12 w-full" />
        </div>
      ))}
    </div>
  );
}
