// A charity corrects its own pickup report for PICKUP_REPORT_CORRECTION_DAYS after the pickup (issue 12). Online only:
// a correction is rare, and it must meet the server's current state (the window, the stored report) at once rather
// than wait in the outbox past the deadline.
import { i18n } from '@lingui/core';
import { PICKUP_REPORT_CORRECTION_DAYS, type PickupReport } from '@foodbridge/shared/schemas/impact';
import { ApiError, call } from '@/lib/api-client';
import { isOnline } from '@/lib/connectivity-store';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The message id of the refusal offline; it is said in the language active when it is thrown. */
export const MSG_CORRECTION_NEEDS_CONNECTION = /*i18n*/ 'charity.correct.needsConnection';

/** Until when the report of a picked-up donation may be corrected; undefined when it is not picked up. */
export function correctionDeadline(item: { status: string; pickupDate?: string | undefined }): Date | undefined {
  if (item.status.toLowerCase() !== 'picked' || !item.pickupDate) return undefined;
  const picked = Date.parse(item.pickupDate);
  return Number.isNaN(picked) ? undefined : new Date(picked + PICKUP_REPORT_CORRECTION_DAYS * DAY_MS);
}

/** Whether the card offers 'Correct report': picked up, within the window (the server checks it again). */
export function isReportCorrectable(item: { status: string; pickupDate?: string | undefined }, now: number = Date.now()): boolean {
  const deadline = correctionDeadline(item);
  return deadline !== undefined && now <= deadline.getTime();
}

function needsConnection() {
  if (!isOnline()) throw new ApiError(0, i18n._(MSG_CORRECTION_NEEDS_CONNECTION));
}

/** The report as stored, to start the correction from (null when the pickup was confirmed without one). */
export async function fetchPickupReport(id: string): Promise<PickupReport | null> {
  needsConnection();
  return (await call('GET /donations/{id}/pickup-report', { params: { id } })).report;
}

export async function correctPickupReport(id: string, report: PickupReport) {
  needsConnection();
  return call('PUT /donations/{id}/pickup-report', { params: { id }, body: report });
}
