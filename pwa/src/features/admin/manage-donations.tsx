import { useState, type ReactNode } from 'react';
import { Check, X } from 'lucide-react';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { StatusBadge } from '@/components/ui/badge';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@/components/ui/states';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { imageUrl } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { paths, rejectDonation, verifyDonation } from './api';
import { RecordCard, ResponsiveRecords } from './record-card';
import { StatusFilter, useStatusFilter } from './status-filter';

type Decision = 'Verified' | 'Rejected';

/** Manage Donations: every donation; Pending ones are verified or rejected, each after a confirmation. */
export function ManageDonations() {
  const { data, error, loading, reload, setData } = useApi<Donation[]>(paths.donations);
  const [busy, setBusy] = useState<string | null>(null);
  const filter = useStatusFilter(data, (d) => d.status);

  async function decide(d: Donation, decision: Decision) {
    setBusy(d._id);
    try {
      await (decision === 'Verified' ? verifyDonation(d._id) : rejectDonation(d._id));
      setData((list) => list?.map((x) => (x._id === d._id ? { ...x, status: decision } : x)));
      if (decision === 'Verified') notify.success('Verified!', `'${d.title}' is now listed for charities.`);
      else notify.success('Rejected', `'${d.title}' has been rejected.`);
    } catch {
      notify.error('Error', decision === 'Verified' ? 'Failed to verify donation.' : 'Failed to reject donation.');
    } finally {
      setBusy(null);
    }
  }

  const actions = (d: Donation) =>
    d.status === 'Pending' ? (
      <>
        <ConfirmButton
          title="Verify this donation?"
          description={`'${d.title}' will be listed publicly and charities can request it.`}
          confirmLabel="Yes, verify it!"
          destructive={false}
          variant="default"
          disabled={busy === d._id}
          onConfirm={() => void decide(d, 'Verified')}
        >
          <Check /> Verify
        </ConfirmButton>
        <ConfirmButton
          title="Reject this donation?"
          description={`'${d.title}' will not be listed, and the restaurant can no longer update it.`}
          confirmLabel="Yes, reject it!"
          disabled={busy === d._id}
          triggerClassName="text-destructive hover:bg-red-50"
          onConfirm={() => void decide(d, 'Rejected')}
        >
          <X /> Reject
        </ConfirmButton>
      </>
    ) : (
      <span className="text-sm text-muted-foreground">No action needed</span>
    );

  const rows = filter.items;
  let body: ReactNode;
  if (loading && !data) body = <TableSkeleton />;
  else if (error) body = <ErrorState message="Failed to load donations." onRetry={reload} />;
  else if (rows.length === 0) body = <EmptyState message="No donations found." />;
  else
    body = (
      <ResponsiveRecords
        table={
          <Table>
            <THead>
              <TR>
                <TH>Title</TH>
                <TH>Food type</TH>
                <TH>Restaurant / E-mail</TH>
                <TH>Quantity</TH>
                <TH>Status</TH>
                <TH>Actions</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((d) => (
                <TR key={d._id}>
                  <TD>
                    <div className="flex items-center gap-3">
                      <img src={imageUrl(d.image, 96)} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-md bg-stone-100 object-cover" />
                      <span className="min-w-28 font-medium text-stone-900">{d.title}</span>
                    </div>
                  </TD>
                  <TD>{d.foodType}</TD>
                  <TD>
                    <div>{d.restaurantName}</div>
                    <div className="text-xs text-muted-foreground">{d.restaurantEmail}</div>
                  </TD>
                  <TD className="whitespace-nowrap">
                    {d.quantity} {d.unit}
                  </TD>
                  <TD>
                    <StatusBadge status={d.status} />
                  </TD>
                  <TD>
                    <div className="flex gap-2">{actions(d)}</div>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        }
        cards={rows.map((d) => (
          <li key={d._id}>
            <RecordCard
              title={d.title}
              badge={<StatusBadge status={d.status} />}
              fields={[
                { label: 'Food type', value: d.foodType },
                { label: 'Restaurant', value: d.restaurantName },
                { label: 'E-mail', value: <span className="break-all">{d.restaurantEmail}</span> },
                { label: 'Quantity', value: `${d.quantity} ${d.unit}` },
              ]}
              actions={actions(d)}
            />
          </li>
        ))}
      />
    );

  return (
    <section>
      <PageHeader title="Manage Donations" description="Verify new donations before charities can see them.">
        {data && data.length > 0 && <StatusFilter {...filter} />}
      </PageHeader>
      {body}
    </section>
  );
}
