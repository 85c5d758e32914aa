import { Trash2 } from 'lucide-react';
import type { I18n } from '@lingui/core';
import type { DonationRequestListItem as DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import type { Column } from '@/components/record-list';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { EmailText } from '@/components/email-text';
import { useI18n } from '@/lib/i18n/i18n';
import { donationStatusLabel } from '@/lib/labels';
import { dayTime, outcomeText, requestBadge, wasPickedUp } from '@/lib/request-words';
import { notify } from '@/lib/notify';
import { apiPath } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';
import { useRowAction } from '@/lib/use-row-action';
import { deleteDonationRequest } from './api';
import { StatusRecordList, type CardContent } from './status-record-list';

/** The planned day and time when the charity gave one, else the spec's time of day. */
const pickupText = (i18n: I18n, r: DonationRequest) => (r.pickupAt ? dayTime(i18n, r.pickupAt) : r.pickupTime);

/** What became of the donation of an accepted request; otherwise its status. */
function Outcome({ request }: { request: DonationRequest }) {
  const i18n = useI18n();
  const outcome = outcomeText(i18n, request);
  if (outcome) return <span data-testid="request-outcome">{outcome}</span>;
  const status = request.donationStatus ? donationStatusLabel(i18n, request.donationStatus).toLocaleLowerCase(i18n.locale) : undefined;
  return (
    <span className="text-muted-foreground">
      {status ? i18n._('admin.requests.donationStatus', { status }) : i18n._('admin.requests.donationUnknown')}
    </span>
  );
}

/** Manage All Donation Requests: every charity's request, which an admin may delete. */
export function ManageRequests() {
  const i18n = useI18n();
  const state = useApi(apiPath('GET /donation-requests'));
  const { busy, run } = useRowAction<string>();

  const remove = (r: DonationRequest) =>
    run(
      r._id,
      async () => {
        const res = await deleteDonationRequest(r._id);
        if (!res?.deletedCount) throw new Error('not deleted');
        state.setData((list) => list?.filter((x) => x._id !== r._id));
        notify.success(i18n._('admin.requests.deletedTitle'), i18n._('admin.requests.deleted'));
      },
      i18n._('admin.requests.deleteFailed'),
    );

  const del = (r: DonationRequest) => (
    <ConfirmButton
      title={i18n._('admin.requests.deleteTitle')}
      description={i18n._('admin.requests.deleteDescription', { charity: r.charityName, title: r.donationTitle })}
      confirmLabel={i18n._('admin.requests.deleteConfirm')}
      disabled={busy === r._id}
      triggerClassName="text-destructive hover:bg-red-50"
      onConfirm={() => void remove(r)}
    >
      <Trash2 /> {i18n._('admin.requests.delete')}
    </ConfirmButton>
  );

  const card = (r: DonationRequest): CardContent => ({
    title: r.donationTitle,
    fields: [
      { label: i18n._('admin.requests.restaurant'), value: r.restaurantName },
      { label: i18n._('admin.requests.charity'), value: r.charityName },
      { label: i18n._('admin.requests.email'), value: <EmailText email={r.charityEmail} /> },
      { label: i18n._('admin.requests.pickupTime'), value: pickupText(i18n, r) },
      { label: i18n._('admin.requests.outcome'), value: <Outcome request={r} /> },
      { label: i18n._('admin.requests.descriptionLabel'), value: r.requestDescription },
    ],
  });

  const columns: Column<DonationRequest>[] = [
    { header: i18n._('admin.requests.donation'), cell: (r) => r.donationTitle, className: 'font-medium text-stone-900' },
    { header: i18n._('admin.requests.restaurant'), cell: (r) => r.restaurantName },
    {
      header: i18n._('admin.requests.charityEmail'),
      cell: (r) => (
        <>
          <div>{r.charityName}</div>
          <div className="text-xs text-muted-foreground">{r.charityEmail}</div>
        </>
      ),
    },
    {
      header: i18n._('admin.requests.descriptionLabel'),
      cell: (r) => (
        <p className="line-clamp-3" title={r.requestDescription}>
          {r.requestDescription}
        </p>
      ),
      className: 'min-w-40 max-w-52',
    },
    // The outcome sits under the pickup, right beside the request's own status, without widening the table.
    {
      header: i18n._('admin.requests.pickupOutcome'),
      cell: (r) => (
        <>
          <div className="whitespace-nowrap">{pickupText(i18n, r)}</div>
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
      title={i18n._('admin.requests.title')}
      description={i18n._('admin.requests.description')}
      state={state}
      columns={columns}
      actions={del}
      actionsHeader={<span className="sr-only">{i18n._('admin.list.actions')}</span>}
      errorMessage={i18n._('admin.requests.loadFailed')}
      emptyMessage={i18n._('admin.requests.empty')}
      card={card}
      // Accepted, then collected: the badge says Picked up, as the restaurant's and the charity's lists do.
      badgeOf={(r) => requestBadge(i18n, r.status, wasPickedUp(r))}
    />
  );
}
