// A charity takes back a pickup confirmation made by mistake, within PICKUP_UNDO_MINUTES of it (issue 47). Online
// only, as a report's correction is: the undoing must meet the server's state at once, not wait past the deadline.
import { i18n } from '@lingui/core';
import { PICKUP_UNDO_MINUTES } from '@foodbridge/shared/schemas/impact';
import { ApiError, call } from '@/lib/api-client';
import { isOnline } from '@/lib/connectivity-store';
import { forgetConfirmed } from '@/lib/db/sync-store';

/** Until when a picked-up donation's confirmation may be undone (ms); undefined when it is not picked up. */
export function undoDeadline(item: { status: string; pickupDate?: string | undefined }): number | undefined {
  if (item.status.toLowerCase() !== 'picked' || !item.pickupDate) return undefined;
  const picked = Date.parse(item.pickupDate);
  return Number.isNaN(picked) ? undefined : picked + PICKUP_UNDO_MINUTES * 60_000;
}

/** Whether the card offers 'Undo': confirmed a moment ago (the server checks it again, by its own clock). */
export function isUndoable(item: { status: string; pickupDate?: string | undefined }, now: number = Date.now()): boolean {
  const deadline = undoDeadline(item);
  return deadline !== undefined && now <= deadline;
}

export async function undoPickup(id: string) {
  if (!isOnline()) throw new ApiError(0, i18n._(/*i18n*/ 'charity.undo.needsConnection'));
  const answer = await call('DELETE /donations/pickup/{id}', { params: { id } });
  forgetConfirmed(id);
  return answer;
}
