// What an edit of a regular donation sends (PATCH /donation-series/{id}, ADR 020): only the fields that changed, and
// which of them an admin checked. Pure, so each rule is tested without a screen; the server decides the same way
// (sync-server/src/db/series.ts: updateSeries, seriesReverifyReasonOf).
import type { z } from 'zod';
import type { DonationSeries, DonationSeriesUpdateSchema } from '@foodbridge/shared/schemas/donation-series';
import type { SeriesValues } from './series-form-values';

/** The body of PATCH /donation-series/{id}: only the fields given change. */
export type SeriesChanges = z.output<typeof DonationSeriesUpdateSchema>;

const sameDays = (a: readonly number[] | undefined, b: readonly number[]) => {
  const days = (list: readonly number[]) => [...new Set(list)].sort((x, y) => x - y).join(',');
  return a !== undefined && days(a) === days(b);
};

/**
 * The fields of `after` that differ from the series as it is, and nothing else. Days chosen replace an RRULE (the
 * server drops the rule when weekdays are given); a last date taken away is `endDate: null`. The place's point on
 * the map is not the form's, so it is never sent.
 */
export function seriesChanges(before: DonationSeries, after: SeriesValues): SeriesChanges {
  const days =
    after.weekdays !== undefined
      ? before.rrule !== undefined || !sameDays(before.weekdays, after.weekdays)
        ? { weekdays: after.weekdays }
        : {}
      : after.rrule !== undefined && after.rrule !== before.rrule
        ? { rrule: after.rrule }
        : {};
  return {
    ...(after.title !== before.title && { title: after.title }),
    ...(after.foodType !== before.foodType && { foodType: after.foodType }),
    ...(after.quantity !== before.quantity && { quantity: after.quantity }),
    ...(after.unit !== before.unit && { unit: after.unit }),
    ...(after.image !== before.image && { image: after.image }),
    ...(after.location !== before.location && { location: after.location }),
    ...days,
    ...(after.windowStart !== before.windowStart && { windowStart: after.windowStart }),
    ...(after.windowEnd !== before.windowEnd && { windowEnd: after.windowEnd }),
    ...(after.timeZone !== before.timeZone && { timeZone: after.timeZone }),
    ...(after.startDate !== before.startDate && { startDate: after.startDate }),
    ...(after.endDate !== before.endDate && { endDate: after.endDate ?? null }),
    ...(after.keepsHours !== before.keepsHours && { keepsHours: after.keepsHours }),
  };
}

/** What an admin checked of a series, in the form's order. */
export const CHECKED_FIELDS = ['title', 'foodType', 'image', 'location'] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];

/**
 * The fields an admin checked that `changes` gives a new value: for a Verified series, saving any of them sends it
 * back to Pending, and no new dates are written until it is verified again. Quantity, days, times and dates change
 * freely; a series not Verified has nothing to lose.
 */
export function reverifyFieldsOf(before: Pick<DonationSeries, 'status' | CheckedField>, changes: Partial<Record<CheckedField, string | undefined>>): CheckedField[] {
  if (before.status !== 'Verified') return [];
  return CHECKED_FIELDS.filter((f) => changes[f] !== undefined && changes[f] !== before[f]);
}
