import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Check, X } from 'lucide-react';
import { DONATION_GIVEN } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { BestBeforeLabel } from '@/components/best-before-label';
import type { Column } from '@/components/record-list';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { EmailText } from '@/components/email-text';
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

/**
 * The donations waiting for a decision first, the rest after them, each group in the server's order. A donation
 * decided here keeps its place (`decided`) until the next load, so a row does not jump away under the admin's eyes.
 */
export function pendingFirst<T extends { _id: string; status: string }>(list: T[], decided: ReadonlySet<string> = new Set()): T[] {
  const waits = (d: T) => d.status === 'Pending' || decided.has(d._id);
  return [...list.filter(waits), ...list.filter((d) => !waits(d))];
}

/** The title as a link to the whole donation (picture, pickup window, location), to see before verifying. */
function DonationLink({ d }: { d: Donation }) {
  return (
    <Link to="/donations/$id" params={{ id: d._id }} className="text-stone-900 underline decoration-stone-300 underline-offset-4 hover:text-brand-800 hover:decoration-brand-700">
      {d.title}
    </Link>
  );
}

/** Manage Donations: every donation, Pending first; Pending ones are verified or rejected, each after a confirmation. */
export function ManageDonations() {
  const loaded = useApi<Donation[]>(paths.donations);
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const state = { ...loaded, data: loaded.data && pendingFirst(loaded.data, decided) };
  const { busy, run } = useRowAction<string>();

  const decide = (d: Donation, decision: Decision) =>
    run(
      d._id,
      async () => {
        await (decision === 'Verified' ? verifyDonation(d._id) : rejectDonation(d._id));
        setDecided((ids) => new Set(ids).add(d._id));
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
    title: <DonationLink d={d} />,
    fields: [
      { label: 'Food type', value: d.foodType },
      { label: 'Restaurant', value: d.restaurantName },
      { label: 'E-mail', value: <EmailText email={d.restaurantEmail} /> },
      { label: 'Quantity', value: `${d.quantity} ${d.unit}` },
      ...(d.bestBefore && !DONATION_GIVEN.includes(d.status) ? [{ label: 'Best before', value: <BestBeforeLabel bestBefore={d.bestBefore} /> }] : []),
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
            <span className="font-medium">
              <DonationLink d={d} />
            </span>
            {reverifyNote(d) && <div className="text-xs text-amber-800">{reverifyNote(d)}</div>}
            {/* An admin verifying food sees how long it keeps, and that an expired one would never be listed. */}
            {!DONATION_GIVEN.includes(d.status) && <BestBeforeLabel bestBefore={d.bestBefore} className="text-xs" />}
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
          <EmailText email={d.restaurantEmail} className="block text-xs text-muted-foreground" />
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
