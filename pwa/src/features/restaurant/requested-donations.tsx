import { useState, type ReactNode } from 'react';
import { Check, X } from 'lucide-react';
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { formatDate } from '@/lib/utils';
import { acceptRequest, paths, rejectRequest } from './api';

type Action = 'accept' | 'reject';

/** Donation Requests: charities' requests for this restaurant's donations, accepted or rejected while Pending. */
export function RequestedDonations() {
  const { data, error, loading, reload, setData } = useApi<DonationRequest[]>(paths.requests);
  const [busy, setBusy] = useState<{ id: string; action: Action } | null>(null);

  async function act(request: DonationRequest, action: Action) {
    setBusy({ id: request._id, action });
    try {
      if (action === 'accept') {
        await acceptRequest(request._id);
        notify.success('Accepted', 'Request accepted and others rejected.');
        // The server rejected every other request for this donation: read the list again.
        reload();
      } else {
        await rejectRequest(request._id);
        setData((list) => list?.map((r) => (r._id === request._id ? { ...r, status: 'Rejected' } : r)));
        notify.success('Rejected', 'Request rejected.');
      }
    } catch {
      notify.error('Error', action === 'accept' ? 'Failed to accept request.' : 'Failed to reject request.');
    } finally {
      setBusy(null);
    }
  }

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

  let body: ReactNode;
  if (loading && !data) body = <TableSkeleton />;
  else if (error) body = <ErrorState message="Failed to load requests." onRetry={reload} />;
  else if (!data || data.length === 0) body = <EmptyState message="No charity has requested your donations yet." />;
  else
    body = (
      <>
        <div className="hidden lg:block">
          <Table className="min-w-[900px]">
            <THead>
              <TR>
                <TH>Donation</TH>
                <TH>Charity</TH>
                <TH>Description</TH>
                <TH>Pickup time</TH>
                <TH>Requested</TH>
                <TH>Status</TH>
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {data.map((r) => (
                <TR key={r._id}>
                  <TD className="min-w-36 font-medium text-stone-900">{r.donationTitle}</TD>
                  <TD className="min-w-48">
                    <div className="font-medium">{r.charityName}</div>
                    <div className="text-xs text-muted-foreground">{r.charityEmail}</div>
                  </TD>
                  <TD className="min-w-56 max-w-72">
                    <p className="line-clamp-3" title={r.requestDescription}>
                      {r.requestDescription}
                    </p>
                  </TD>
                  <TD className="whitespace-nowrap">{r.pickupTime}</TD>
                  <TD className="whitespace-nowrap">{formatDate(r.requestDate)}</TD>
                  <TD>
                    <StatusBadge status={r.status} />
                  </TD>
                  <TD>{actions(r) ?? <span className="text-sm text-muted-foreground">No action needed</span>}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:hidden">
          {data.map((r) => (
            <li key={r._id}>
              <Card className="flex h-full flex-col gap-3 p-4">
                <div className="flex items-start justify-between gap-3">
                  <h2 className="font-semibold text-stone-900">{r.donationTitle}</h2>
                  <StatusBadge status={r.status} className="shrink-0" />
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
                  <dt className="text-muted-foreground">Charity</dt>
                  <dd className="min-w-0">
                    {r.charityName}
                    <span className="block break-all text-xs text-muted-foreground">{r.charityEmail}</span>
                  </dd>
                  <dt className="text-muted-foreground">Pickup</dt>
                  <dd>{r.pickupTime}</dd>
                  <dt className="text-muted-foreground">Requested</dt>
                  <dd>{formatDate(r.requestDate)}</dd>
                </dl>
                <p className="rounded-md bg-stone-50 p-3 text-sm text-stone-700">{r.requestDescription}</p>
                {r.status === 'Pending' && <div className="mt-auto">{actions(r)}</div>}
              </Card>
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <section>
      <PageHeader title="Donation Requests" description="Charities asking for your donations. Accepting one request rejects the others for the same donation." />
      {body}
    </section>
  );
}
