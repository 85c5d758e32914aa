import { Check, X } from 'lucide-react';
import { formatDayTime, requestOutcome, type DonationRequestListItem as DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { RecordCard, RecordList, type Column } from '@/components/record-list';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmailText } from '@/components/email-text';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { useRowAction } from '@/lib/use-row-action';
import { formatDate } from '@/lib/utils';
import { acceptRequest, paths, rejectRequest } from './api';

type Action = 'accept' | 'reject';

/** The question before an accept, which also declines every other pending request for the same donation. */
export function acceptQuestion(others: number): { title: string; description: string } {
  const title = others === 0 ? 'Accept this request?' : `Accept this request? The other ${others === 1 ? 'request' : `${others} requests`} will be declined.`;
  return {
    title,
    description:
      others === 0
        ? 'The donation is given to this charity. This cannot be undone.'
        : `The donation is given to this charity, and ${others === 1 ? 'the other charity is' : `the other ${others} charities are`} told no. This cannot be undone.`,
  };
}

/** The planned day and time when the charity gave one, else the spec's time of day. */
const pickupText = (r: DonationRequest) => (r.pickupAt ? formatDayTime(r.pickupAt) : r.pickupTime);

function StatusCell({ request }: { request: DonationRequest }) {
  const outcome = requestOutcome(request);
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge status={request.status} />
      {outcome && (
        <span className="block max-w-32 text-xs font-medium text-stone-700" data-testid="request-outcome">
          {outcome}
        </span>
      )}
    </div>
  );
}

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

  const othersPending = (r: DonationRequest) =>
    (state.data ?? []).filter((x) => x.donationId === r.donationId && x._id !== r._id && x.status === 'Pending').length;

  const actions = (r: DonationRequest) =>
    r.status === 'Pending' ? (
      // Stacked in the table's narrow last column on laptop widths, so the table needs no sideways scroll.
      <div className="flex gap-2 lg:flex-col 2xl:flex-row">
        <ConfirmButton
          {...acceptQuestion(othersPending(r))}
          confirmLabel="Yes, accept"
          cancelLabel="Not yet"
          destructive={false}
          variant="default"
          disabled={busy !== null}
          onConfirm={() => void act(r, 'accept')}
          triggerClassName="flex-1 lg:flex-none"
        >
          <Check /> {busy?.id === r._id && busy.action === 'accept' ? 'Accepting...' : 'Accept'}
        </ConfirmButton>
        <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void act(r, 'reject')} className="flex-1 text-destructive hover:bg-red-50 lg:flex-none">
          <X /> {busy?.id === r._id && busy.action === 'reject' ? 'Rejecting...' : 'Reject'}
        </Button>
      </div>
    ) : null;

  const columns: Column<DonationRequest>[] = [
    { header: 'Donation', cell: (r) => r.donationTitle, className: 'min-w-32 font-medium text-stone-900' },
    {
      header: 'Charity',
      cell: (r) => (
        <>
          <div className="font-medium">{r.charityName}</div>
          <div className="text-xs text-muted-foreground">{r.charityEmail}</div>
        </>
      ),
      className: 'min-w-40',
    },
    {
      header: 'Description',
      cell: (r) => (
        <p className="line-clamp-3" title={r.requestDescription}>
          {r.requestDescription}
        </p>
      ),
      className: 'min-w-44 max-w-60',
    },
    { header: 'Pickup time', cell: pickupText, className: 'whitespace-nowrap' },
    { header: 'Requested', cell: (r) => formatDate(r.requestDate), className: 'whitespace-nowrap' },
    { header: 'Status', cell: (r) => <StatusCell request={r} /> },
    {
      header: <span className="sr-only">Actions</span>,
      cell: (r) => actions(r) ?? <span className="block max-w-24 text-sm text-muted-foreground">No action needed</span>,
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
                  <EmailText email={r.charityEmail} className="block text-xs text-muted-foreground" />
                </>
              ),
            },
            { label: 'Pickup', value: pickupText(r) },
            ...(requestOutcome(r) ? [{ label: 'Donation', value: <span data-testid="request-outcome">{requestOutcome(r)}</span> }] : []),
            { label: 'Requested', value: formatDate(r.requestDate) },
          ]}
          note={r.requestDescription}
          actions={actions(r)}
        />
      )}
    />
  );
}
