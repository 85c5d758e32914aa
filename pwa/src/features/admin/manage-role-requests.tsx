import { Check, X } from 'lucide-react';
import type { CharityRequest } from '@foodbridge/shared/schemas/charity-request';
import { RecordCard, RecordList, type Column } from '@/components/record-list';
import { StatusFilter, useStatusFilter } from '@/components/status-filter';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { useRowAction } from '@/lib/use-row-action';
import { formatDate } from '@/lib/utils';
import { approveCharityRequest, paths, rejectCharityRequest } from './api';

type Decision = 'approved' | 'rejected';

/** Manage Charity Role Requests: approve (grants the charity role) or reject, only while pending. */
export function ManageRoleRequests() {
  const state = useApi<CharityRequest[]>(paths.charityRequests);
  const { busy, run } = useRowAction<{ id: string; decision: Decision }>();
  const filter = useStatusFilter(state.data, (r) => r.status);

  const decide = (r: CharityRequest, decision: Decision) =>
    run(
      { id: r._id, decision },
      async () => {
        await (decision === 'approved' ? approveCharityRequest(r._id, r.email) : rejectCharityRequest(r._id));
        state.setData((list) => list?.map((x) => (x._id === r._id ? { ...x, status: decision } : x)));
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
    { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    { header: 'Actions', cell: (r) => <div className="flex gap-2">{actions(r)}</div> },
  ];

  return (
    <RecordList
      title="Manage Charity Role Requests"
      description="Approving a request gives the account the charity role."
      toolbar={<StatusFilter {...filter} />}
      state={state}
      rows={filter.items}
      columns={columns}
      errorMessage="Failed to load requests."
      emptyMessage="No charity role requests found."
      card={(r) => (
        <RecordCard
          title={r.name}
          badge={<StatusBadge status={r.status} />}
          fields={[
            { label: 'E-mail', value: <span className="break-all">{r.email}</span> },
            { label: 'Organization', value: r.organization },
            { label: 'Mission', value: r.mission },
            { label: 'Requested', value: formatDate(r.requestedAt) },
          ]}
          actions={actions(r)}
        />
      )}
    />
  );
}
