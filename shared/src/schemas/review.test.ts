import { describe, expect, it } from 'vitest';
import { issueText } from '../errors.ts';
import { createReviewInput } from '../testing/factories.ts';
import { ReviewCreateSchema } from './review.ts';

const donationId = '0b6c1f3e-6f0a-4d55-9a43-1d2f3c4b5a69';
const ratingErrors = (rating: unknown) =>
  ReviewCreateSchema.safeParse({ ...createReviewInput({ donationId }), rating }).error?.issues.map((i) => `${i.path.join('.')}: ${issueText(i)}`) ?? [];

describe('ReviewCreateSchema', () => {
  it('reads the rating from the select text and trims the description', () => {
    expect(ReviewCreateSchema.parse({ donationId, description: '  Fresh and warm ', rating: '4' })).toEqual({
      donationId,
      description: 'Fresh and warm',
      rating: 4,
    });
  });

  it('accepts 1 to 5 and refuses 0 and 6', () => {
    expect(ratingErrors(1)).toEqual([]);
    expect(ratingErrors(5)).toEqual([]);
    expect(ratingErrors(0)).toEqual(['rating: Rating must be from 1 to 5']);
    expect(ratingErrors('6')).toEqual(['rating: Rating must be from 1 to 5']);
  });

  it("says 'Rating is required' for no rating, half stars or text", () => {
    expect(ratingErrors(undefined)).toEqual(['rating: Rating is required']);
    expect(ratingErrors(4.5)).toEqual(['rating: Rating is required']);
    expect(ratingErrors('great')).toEqual(['rating: Rating is required']);
  });

  it('requires a description and a valid donation id', () => {
    expect(
      ReviewCreateSchema.safeParse({ donationId: 'nope', description: ' ', rating: 3 }).error?.issues.map((i) => `${i.path.join('.')}: ${issueText(i)}`),
    ).toEqual(['donationId: Invalid id', 'description: Review is required']);
  });
});
