import { useState } from 'react';
import type { I18n } from '@lingui/core';
import { Check, X } from 'lucide-react';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { call } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';

/** What an admin decides about a Pending donation. */
export type DonationVerdict = 'Verified' | 'Rejected';

/** The admin's verdict on a Pending donation (the server answers 409 when it is no longer Pending). */
export const judgeDonation = (id: string, verdict: DonationVerdict) =>
  verdict === 'Verified' ? call('PATCH /donations/verify/{id}', { params: { id } }) : call('PATCH /donations/reject/{id}', { params: { id } });

/** Why a donation the admin once verified is back for a check: its restaurant changed what was checked. */
export function reverifyNote(i18n: I18n, d: Pick<Donation, 'status' | 'reverifyReason'>): string | undefined {
  return d.status === 'Pending' && d.reverifyReason ? i18n._('admin.donations.reverifyNote', { reason: d.reverifyReason }) : undefined;
}

/**
 * The admin's Verify and Reject of a Pending donation, each after a confirmation, wherever the admin sees it (Manage
 * Donations, the donation's own page). Both are disabled while either is sent; the outcome is toasted, and
 * `onDecided` is told once the server has made the change.
 */
export function DonationVerdictButtons({
  donation,
  onDecided,
  triggerClassName,
}: {
  donation: Pick<Donation, '_id' | 'title'>;
  onDecided: (verdict: DonationVerdict) => void;
  triggerClassName?: string;
}) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);

  async function decide(verdict: DonationVerdict) {
    setBusy(true);
    try {
      await judgeDonation(donation._id, verdict);
      onDecided(verdict);
      if (verdict === 'Verified') notify.success(i18n._('admin.donations.verifiedTitle'), i18n._('admin.donations.verified', { title: donation.title }));
      else notify.success(i18n._('admin.donations.rejectedTitle'), i18n._('admin.donations.rejected', { title: donation.title }));
    } catch {
      notify.error(i18n._('common.error'), verdict === 'Verified' ? i18n._('admin.donations.verifyFailed') : i18n._('admin.donations.rejectFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ConfirmButton
        title={i18n._('admin.donations.verifyTitle')}
        description={i18n._('admin.donations.verifyDescription', { title: donation.title })}
        confirmLabel={i18n._('admin.donations.verifyConfirm')}
        destructive={false}
        variant="default"
        disabled={busy}
        triggerClassName={triggerClassName}
        onConfirm={() => void decide('Verified')}
      >
        <Check aria-hidden /> {i18n._('admin.donations.verify')}
      </ConfirmButton>
      <ConfirmButton
        title={i18n._('admin.donations.rejectTitle')}
        description={i18n._('admin.donations.rejectDescription', { title: donation.title })}
        confirmLabel={i18n._('admin.donations.rejectConfirm')}
        disabled={busy}
        triggerClassName={cn('text-destructive hover:bg-red-50', triggerClassName)}
        onConfirm={() => void decide('Rejected')}
      >
        <X aria-hidden /> {i18n._('admin.donations.reject')}
      </ConfirmButton>
    </>
  );
}
