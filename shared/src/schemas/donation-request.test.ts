import { describe, expect, it } from 'vitest';
import { issueText } from '../errors.ts';
import { createDonationRequestInput } from '../testing/factories.ts';
import { DonationRequestCreateSchema, formatDayTime, requestOutcome } from './donation-request.ts';

const donationId = '0b6c1f3e-6f0a-4d55-9a43-1d2f3c4b5a69';
const errors = (input: unknown) =>
  DonationRequestCreateSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${issueText(i)}`) ?? [];

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

describe('DonationRequestCreateSchema pickupAt', () => {
  const base = { donationId, requestDescription: 'For the shelter', pickupTime: '18:30' };
  const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

  it('keeps a planned day and time from now on, and stays optional', () => {
    const pickupAt = inHours(20);
    expect(DonationRequestCreateSchema.parse({ ...base, pickupAt }).pickupAt).toBe(pickupAt);
    expect(errors(base)).toEqual([]);
  });

  it('refuses a pickup in the past, months ahead, or that is not a date', () => {
    expect(errors({ ...base, pickupAt: inHours(-2) })).toEqual(['pickupAt: Choose a pickup time from now on']);
    expect(errors({ ...base, pickupAt: inHours(24 * 61) })).toEqual(['pickupAt: Choose a pickup within 60 days']);
    expect(errors({ ...base, pickupAt: 'tomorrow' })).toEqual(['pickupAt: Choose a pickup date and time']);
  });
});

describe('requestOutcome', () => {
  const thisYear = new Date().getUTCFullYear();
  const at = `${thisYear}-11-21T18:12:00.000Z`;

  it('says what became of an accepted request’s donation', () => {
    expect(requestOutcome({ status: 'Accepted', donationStatus: 'Picked', pickedUpAt: at }, 'UTC')).toBe('Accepted - picked up 21 Nov 18:12');
    expect(requestOutcome({ status: 'Accepted', donationStatus: 'Accepted' }, 'UTC')).toBe('Accepted - waiting for pickup');
    expect(requestOutcome({ status: 'Accepted', donationStatus: 'Assigned' }, 'UTC')).toBe('Accepted - waiting for pickup');
    // The viewer's own clock: the same moment is 19:12 in Paris.
    expect(requestOutcome({ status: 'Accepted', donationStatus: 'picked', pickedUpAt: at }, 'Europe/Paris')).toBe('Accepted - picked up 21 Nov 19:12');
  });

  it('says nothing for requests that were not accepted, or when the donation is unknown', () => {
    expect(requestOutcome({ status: 'Rejected', donationStatus: 'Picked', pickedUpAt: at })).toBeUndefined();
    expect(requestOutcome({ status: 'Pending', donationStatus: 'Verified' })).toBeUndefined();
    expect(requestOutcome({ status: 'Accepted' })).toBeUndefined();
  });

  it('adds the year only when it is not this year', () => {
    expect(formatDayTime('2024-03-05T08:05:00.000Z', 'UTC')).toBe('5 Mar 2024 08:05');
  });
});
