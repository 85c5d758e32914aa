// A request's pickup day and what became of its donation, in the reader's language: the shared formatDayTime and
// requestOutcome say them in English only (pass the component's `useI18n()`, so they change with the language).
import type { I18n } from '@lingui/core';
import { requestOutcome, type DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import { requestStatusLabel } from './labels';

/** '21 Nov 18:12', with the year when it is not this year's (as formatDayTime in English); an unreadable time as it is. */
export function dayTime(i18n: I18n, iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const year = at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' as const };
  return i18n._('request.dayTime', {
    day: i18n.date(at, { day: 'numeric', month: 'short', ...year }),
    time: i18n.date(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  });
}

/**
 * What became of the donation of an accepted request ('Accepted - picked up 21 Nov 18:12', 'Accepted - waiting for
 * pickup'): the cases of the shared requestOutcome; undefined when it has none.
 */
export function outcomeText(
  i18n: I18n,
  r: Pick<DonationRequest, 'status'> & { donationStatus?: string | undefined; pickedUpAt?: string | undefined },
): string | undefined {
  if (!requestOutcome(r)) return undefined;
  if (r.donationStatus?.toLowerCase() !== 'picked') return i18n._('request.outcome.waiting');
  return r.pickedUpAt ? i18n._('request.outcome.pickedUpAt', { when: dayTime(i18n, r.pickedUpAt) }) : i18n._('request.outcome.pickedUp');
}

/** Whether the donation of this accepted request has been collected. */
export function wasPickedUp(r: Pick<DonationRequest, 'status'> & { donationStatus?: string | undefined }): boolean {
  return r.status === 'Accepted' && r.donationStatus?.toLowerCase() === 'picked';
}

/**
 * A request's status badge: its own status, until its donation is collected; then 'Picked up', coloured as a
 * collected donation, so the badge does not say Accepted over a line that says picked up.
 */
export function requestBadge(i18n: I18n, status: string, pickedUp: boolean): { status: string; label: string } {
  return pickedUp ? { status: 'Picked', label: i18n._('request.status.pickedUp') } : { status, label: requestStatusLabel(i18n, status) };
}
