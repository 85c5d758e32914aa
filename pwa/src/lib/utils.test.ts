import { describe, expect, it } from 'vitest';
import { cn, formatDate, formatDateTime } from './utils';

describe('formatDate and formatDateTime', () => {
  it('show day/month/year, as the spec does', () => {
    // Midday UTC is the same date in every time zone a test machine uses; a local time needs no zone at all.
    expect(formatDate('2026-03-05T12:00:00.000Z')).toBe('05/03/2026');
    expect(formatDateTime('2026-03-05T14:30:00')).toBe('05/03/2026, 14:30:00');
  });

  it("say 'Not Provided' for a missing or unreadable date", () => {
    expect(formatDate(undefined)).toBe('Not Provided');
    expect(formatDate('')).toBe('Not Provided');
    expect(formatDate('next Tuesday')).toBe('Not Provided');
    expect(formatDateTime(undefined)).toBe('Not Provided');
    expect(formatDateTime('soon')).toBe('Not Provided');
  });
});

describe('cn', () => {
  it('lets a later Tailwind class win over a conflicting earlier one and drops false values', () => {
    expect(cn('px-2 py-1', false, 'px-4', undefined, { 'text-red-700': true, hidden: false })).toBe('py-1 px-4 text-red-700');
  });
});
