import { describe, expect, it } from 'vitest';
import type { DonationSeries } from '@foodbridge/shared/schemas/donation-series';
import { createSeries } from '@/testing/series';
import { reverifyFieldsOf, seriesChanges } from './series-changes';
import { inputsOf, parseSeriesInputs, type SeriesInputs } from './series-form-values';

const NEW_IMAGE = '/images/0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

/** What the edit form sends for `before` with `edits` typed into its boxes (and `image` uploaded). */
function changesFrom(before: DonationSeries, edits: Partial<SeriesInputs> = {}, image = before.image) {
  const parsed = parseSeriesInputs({ ...inputsOf(before), ...edits }, image, before.rrule);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return seriesChanges(before, parsed.data);
}

describe('what an edit of a regular donation sends', () => {
  it('sends nothing for a form left as it opened, the picture kept without a new upload', () => {
    expect(changesFrom(createSeries())).toEqual({});
    expect(changesFrom(createSeries({ endDate: '2027-03-31', unit: 'portions', keepsHours: 0 }))).toEqual({});
  });

  it('sends only the fields that changed, numbers as numbers and text trimmed', () => {
    expect(changesFrom(createSeries(), { quantity: '10', title: '  Unsold bread and rolls ' })).toEqual({ title: 'Unsold bread and rolls', quantity: 10 });
    expect(changesFrom(createSeries(), { windowEnd: '21:30', keepsHours: '6', startDate: '2026-12-14' })).toEqual({ windowEnd: '21:30', keepsHours: 6, startDate: '2026-12-14' });
    expect(changesFrom(createSeries(), {}, NEW_IMAGE)).toEqual({ image: NEW_IMAGE });
  });

  it('sends the days only when they are other days, whatever their order', () => {
    expect(changesFrom(createSeries({ weekdays: [5, 1, 3] }), { weekdays: [1, 3, 5] })).toEqual({});
    expect(changesFrom(createSeries(), { weekdays: [1, 3, 5] })).toEqual({ weekdays: [1, 3, 5] });
  });

  it('keeps an RRULE while no weekday is chosen, and replaces it with the weekdays chosen', () => {
    const ruled = createSeries({ weekdays: undefined, rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO' });
    expect(inputsOf(ruled).weekdays).toEqual([]);
    expect(changesFrom(ruled)).toEqual({});
    expect(changesFrom(ruled, { quantity: '5' })).toEqual({ quantity: 5 });
    expect(changesFrom(ruled, { weekdays: [1] })).toEqual({ weekdays: [1] });
  });

  it('takes the last date away with endDate: null, and sends a new one as it is', () => {
    const ending = createSeries({ endDate: '2027-03-31' });
    expect(changesFrom(ending, { endDate: '' })).toEqual({ endDate: null });
    expect(changesFrom(ending, { endDate: '2027-06-30' })).toEqual({ endDate: '2027-06-30' });
    expect(changesFrom(createSeries(), { endDate: '2027-06-30' })).toEqual({ endDate: '2027-06-30' });
  });
});

describe('what sends a regular donation back to an admin', () => {
  it("is a change of a Verified series' title, food type, picture or place, in the form's order", () => {
    const verified = createSeries();
    expect(reverifyFieldsOf(verified, changesFrom(verified, { location: '14 Market Street', title: 'Rolls' }))).toEqual(['title', 'location']);
    expect(reverifyFieldsOf(verified, changesFrom(verified, { foodType: 'Produce' }, NEW_IMAGE))).toEqual(['foodType', 'image']);
  });

  it('is not a change of quantity, days, times or dates, nor any change of a series not Verified', () => {
    const verified = createSeries();
    expect(reverifyFieldsOf(verified, changesFrom(verified, { quantity: '3', weekdays: [6, 7], windowStart: '17:00', endDate: '2027-01-31' }))).toEqual([]);
    expect(reverifyFieldsOf(createSeries({ status: 'Pending' }), { title: 'Rolls' })).toEqual([]);
    // The form's draft while a box is being typed: an empty box is no change yet.
    expect(reverifyFieldsOf(verified, { title: undefined, location: verified.location })).toEqual([]);
  });
});
