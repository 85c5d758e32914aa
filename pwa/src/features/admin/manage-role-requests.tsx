import { useState, type ReactNode } from 'react';
import { Check, X } from 'lucide-react';
import type { CharityRequest } from '@foodbridge/shared/schemas/charity-request';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { formatDate } from '@/lib/utils';
import { approveCharityRequest, paths, rejectCharityRequest } from './api';
import { RecordCard, ResponsiveRecords } from './record-card';
import { StatusFilter, useStatusFilter } from './status-filter';

type Decision = 'approved' | 'rejected';

/** Manage Charity Role Requests: approve (grants the charity role) or reject, only while pending. */
export function ManageRoleRequests() {
  const { data, error, loading, reload, setData } = useApi<CharityRequest[]>(paths.charityRequests);
  const [busy, setBusy] = useState<{ id: string; decision: Decision } | null>(null);
  const filter = useStatusFilter(data, (r) => r.status);

  async function decide(r: CharityRequest, decision: Decision) {
    setBusy({ id: r._id, decision });
    try {
      await (decision === 'approved' ? approveCharityRequest(r._id, r.email) : rejectCharityRequest(r._id));
      setData((list) => list?.map((x) => (x._id === r._id ? { ...x, status: decision } : x)));
      notify.success(decision === 'approved' ? 'Charity approved!' : 'Charity request rejected');
    } catch {
      notify.error('Error', 'Failed to update status.');
    } finally {
      setBusy(null);
    }
  }

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

  const rows = filter.items;
  let body: ReactNode;
  if (loading && !data) body = <TableSkeleton />;
  else if (error) body = <ErrorState message="Failed to load requests." onRetry={reload} />;
  else if (rows.length === 0) body = <EmptyState message="No charity role requests found." />;
  else
    body = (
      <ResponsiveRecords
        table={
          <Table>
            <THead>
              <TR>
                <TH>Name</TH>
                <TH>E-mail</TH>
                <TH>Organization</TH>
                <TH>Mission</TH>
                <TH>Status</TH>
                <TH>Actions</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((r) => (
                <TR key={r._id}>
                  <TD>
                    <div className="font-medium text-stone-900">{r.name}</div>
                    <div className="text-xs text-muted-foreground">{formatDate(r.requestedAt)}</div>
                  </TD>
                  <TD className="whitespace-nowrap">{r.email}</TD>
                  <TD>{r.organization}</TD>
                  <TD className="max-w-72">
                    <p className="line-clamp-3" title={r.mission}>
                      {r.mission}
                    </p>
                  </TD>
                  <TD>
                    <StatusBadge status={r.status} />
                  </TD>
                  <TD>
                    <div className="flex gap-2">{actions(r)}</div>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        }
        cards={rows.map((r) => (
          <li key={r._id}>
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
          </li>
        ))}
      />
    );

  return (
    <section>
      <PageHeader title="Manage Charity Role Requests" description="Approving a request gives the account the charity role.">
        {data && data.length > 0 && <StatusFilter {...filter} />}
      </PageHeader>
      {body}
    </section>
  );
}
