import { describe, expect, it } from 'vitest';
import { issueText } from '../errors.ts';
import { createDonationInput } from '../testing/factories.ts';
import { DonationCreateSchema, DonationCreateWithBestBeforeSchema } from './donation.ts';

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const errors = (bestBefore: unknown) =>
  DonationCreateWithBestBeforeSchema.safeParse({ ...createDonationInput(), bestBefore }).error?.issues.map((i) => `${i.path.join('.')}: ${issueText(i)}`) ?? [];

describe('the Add Donation form’s schema', () => {
  it('requires a best-before time that the API itself leaves optional', () => {
    expect(errors(undefined)).toEqual(['bestBefore: Best before is required']);
    expect(DonationCreateSchema.safeParse(createDonationInput()).success).toBe(true);
  });

  it('applies the API’s rule: a date and time, in the future, at most 14 days ahead', () => {
    expect(errors(inHours(4))).toEqual([]);
    expect(errors(inHours(14 * 24 - 1))).toEqual([]);
    expect(errors(inHours(-1))).toEqual(['bestBefore: Best before must be in the future']);
    expect(errors(inHours(14 * 24 + 1))).toEqual(['bestBefore: Best before can be at most 14 days ahead']);
    // A local time without its zone (what a datetime-local input gives) is not a moment: 4 hours from now, zone cut off.
    expect(errors(inHours(4).slice(0, 16))).toEqual(['bestBefore: Best before must be a date and time']);
  });
});
