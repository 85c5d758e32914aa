import { describe, expect, it } from 'vitest';
import { pickupFields, toLocalInputValue } from './request-donation-dialog';

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
});
