import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { I18n } from '@lingui/core';
import { Check, X } from 'lucide-react';
import { DONATION_GIVEN } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { BestBeforeLabel } from '@/components/best-before-label';
import type { Column } from '@/components/record-list';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { EmailText } from '@/components/email-text';
import { apiPath, imageUrl } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel, quantityLabel } from '@/lib/labels';
import { notify } from '@/lib/notify';
import { useApi } from '@/lib/use-api';
import { useRowAction } from '@/lib/use-row-action';
import { rejectDonation, verifyDonation } from './api';
import { StatusRecordList, withStatus, type CardContent } from './status-record-list';

type Decision = 'Verified' | 'Rejected';

/** Why a donation the admin once verified is back for a check: its restaurant changed what was checked. */
function reverifyNote(i18n: I18n, d: Donation): string | undefined {
  return d.status === 'Pending' && d.reverifyReason ? i18n._('admin.donations.reverifyNote', { reason: d.reverifyReason }) : undefined;
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
  const i18n = useI18n();
  const loaded = useApi(apiPath('GET /donations'));
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
        if (decision === 'Verified') notify.success(i18n._('admin.donations.verifiedTitle'), i18n._('admin.donations.verified', { title: d.title }));
        else notify.success(i18n._('admin.donations.rejectedTitle'), i18n._('admin.donations.rejected', { title: d.title }));
      },
      decision === 'Verified' ? i18n._('admin.donations.verifyFailed') : i18n._('admin.donations.rejectFailed'),
    );

  const actions = (d: Donation) =>
    d.status === 'Pending' ? (
      <>
        <ConfirmButton
          title={i18n._('admin.donations.verifyTitle')}
          description={i18n._('admin.donations.verifyDescription', { title: d.title })}
          confirmLabel={i18n._('admin.donations.verifyConfirm')}
          destructive={false}
          variant="default"
          disabled={busy === d._id}
          onConfirm={() => void decide(d, 'Verified')}
        >
          <Check /> {i18n._('admin.donations.verify')}
        </ConfirmButton>
        <ConfirmButton
          title={i18n._('admin.donations.rejectTitle')}
          description={i18n._('admin.donations.rejectDescription', { title: d.title })}
          confirmLabel={i18n._('admin.donations.rejectConfirm')}
          disabled={busy === d._id}
          triggerClassName="text-destructive hover:bg-red-50"
          onConfirm={() => void decide(d, 'Rejected')}
        >
          <X /> {i18n._('admin.donations.reject')}
        </ConfirmButton>
      </>
    ) : (
      <span className="text-sm text-muted-foreground">{i18n._('admin.donations.noAction')}</span>
    );

  const card = (d: Donation): CardContent => ({
    title: <DonationLink d={d} />,
    fields: [
      { label: i18n._('admin.donations.foodType'), value: foodTypeLabel(i18n, d.foodType) },
      { label: i18n._('admin.donations.restaurant'), value: d.restaurantName },
      { label: i18n._('admin.donations.email'), value: <EmailText email={d.restaurantEmail} /> },
      { label: i18n._('admin.donations.quantity'), value: quantityLabel(i18n, d.quantity, d.unit) },
      ...(d.bestBefore && !DONATION_GIVEN.includes(d.status)
        ? [{ label: i18n._('admin.donations.bestBefore'), value: <BestBeforeLabel bestBefore={d.bestBefore} /> }]
        : []),
      ...(reverifyNote(i18n, d) ? [{ label: i18n._('admin.donations.note'), value: <span className="text-amber-800">{reverifyNote(i18n, d)}</span> }] : []),
    ],
  });

  const columns: Column<Donation>[] = [
    {
      header: i18n._('admin.donations.titleColumn'),
      cell: (d) => (
        <div className="flex items-center gap-3">
          <img src={imageUrl(d.image, 96)} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-md bg-stone-100 object-cover" />
          <div className="min-w-28">
            <span className="font-medium">
              <DonationLink d={d} />
            </span>
            {reverifyNote(i18n, d) && <div className="text-xs text-amber-800">{reverifyNote(i18n, d)}</div>}
            {/* An admin verifying food sees how long it keeps, and that an expired one would never be listed. */}
            {!DONATION_GIVEN.includes(d.status) && <BestBeforeLabel bestBefore={d.bestBefore} className="text-xs" />}
          </div>
        </div>
      ),
    },
    { header: i18n._('admin.donations.foodType'), cell: (d) => foodTypeLabel(i18n, d.foodType) },
    {
      header: i18n._('admin.donations.restaurantEmail'),
      cell: (d) => (
        <>
          <div>{d.restaurantName}</div>
          <EmailText email={d.restaurantEmail} className="block text-xs text-muted-foreground" />
        </>
      ),
    },
    { header: i18n._('admin.donations.quantity'), cell: (d) => quantityLabel(i18n, d.quantity, d.unit), className: 'whitespace-nowrap' },
  ];

  return (
    <StatusRecordList
      title={i18n._('admin.donations.title')}
      description={i18n._('admin.donations.description')}
      state={state}
      columns={columns}
      actions={actions}
      errorMessage={i18n._('admin.donations.loadFailed')}
      emptyMessage={i18n._('admin.donations.empty')}
      card={card}
    />
  );
}
