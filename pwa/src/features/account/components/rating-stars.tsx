import { Star } from 'lucide-react';
import { useI18n } from '@/lib/i18n/i18n';
import { ratingLabel } from '@/lib/labels';

/** Five stars with the spec's label (5 Excellent ... 1 Terrible); read out as one phrase. */
export function RatingStars({ rating }: { rating: number }) {
  const i18n = useI18n();
  const label = [1, 2, 3, 4, 5].includes(rating) ? ratingLabel(i18n, rating) : '';
  return (
    <span
      className="inline-flex items-center gap-2"
      role="img"
      aria-label={label ? i18n._('myReviews.rated', { rating, label }) : i18n._('myReviews.ratedNoLabel', { rating })}
    >
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
