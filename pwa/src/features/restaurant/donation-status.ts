import { DONATION_EDITABLE } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';

export const canEdit = (d: Donation) => DONATION_EDITABLE.includes(d.status);

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
