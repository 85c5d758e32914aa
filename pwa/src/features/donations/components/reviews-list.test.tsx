import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Review } from '@foodbridge/shared/schemas/review';
import type { ApiState } from '@/lib/use-api';
import { ReviewsList } from './reviews-list';

const review = (id: string, rating: number, fromRecipient: boolean): Review => ({
  _id: id,
  donationId: 'd1',
  reviewerName: `Reviewer ${id}`,
  description: `Words ${id}`,
  rating,
  createdAt: '2026-12-07T18:00:00.000Z',
  donationTitle: 'Soup',
  restaurant: 'Green Table Kitchen',
  fromRecipient,
});
const loaded = (data: Review[]) => ({ data, error: undefined, loading: false, reload: () => {}, setData: () => {} }) as unknown as ApiState<Review[]>;

describe('ReviewsList: the rating is the receivers\' (issue 50)', () => {
  it('averages only the reviews of the charity that collected the food, and says which reviews count', () => {
    render(<ReviewsList reviews={loaded([review('a', 5, true), review('b', 4, true), review('c', 1, false)])} />);
    expect(screen.getByText('Rated 4.5 out of 5 by the charity that collected it')).toBeTruthy();
    expect(screen.getAllByTestId('review-standing').map((p) => p.textContent)).toEqual([
      'Collected this food',
      'Collected this food',
      'Did not collect this food: not counted in the rating',
    ]);
  });

  it('gives no rating when no receiver has reviewed it, and still lists the others', () => {
    render(<ReviewsList reviews={loaded([review('c', 1, false)])} />);
    expect(screen.queryByText(/out of 5 by the charity/)).toBeNull();
    expect(screen.getByText('Words c')).toBeTruthy();
  });
});
