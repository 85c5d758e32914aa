import { Check, X } from 'lucide-react';
import type { CharityRequest } from '@foodbridge/shared/schemas/charity-request';
import type { Column } from '@/components/record-list';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { useRowAction } from '@/lib/use-row-action';
import { formatDate } from '@/lib/utils';
import { approveCharityRequest, paths, rejectCharityRequest } from './api';
import { StatusRecordList, withStatus, type CardContent } from './status-record-list';

type Decision = 'approved' | 'rejected';

/** Manage Charity Role Requests: approve (grants the charity role) or reject, only while pending. */
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
    return (
      <>
        <Button size="sm" disabled={!open || inFlight} onClick={() => void decide(r, 'approved')}>
          <Check /> {inFlight && busy.decision === 'approved' ? 'Approving...' : 'Approve'}
        </Button>
        <Button size="sm" variant="outline" disabled={!open || inFlight} onClick={() => void decide(r, 'rejected')} className="text-destructive hover:bg-red-50">
          <X /> {inFlight && busy.decision === 'rejected' ? 'Rejecting...' : 'Reject'}
        </Button>
      </>
    );
  };

  const card = (r: CharityRequest): CardContent => ({
    title: r.name,
    fields: [
      { label: 'E-mail', value: <span className="break-all">{r.email}</span> },
      { label: 'Organization', value: r.organization },
      { label: 'Mission', value: r.mission },
      { label: 'Requested', value: formatDate(r.requestedAt) },
    ],
  });

  const columns: Column<CharityRequest>[] = [
    {
      header: 'Name',
      cell: (r) => (
        <>
          <div className="font-medium text-stone-900">{r.name}</div>
          <div className="text-xs text-muted-foreground">{formatDate(r.requestedAt)}</div>
        </>
      ),
    },
    { header: 'E-mail', cell: (r) => r.email, className: 'whitespace-nowrap' },
    { header: 'Organization', cell: (r) => r.organization },
    {
      header: 'Mission',
      cell: (r) => (
        <p className="line-clamp-3" title={r.mission}>
          {r.mission}
        </p>
      ),
      className: 'max-w-72',
    },
  ];

  return (
    <StatusRecordList
      title="Manage Charity Role Requests"
      description="Approving a request gives the account the charity role."
      state={state}
      columns={columns}
      actions={actions}
      errorMessage="Failed to load requests."
      emptyMessage="No charity role requests found."
      card={card}
    />
  );
}
