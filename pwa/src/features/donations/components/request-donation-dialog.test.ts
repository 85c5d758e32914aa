import { describe, expect, it } from 'vitest';
import { pickupBounds, pickupFields, toLocalInputValue } from './request-donation-dialog';

describe('the request form pickup field', () => {
  it('sends the spec time of day and, beside it, the day as an ISO instant of the same local moment', () => {
    const fields = pickupFields('2026-11-24T18:30');
    expect(fields.pickupTime).toBe('18:30');
    expect(new Date(fields.pickupAt!).getTime()).toBe(new Date(2026, 10, 24, 18, 30).getTime());
  });

  it('gives empty fields for an empty or unreadable value, for the schema to name', () => {
    expect(pickupFields('')).toEqual({ pickupTime: '' });
    expect(pickupFields('not a date')).toEqual({ pickupTime: '' });
  });

  it('writes a datetime-local value in the device time zone, round trip', () => {
    const d = new Date(2026, 0, 5, 7, 4);
    expect(toLocalInputValue(d)).toBe('2026-01-05T07:04');
    expect(new Date(pickupFields(toLocalInputValue(d)).pickupAt!).getTime()).toBe(d.getTime());
  });

  it("offers only the times the restaurant's window and the food's best before allow", () => {
    const now = new Date(2026, 11, 7, 12, 0);
    const local = (h: number, m = 0) => new Date(2026, 11, 7, h, m).toISOString();
    // No limits of the restaurant's: from now, for 60 days.
    expect(pickupBounds({}, now)).toEqual({ min: '2026-12-07T12:00', max: '2027-02-05T12:00' });
    // A window this evening.
    expect(pickupBounds({ pickupStart: local(18), pickupEnd: local(20) }, now)).toEqual({ min: '2026-12-07T18:00', max: '2026-12-07T20:00' });
    // A window open already starts now; without a window, best before alone bounds the end.
    expect(pickupBounds({ pickupStart: local(11), pickupEnd: local(14) }, now)).toEqual({ min: '2026-12-07T12:00', max: '2026-12-07T14:00' });
    expect(pickupBounds({ bestBefore: local(16, 30) }, now)).toEqual({ min: '2026-12-07T12:00', max: '2026-12-07T16:30' });
  });
});
