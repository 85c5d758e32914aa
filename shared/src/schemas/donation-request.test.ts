import { describe, expect, it } from 'vitest';
import { createDonationRequestInput } from '../testing/factories.ts';
import { DonationRequestCreateSchema } from './donation-request.ts';

const donationId = '0b6c1f3e-6f0a-4d55-9a43-1d2f3c4b5a69';
const errors = (input: unknown) =>
  DonationRequestCreateSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('DonationRequestCreateSchema', () => {
  it('trims the description and pickup time', () => {
    expect(DonationRequestCreateSchema.parse({ donationId, requestDescription: ' For the shelter ', pickupTime: ' 18:30 ' })).toEqual({
      donationId,
      requestDescription: 'For the shelter',
      pickupTime: '18:30',
    });
  });

  it('gives each missing field its message and refuses an id that is not a UUID', () => {
    expect(errors({ donationId: 'abc' })).toEqual([
      'donationId: Invalid id',
      'requestDescription: Request description is required',
      'pickupTime: Pickup time is required',
    ]);
  });

  it('limits the description to 1000 and the pickup time to 40 characters', () => {
    expect(errors(createDonationRequestInput({ donationId, requestDescription: 'x'.repeat(1000), pickupTime: 'x'.repeat(40) }))).toEqual([]);
    expect(errors(createDonationRequestInput({ donationId, requestDescription: 'x'.repeat(1001), pickupTime: 'x'.repeat(41) }))).toEqual([
      'requestDescription: At most 1000 characters',
      'pickupTime: At most 40 characters',
    ]);
  });
});
