// How the dashboard says its figures: months, kilograms, waits and outcome names, the same in charts and tables, in
// the reader's language (pass the component's `useI18n()`, so they change with it).
import type { I18n } from '@lingui/core';
import type { DonationOutcomeBucket } from '@foodbridge/shared/schemas/dashboard';

/** The first of a YYYY-MM month, in UTC; undefined when the string is not a month. */
function monthStart(month: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const index = match ? Number(match[2]) - 1 : -1;
  if (!match || index < 0 || index > 11) return undefined;
  return new Date(Date.UTC(Number(match[1]), index, 1));
}

/**
 * A YYYY-MM month as 'Nov 2026'. The server buckets months in UTC and so does the label: through the device's zone,
 * the first of a month would show as the previous one west of Greenwich.
 */
export function monthLabel(i18n: I18n, month: string): string {
  const start = monthStart(month);
  return start ? i18n.date(start, { month: 'short', year: 'numeric', timeZone: 'UTC' }) : month;
}

/** Short month for a chart's axis ('Nov'), with the year only on January and the first bar, where it changes. */
export function monthTick(i18n: I18n, month: string, index: number): string {
  const start = monthStart(month);
  if (!start) return month;
  const withYear = index === 0 || start.getUTCMonth() === 0;
  return i18n.date(start, { month: 'short', ...(withYear ? { year: '2-digit' } : {}), timeZone: 'UTC' });
}

/** Kilograms to one decimal at most, with the language's separators: '1,234.5 kg'. */
export function formatKg(i18n: I18n, kg: number): string {
  return i18n._('dashboard.kg', { kg: i18n.number(kg, { maximumFractionDigits: 1 }) });
}

export function formatCount(i18n: I18n, n: number): string {
  return i18n.number(n);
}

/** A wait in whole minutes, hours or days, the two largest units: '45 min', '3 h 5 min', '2 days 4 h'. */
export function formatWait(i18n: I18n, seconds: number | null): string {
  if (seconds === null) return '-';
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 60) return i18n._('dashboard.wait.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? i18n._('dashboard.wait.hoursMinutes', { hours, minutes: minutes % 60 }) : i18n._('dashboard.wait.hours', { hours });
  const days = Math.floor(hours / 24);
  return hours % 24 ? i18n._('dashboard.wait.daysHours', { days, hours: hours % 24 }) : i18n._('dashboard.wait.days', { days });
}

/** The outcomes' names (message ids), as the table says them. */
export const OUTCOME_LABELS: Record<DonationOutcomeBucket, string> = {
  pickedAll: /*i18n*/ 'dashboard.outcome.pickedAll',
  pickedPart: /*i18n*/ 'dashboard.outcome.pickedPart',
  pickedNone: /*i18n*/ 'dashboard.outcome.pickedNone',
  pickedUnreported: /*i18n*/ 'dashboard.outcome.pickedUnreported',
  awaitingPickup: /*i18n*/ 'dashboard.outcome.awaitingPickup',
  onOffer: /*i18n*/ 'dashboard.outcome.onOffer',
  awaitingVerification: /*i18n*/ 'dashboard.outcome.awaitingVerification',
  expired: /*i18n*/ 'dashboard.outcome.expired',
  rejected: /*i18n*/ 'dashboard.outcome.rejected',
};

/** The same outcomes shortened for a chart's axis on a phone (message ids; the table says them in full). */
export const OUTCOME_TICKS: Record<DonationOutcomeBucket, string> = {
  pickedAll: /*i18n*/ 'dashboard.outcomeTick.pickedAll',
  pickedPart: /*i18n*/ 'dashboard.outcomeTick.pickedPart',
  pickedNone: /*i18n*/ 'dashboard.outcomeTick.pickedNone',
  pickedUnreported: /*i18n*/ 'dashboard.outcomeTick.pickedUnreported',
  awaitingPickup: /*i18n*/ 'dashboard.outcomeTick.awaitingPickup',
  onOffer: /*i18n*/ 'dashboard.outcomeTick.onOffer',
  awaitingVerification: /*i18n*/ 'dashboard.outcomeTick.awaitingVerification',
  expired: /*i18n*/ 'dashboard.outcomeTick.expired',
  rejected: /*i18n*/ 'dashboard.outcomeTick.rejected',
};

/** True when every value is zero (or there are none): the chart then gives way to an empty state. */
export function allZero(values: readonly number[]): boolean {
  return values.every((v) => v === 0);
}
