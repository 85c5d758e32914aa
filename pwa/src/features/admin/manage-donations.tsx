import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { DONATION_GIVEN } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { BestBeforeLabel } from '@/components/best-before-label';
import { DonationVerdictButtons, reverifyNote } from '@/components/donation-verdict';
import type { Column } from '@/components/record-list';
import { EmailText } from '@/components/email-text';
import { apiPath, imageUrl } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel, quantityLabel } from '@/lib/labels';
import { useApi } from '@/lib/use-api';
import { StatusRecordList, withStatus, type CardContent } from './status-record-list';

/**
 * The donations waiting for a decision first, the rest after them, each group in the server's order. A donation
 * decided here keeps its place (`decided`) until the next load, so a row does not jump away under the admin's eyes.
 */
export function pendingFirst<T extends { _id: string; status: string }>(list: T[], decided: ReadonlySet<string> = new Set()): T[] {
  const waits = (d: T) => d.status === 'Pending' || decided.has(d._id);
  return [...list.filter(waits), ...list.filter((d) => !waits(d))];
}

/**
 * The title as a link to the whole donation (picture, pickup window, location), to see before verifying; the page
 * leads back here (`from`).
 */
function DonationLink({ d }: { d: Donation }) {
  return (
    <Link
      to="/donations/$id"
      params={{ id: d._id }}
      search={{ from: 'manageDonations' }}
      className="text-stone-900 underline decoration-stone-300 underline-offset-4 hover:text-brand-800 hover:decoration-brand-700"
    >
      {d.title}
    </Link>
  );
}

/** The donation's picture, small: in the table's title cell and on the phone's card. */
function DonationThumbnail({ d }: { d: Donation }) {
  return <img src={imageUrl(d.image, 96)} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-md bg-stone-100 object-cover" />;
}

/**
 * Manage Donations: every donation, Pending first, the filter on Pending while any waits; Pending ones are verified or
 * rejected, each after a confirmation.
 */
export function ManageDonations() {
  const i18n = useI18n();
  const loaded = useApi(apiPath('GET /donations'));
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const state = { ...loaded, data: loaded.data && pendingFirst(loaded.data, decided) };

  const actions = (d: Donation) =>
    d.status === 'Pending' ? (
      <DonationVerdictButtons
        donation={d}
        onDecided={(verdict) => {
          setDecided((ids) => new Set(ids).add(d._id));
          state.setData((list) => withStatus(list, d._id, verdict));
        }}
      />
    ) : (
      <span className="text-sm text-muted-foreground">{i18n._('admin.donations.noAction')}</span>
    );

  const card = (d: Donation): CardContent => ({
    title: (
      <span className="flex items-center gap-3">
        <DonationThumbnail d={d} />
        <DonationLink d={d} />
      </span>
    ),
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
          <DonationThumbnail d={d} />
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
      openOn="Pending"
      // Decided here, a donation stays where the admin decided it (under Pending) until the next load, as it keeps its
      // place in the order: it does not vanish from under the pointer, and its new status shows in the row.
      filedUnder={(d) => (decided.has(d._id) ? 'Pending' : d.status)}
    />
  );
}
