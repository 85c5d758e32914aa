import { Trash2 } from 'lucide-react';
import { formatDayTime, requestOutcome, type DonationRequestListItem as DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import type { Column } from '@/components/record-list';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { EmailText } from '@/components/email-text';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { useRowAction } from '@/lib/use-row-action';
import { deleteDonationRequest, paths } from './api';
import { StatusRecordList, type CardContent } from './status-record-list';

/** The planned day and time when the charity gave one, else the spec's time of day. */
const pickupText = (r: DonationRequest) => (r.pickupAt ? formatDayTime(r.pickupAt) : r.pickupTime);

/** What became of the donation of an accepted request ('Accepted - picked up 21 Nov 18:12'); otherwise its status. */
function Outcome({ request }: { request: DonationRequest }) {
  const outcome = requestOutcome(request);
  if (outcome) return <span data-testid="request-outcome">{outcome}</span>;
  return <span className="text-muted-foreground">Donation {request.donationStatus ? request.donationStatus.toLowerCase() : 'unknown'}</span>;
}

/** Manage All Donation Requests: every charity's request, which an admin may delete. */
export function ManageRequests() {
  const state = useApi<DonationRequest[]>(paths.donationRequests);
  const { busy, run } = useRowAction<string>();

  const remove = (r: DonationRequest) =>
    run(
      r._id,
      async () => {
        const res = await deleteDonationRequest(r._id);
        if (!res?.deletedCount) throw new Error('not deleted');
        state.setData((list) => list?.filter((x) => x._id !== r._id));
        notify.success('Deleted!', 'The donation request has been deleted.');
      },
      'Failed to delete the request.',
    );

  const del = (r: DonationRequest) => (
    <ConfirmButton
      title="Are you sure?"
      description={`The request from ${r.charityName} for '${r.donationTitle}' will be deleted. This cannot be undone.`}
      confirmLabel="Yes, delete it!"
      disabled={busy === r._id}
      triggerClassName="text-destructive hover:bg-red-50"
      onConfirm={() => void remove(r)}
    >
      <Trash2 /> Delete
    </ConfirmButton>
  );

  const card = (r: DonationRequest): CardContent => ({
    title: r.donationTitle,
    fields: [
      { label: 'Restaurant', value: r.restaurantName },
      { label: 'Charity', value: r.charityName },
      { label: 'E-mail', value: <EmailText email={r.charityEmail} /> },
      { label: 'Pickup time', value: pickupText(r) },
      { label: 'Outcome', value: <Outcome request={r} /> },
      { label: 'Description', value: r.requestDescription },
    ],
  });

  const columns: Column<DonationRequest>[] = [
    { header: 'Donation', cell: (r) => r.donationTitle, className: 'font-medium text-stone-900' },
    { header: 'Restaurant', cell: (r) => r.restaurantName },
    {
      header: 'Charity / E-mail',
      cell: (r) => (
        <>
          <div>{r.charityName}</div>
          <div className="text-xs text-muted-foreground">{r.charityEmail}</div>
        </>
      ),
    },
    {
      header: 'Description',
      cell: (r) => (
        <p className="line-clamp-3" title={r.requestDescription}>
          {r.requestDescription}
        </p>
      ),
      className: 'min-w-40 max-w-52',
    },
    // The outcome sits under the pickup, right beside the request's own status, without widening the table.
    {
      header: 'Pickup / outcome',
      cell: (r) => (
        <>
          <div className="whitespace-nowrap">{pickupText(r)}</div>
          <div className="mt-1 max-w-44 text-xs">
            <Outcome request={r} />
          </div>
        </>
      ),
      className: 'min-w-32',
    },
  ];

  return (
    <StatusRecordList
      title="Manage All Donation Requests"
      description="Every request charities have made, across all restaurants."
      state={state}
      columns={columns}
      actions={del}
      actionsHeader={<span className="sr-only">Actions</span>}
      errorMessage="Failed to load requests."
      emptyMessage="No donation requests found."
      card={card}
    />
  );
}
