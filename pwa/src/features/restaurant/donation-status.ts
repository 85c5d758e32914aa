import { DONATION_EDITABLE } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';

export const canEdit = (d: Donation) => DONATION_EDITABLE.includes(d.status);

type Checked = Pick<Donation, 'title' | 'image' | 'location'> & { foodType: string };
const CHECKED: [keyof Checked, string][] = [
  ['title', 'title'],
  ['foodType', 'food type'],
  ['image', 'picture'],
  ['location', 'location'],
];

/**
 * What an admin checked that this edit changes: for a Verified donation, saving any of them sends it back to Pending
 * for a new check (the server decides the same way; quantity and pickup window change freely).
 */
export function reverifyFields(d: Donation, next: Checked): string[] {
  if (d.status !== 'Verified') return [];
  return CHECKED.filter(([key]) => next[key].trim() !== d[key]).map(([, label]) => label);
}

// The server refuses to delete a donation a charity is on its way to collect.
export const canDelete = (d: Donation) => d.status !== 'Accepted' && d.status !== 'Assigned';

/** Why Update is not offered, in the restaurant's words. */
export function lockReason(d: Donation): string {
  switch (d.status) {
    case 'Rejected':
      return 'Rejected donations cannot be updated.';
    case 'Picked':
      return `Picked up${d.charityName ? ` by ${d.charityName}` : ''}: this donation is complete.`;
    case 'Assigned':
      // The spec's wording: 'Assigned to {assignedTo} ({assignedType})'.
      return `Assigned to ${d.assignedTo || d.charityName || 'a charity'}${d.assignedType ? ` (${d.assignedType})` : ''}: it can no longer be updated.`;
    default:
      return `Accepted by ${d.charityName || 'a charity'}: it can no longer be updated.`;
  }
}
