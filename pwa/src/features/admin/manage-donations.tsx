import { Check, X } from 'lucide-react';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { Column } from '@/components/record-list';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { imageUrl } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { useRowAction } from '@/lib/use-row-action';
import { paths, rejectDonation, verifyDonation } from './api';
import { StatusRecordList, withStatus, type CardContent } from './status-record-list';

type Decision = 'Verified' | 'Rejected';

/** Why a donation the admin once verified is back for a check: its restaurant changed what was checked. */
function reverifyNote(d: Donation): string | undefined {
  return d.status === 'Pending' && d.reverifyReason ? `Edited after verification: ${d.reverifyReason}` : undefined;
}

/** Manage Donations: every donation; Pending ones are verified or rejected, each after a confirmation. */
export function ManageDonations() {
  const state = useApi<Donation[]>(paths.donations);
  const { busy, run } = useRowAction<string>();

  const decide = (d: Donation, decision: Decision) =>
    run(
      d._id,
      async () => {
        await (decision === 'Verified' ? verifyDonation(d._id) : rejectDonation(d._id));
        state.setData((list) => withStatus(list, d._id, decision));
        if (decision === 'Verified') notify.success('Verified!', `'${d.title}' is now listed for charities.`);
        else notify.success('Rejected', `'${d.title}' has been rejected.`);
      },
      decision === 'Verified' ? 'Failed to verify donation.' : 'Failed to reject donation.',
    );

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

  const card = (d: Donation): CardContent => ({
    title: d.title,
    fields: [
      { label: 'Food type', value: d.foodType },
      { label: 'Restaurant', value: d.restaurantName },
      { label: 'E-mail', value: <span className="break-all">{d.restaurantEmail}</span> },
      { label: 'Quantity', value: `${d.quantity} ${d.unit}` },
      ...(reverifyNote(d) ? [{ label: 'Note', value: <span className="text-amber-800">{reverifyNote(d)}</span> }] : []),
    ],
  });

  const columns: Column<Donation>[] = [
    {
      header: 'Title',
      cell: (d) => (
        <div className="flex items-center gap-3">
          <img src={imageUrl(d.image, 96)} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-md bg-stone-100 object-cover" />
          <div className="min-w-28">
            <span className="font-medium text-stone-900">{d.title}</span>
            {reverifyNote(d) && <div className="text-xs text-amber-800">{reverifyNote(d)}</div>}
          </div>
        </div>
      ),
    },
    { header: 'Food type', cell: (d) => d.foodType },
    {
      header: 'Restaurant / E-mail',
      cell: (d) => (
        <>
          <div>{d.restaurantName}</div>
          <div className="text-xs text-muted-foreground">{d.restaurantEmail}</div>
        </>
      ),
    },
    { header: 'Quantity', cell: (d) => `${d.quantity} ${d.unit}`, className: 'whitespace-nowrap' },
  ];

  return (
    <StatusRecordList
      title="Manage Donations"
      description="Verify new donations before charities can see them."
      state={state}
      columns={columns}
      actions={actions}
      errorMessage="Failed to load donations."
      emptyMessage="No donations found."
      card={card}
    />
  );
}
