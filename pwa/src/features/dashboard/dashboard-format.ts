// How the dashboard says its figures: months, kilograms, waits and outcome names, the same in charts and tables.
import type { DonationOutcomeBucket } from '@foodbridge/shared/schemas/dashboard';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A YYYY-MM month as 'Nov 2026'. The server buckets months in UTC; the label is built from the string itself, never
 * through a Date in the device's zone, which would show the first of a month as the previous one west of Greenwich.
 */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const index = match ? Number(match[2]) - 1 : -1;
  if (!match || index < 0 || index > 11) return month;
  return `${MONTHS[index]} ${match[1]}`;
}

/** Short month for a chart's axis ('Nov'), with the year only on January and the first bar, where it changes. */
export function monthTick(month: string, index: number): string {
  const label = monthLabel(month);
  const [name, year] = label.split(' ');
  if (!year) return label;
  return index === 0 || name === 'Jan' ? `${name} ${year.slice(2)}` : name!;
}

const kgFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const countFormat = new Intl.NumberFormat('en');

/** Kilograms to one decimal at most, with thousands separators: '1,234.5 kg'. */
export function formatKg(kg: number): string {
  return `${kgFormat.format(kg)} kg`;
}

export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** A wait in whole minutes, hours or days, the two largest units: '45 min', '3 h 5 min', '2 days 4 h'. */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return '-';
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const unit = days === 1 ? 'day' : 'days';
  return hours % 24 ? `${days} ${unit} ${hours % 24} h` : `${days} ${unit}`;
}

export const OUTCOME_LABELS: Record<DonationOutcomeBucket, string> = {
  pickedAll: 'Picked up: all of it',
  pickedPart: 'Picked up: part of it',
  pickedNone: 'Picked up: nothing',
  pickedUnreported: 'Picked up: no report',
  awaitingPickup: 'Waiting for pickup',
  onOffer: 'On offer',
  awaitingVerification: 'Waiting for verification',
  expired: 'Expired unclaimed',
  rejected: 'Rejected',
};

/** The same outcomes shortened for a chart's axis on a phone (the table says them in full). */
export const OUTCOME_TICKS: Record<DonationOutcomeBucket, string> = {
  pickedAll: 'All collected',
  pickedPart: 'Part collected',
  pickedNone: 'None collected',
  pickedUnreported: 'Picked, no report',
  awaitingPickup: 'Awaiting pickup',
  onOffer: 'On offer',
  awaitingVerification: 'To be verified',
  expired: 'Expired',
  rejected: 'Rejected',
};

/** '1 charity', '3 charities': a count with its noun. */
export function countOfNoun(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** True when every value is zero (or there are none): the chart then gives way to an empty state. */
export function allZero(values: readonly number[]): boolean {
  return values.every((v) => v === 0);
}
