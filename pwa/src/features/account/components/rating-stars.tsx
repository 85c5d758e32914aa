import { Star } from 'lucide-react';
import { RATING_LABELS } from '@foodbridge/shared/constants';

/** Five stars with the spec's label (5 Excellent ... 1 Terrible); read out as one phrase. */
export function RatingStars({ rating }: { rating: number }) {
  const label = RATING_LABELS[rating as keyof typeof RATING_LABELS] ?? '';
  return (
    <span className="inline-flex items-center gap-2" role="img" aria-label={`Rated ${rating} out of 5${label ? `: ${label}` : ''}`}>
      <span className="inline-flex" aria-hidden>
        {[1, 2, 3, 4, 5].map((n) => (
          <Star key={n} className={n <= rating ? 'size-4 fill-accent-400 text-accent-500' : 'size-4 text-stone-300'} />
        ))}
      </span>
      {label && (
        <span className="text-sm font-medium text-stone-700" aria-hidden>
          {label}
        </span>
      )}
    </span>
  );
}
