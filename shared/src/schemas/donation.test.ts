import { describe, expect, it } from 'vitest';
import { issueText } from '../errors.ts';
import { createDonationInput } from '../testing/factories.ts';
import { DonationCreateSchema, DonationReviewSchema, DonationUpdateSchema } from './donation.ts';

const valid = createDonationInput();
const quantityErrors = (quantity: unknown) =>
  DonationCreateSchema.safeParse({ ...valid, quantity }).error?.issues.map((i) => `${i.path.join('.')}: ${issueText(i)}`) ?? [];

describe('DonationCreateSchema', () => {
  it('reads the quantity from form text and defaults the unit to kg', () => {
    const { unit: _unit, ...withoutUnit } = valid;
    expect(DonationCreateSchema.parse({ ...withoutUnit, quantity: ' 2.5 ' })).toEqual({ ...valid, quantity: 2.5, unit: 'kg' });
    expect(DonationCreateSchema.parse({ ...valid, unit: 'portions' }).unit).toBe('portions');
  });

  it('accepts a quantity above 0 up to 100000', () => {
    expect(DonationCreateSchema.parse({ ...valid, quantity: 0.1 }).quantity).toBe(0.1);
    expect(DonationCreateSchema.parse({ ...valid, quantity: 100000 }).quantity).toBe(100000);
    expect(quantityErrors(0)).toEqual(['quantity: Quantity must be greater than 0']);
    expect(quantityErrors(-3)).toEqual(['quantity: Quantity must be greater than 0']);
    expect(quantityErrors(100001)).toEqual(['quantity: Quantity is too large']);
  });

  it("says 'Quantity is required' for a missing or non-numeric quantity", () => {
    expect(quantityErrors(undefined)).toEqual(['quantity: Quantity is required']);
    expect(quantityErrors('a lot')).toEqual(['quantity: Quantity is required']);
    expect(quantityErrors(Infinity)).toEqual(['quantity: Quantity is required']);
  });

  it('drops the fields that are the server\'s (owner, status, dates)', () => {
    const parsed = DonationCreateSchema.parse({ ...valid, status: 'Picked', restaurantEmail: 'x@y.z', createdAt: '2020-01-01' });
    expect(Object.keys(parsed).sort()).toEqual(['foodType', 'image', 'location', 'pickupTime', 'quantity', 'title', 'unit']);
  });

  it('refuses a food type or unit that is not one of the lists', () => {
    expect(DonationCreateSchema.safeParse({ ...valid, foodType: 'Pizza' }).error?.issues.map(issueText)).toEqual([
      'Food type is required',
    ]);
    expect(DonationCreateSchema.safeParse({ ...valid, unit: 'lb' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['unit']);
  });

  it('limits the title to 120 characters after trimming', () => {
    expect(DonationCreateSchema.parse({ ...valid, title: ` ${'t'.repeat(120)} ` }).title).toHaveLength(120);
    expect(DonationCreateSchema.safeParse({ ...valid, title: 't'.repeat(121) }).error?.issues.map(issueText)).toEqual([
      'At most 120 characters',
    ]);
  });
});

describe('DonationUpdateSchema', () => {
  it('takes only the fields sent, so a partial update keeps the stored unit', () => {
    expect(DonationUpdateSchema.parse({ quantity: '3' })).toEqual({ quantity: 3 });
  });

  it("refuses an empty update with 'Nothing to update'", () => {
    expect(DonationUpdateSchema.safeParse({}).error?.issues.map(issueText)).toEqual(['Nothing to update']);
    expect(DonationUpdateSchema.safeParse({ status: 'Verified' }).error?.issues.map(issueText)).toEqual(['Nothing to update']);
  });

  it('still checks each field it is given', () => {
    expect(DonationUpdateSchema.safeParse({ title: '  ' }).error?.issues.map(issueText)).toEqual(['Title is required']);
  });
});

describe('DonationReviewSchema', () => {
  it('trims the review and requires one', () => {
    expect(DonationReviewSchema.parse({ review: ' Great ' })).toEqual({ review: 'Great' });
    expect(DonationReviewSchema.safeParse({ review: '' }).error?.issues.map(issueText)).toEqual(['Review is required']);
  });
});
