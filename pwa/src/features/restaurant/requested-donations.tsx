import { Check, X } from 'lucide-react';
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import { RecordCard, RecordList, type Column } from '@/components/record-list';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { useRowAction } from '@/lib/use-row-action';
import { formatDate } from '@/lib/utils';
import { acceptRequest, paths, rejectRequest } from './api';

type Action = 'accept' | 'reject';

/** Donation Requests: charities' requests for this restaurant's donations, accepted or rejected while Pending. */
export function RequestedDonations() {
  const state = useApi<DonationRequest[]>(paths.requests);
  const { busy, run } = useRowAction<{ id: string; action: Action }>();

  const act = (request: DonationRequest, action: Action) =>
    run(
      { id: request._id, action },
      async () => {
        if (action === 'accept') {
          await acceptRequest(request._id);
          notify.success('Accepted', 'Request accepted and others rejected.');
          // The server rejected every other request for this donation: read the list again.
          state.reload();
        } else {
          await rejectRequest(request._id);
          state.setData((list) => list?.map((r) => (r._id === request._id ? { ...r, status: 'Rejected' } : r)));
          notify.success('Rejected', 'Request rejected.');
        }
      },
      action === 'accept' ? 'Failed to accept request.' : 'Failed to reject request.',
    );

  const actions = (r: DonationRequest) =>
    r.status === 'Pending' ? (
      <div className="flex gap-2">
        <Button size="sm" disabled={busy !== null} onClick={() => void act(r, 'accept')} className="flex-1 lg:flex-none">
          <Check /> {busy?.id === r._id && busy.action === 'accept' ? 'Accepting...' : 'Accept'}
        </Button>
        <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void act(r, 'reject')} className="flex-1 text-destructive hover:bg-red-50 lg:flex-none">
          <X /> {busy?.id === r._id && busy.action === 'reject' ? 'Rejecting...' : 'Reject'}
        </Button>
      </div>
    ) : null;

  const columns: Column<DonationRequest>[] = [
    { header: 'Donation', cell: (r) => r.donationTitle, className: 'min-w-36 font-medium text-stone-900' },
    {
      header: 'Charity',
      cell: (r) => (
        <>
          <div className="font-medium">{r.charityName}</div>
          <div className="text-xs text-muted-foreground">{r.charityEmail}</div>
        </>
      ),
      className: 'min-w-48',
    },
    {
      header: 'Description',
      cell: (r) => (
        <p className="line-clamp-3" title={r.requestDescription}>
          {r.requestDescription}
        </p>
      ),
      className: 'min-w-56 max-w-72',
    },
    { header: 'Pickup time', cell: (r) => r.pickupTime, className: 'whitespace-nowrap' },
    { header: 'Requested', cell: (r) => formatDate(r.requestDate), className: 'whitespace-nowrap' },
    { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      header: <span className="sr-only">Actions</span>,
      cell: (r) => actions(r) ?? <span className="text-sm text-muted-foreground">No action needed</span>,
    },
  ];

  return (
    <RecordList
      title="Donation Requests"
      description="Charities asking for your donations. Accepting one request rejects the others for the same donation."
      state={state}
      rows={state.data ?? []}
      columns={columns}
      tableClassName="min-w-[900px]"
      errorMessage="Failed to load requests."
      emptyMessage="No charity has requested your donations yet."
      card={(r) => (
        <RecordCard
          title={r.donationTitle}
          badge={<StatusBadge status={r.status} />}
          fields={[
            {
              label: 'Charity',
              value: (
                <>
                  {r.charityName}
                  <span className="block break-all text-xs text-muted-foreground">{r.charityEmail}</span>
                </>
              ),
            },
            { label: 'Pickup', value: r.pickupTime },
            { label: 'Requested', value: formatDate(r.requestDate) },
          ]}
          note={r.requestDescription}
          actions={actions(r)}
        />
      )}
    />
  );
}
