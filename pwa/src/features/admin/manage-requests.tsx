import { useState, type ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { StatusBadge } from '@/components/ui/badge';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { deleteDonationRequest, paths } from './api';
import { RecordCard, ResponsiveRecords } from './record-card';
import { StatusFilter, useStatusFilter } from './status-filter';

/** Manage All Donation Requests: every charity's request, which an admin may delete. */
export function ManageRequests() {
  const { data, error, loading, reload, setData } = useApi<DonationRequest[]>(paths.donationRequests);
  const [busy, setBusy] = useState<string | null>(null);
  const filter = useStatusFilter(data, (r) => r.status);

  async function remove(r: DonationRequest) {
    setBusy(r._id);
    try {
      const res = await deleteDonationRequest(r._id);
      if (!res?.deletedCount) throw new Error('not deleted');
      setData((list) => list?.filter((x) => x._id !== r._id));
      notify.success('Deleted!', 'The donation request has been deleted.');
    } catch {
      notify.error('Error', 'Failed to delete the request.');
    } finally {
      setBusy(null);
    }
  }

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

  const rows = filter.items;
  let body: ReactNode;
  if (loading && !data) body = <TableSkeleton />;
  else if (error) body = <ErrorState message="Failed to load requests." onRetry={reload} />;
  else if (rows.length === 0) body = <EmptyState message="No donation requests found." />;
  else
    body = (
      <ResponsiveRecords
        table={
          <Table>
            <THead>
              <TR>
                <TH>Donation</TH>
                <TH>Restaurant</TH>
                <TH>Charity / E-mail</TH>
                <TH>Description</TH>
                <TH>Pickup time</TH>
                <TH>Status</TH>
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((r) => (
                <TR key={r._id}>
                  <TD className="font-medium text-stone-900">{r.donationTitle}</TD>
                  <TD>{r.restaurantName}</TD>
                  <TD>
                    <div>{r.charityName}</div>
                    <div className="text-xs text-muted-foreground">{r.charityEmail}</div>
                  </TD>
                  <TD className="min-w-48 max-w-64">
                    <p className="line-clamp-3" title={r.requestDescription}>
                      {r.requestDescription}
                    </p>
                  </TD>
                  <TD className="whitespace-nowrap">{r.pickupTime}</TD>
                  <TD>
                    <StatusBadge status={r.status} />
                  </TD>
                  <TD>{del(r)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        }
        cards={rows.map((r) => (
          <li key={r._id}>
            <RecordCard
              title={r.donationTitle}
              badge={<StatusBadge status={r.status} />}
              fields={[
                { label: 'Restaurant', value: r.restaurantName },
                { label: 'Charity', value: r.charityName },
                { label: 'E-mail', value: <span className="break-all">{r.charityEmail}</span> },
                { label: 'Pickup time', value: r.pickupTime },
                { label: 'Description', value: r.requestDescription },
              ]}
              actions={del(r)}
            />
          </li>
        ))}
      />
    );

  return (
    <section>
      <PageHeader title="Manage All Donation Requests" description="Every request charities have made, across all restaurants.">
        {data && data.length > 0 && <StatusFilter {...filter} />}
      </PageHeader>
      {body}
    </section>
  );
}
