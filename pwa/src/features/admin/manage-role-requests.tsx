import { Check, X } from 'lucide-react';
import type { CharityRequest } from '@foodbridge/shared/schemas/charity-request';
import type { Column } from '@/components/record-list';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { EmailText } from '@/components/email-text';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { useRowAction } from '@/lib/use-row-action';
import { formatDate } from '@/lib/utils';
import { approveCharityRequest, paths, rejectCharityRequest } from './api';
import { MissionText } from './mission-text';
import { StatusRecordList, withStatus, type CardContent } from './status-record-list';

type Decision = 'approved' | 'rejected';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** The fee paid with the request, and the payment's reference for looking it up with the card provider. */
function Payment({ r }: { r: CharityRequest }) {
  return (
    <>
      <div className="font-medium text-stone-900">{dollars.format(r.paymentAmount)} paid</div>
      <div className="break-all font-mono text-xs text-muted-foreground">{r.paymentId}</div>
    </>
  );
}

/**
 * Manage Charity Role Requests: approve (grants the charity role) or reject, only while pending, each after a
 * confirmation, with the whole mission and the payment in view.
 */
export function ManageRoleRequests() {
  const state = useApi<CharityRequest[]>(paths.charityRequests);
  const { busy, run } = useRowAction<{ id: string; decision: Decision }>();

  const decide = (r: CharityRequest, decision: Decision) =>
    run(
      { id: r._id, decision },
      async () => {
        await (decision === 'approved' ? approveCharityRequest(r._id, r.email) : rejectCharityRequest(r._id));
        state.setData((list) => withStatus(list, r._id, decision));
        notify.success(decision === 'approved' ? 'Charity approved!' : 'Charity request rejected');
      },
      'Failed to update status.',
    );

  const actions = (r: CharityRequest) => {
    const open = r.status === 'pending';
    const inFlight = busy?.id === r._id;
    const who = r.name || r.email;
    return (
      <>
        <ConfirmButton
          title={`Approve ${who} as a charity?`}
          description={`${who} (${r.organization}) gets the charity role: they can request donations and confirm pickups. This cannot be undone here.`}
          confirmLabel="Yes, approve"
          destructive={false}
          variant="default"
          disabled={!open || inFlight}
          onConfirm={() => void decide(r, 'approved')}
        >
          <Check /> {inFlight && busy.decision === 'approved' ? 'Approving...' : 'Approve'}
        </ConfirmButton>
        <ConfirmButton
          title={`Reject ${who}'s request?`}
          description={`${who} keeps their current role, and this request cannot be approved later.`}
          confirmLabel="Yes, reject"
          disabled={!open || inFlight}
          triggerClassName="text-destructive hover:bg-red-50"
          onConfirm={() => void decide(r, 'rejected')}
        >
          <X /> {inFlight && busy.decision === 'rejected' ? 'Rejecting...' : 'Reject'}
        </ConfirmButton>
      </>
    );
  };

  const card = (r: CharityRequest): CardContent => ({
    title: r.name,
    fields: [
      { label: 'E-mail', value: <EmailText email={r.email} /> },
      { label: 'Organization', value: r.organization },
      { label: 'Payment', value: <Payment r={r} /> },
      { label: 'Requested', value: formatDate(r.requestedAt) },
    ],
    note: (
      <>
        <span className="mb-1 block font-medium text-stone-900">Mission</span>
        <MissionText text={r.mission} />
      </>
    ),
  });

  const columns: Column<CharityRequest>[] = [
    {
      header: 'Name / E-mail',
      cell: (r) => (
        <>
          <div className="font-medium text-stone-900">{r.name}</div>
          <div className="text-xs text-muted-foreground">
            <EmailText email={r.email} />
          </div>
          <div className="text-xs text-muted-foreground">Requested {formatDate(r.requestedAt)}</div>
        </>
      ),
      className: 'min-w-44 max-w-56',
    },
    { header: 'Organization', cell: (r) => r.organization, className: 'max-w-40' },
    { header: 'Mission', cell: (r) => <MissionText text={r.mission} />, className: 'min-w-56 max-w-80' },
    { header: 'Payment', cell: (r) => <Payment r={r} />, className: 'max-w-36' },
  ];

  return (
    <StatusRecordList
      title="Manage Charity Role Requests"
      description="Approving a request gives the account the charity role."
      state={state}
      columns={columns}
      actions={actions}
      stackActions
      errorMessage="Failed to load requests."
      emptyMessage="No charity role requests found."
      card={card}
    />
  );
}
