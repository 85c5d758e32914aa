import { Star } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { useI18n } from '@/lib/i18n/i18n';
import { ratingLabel } from '@/lib/labels';
import { cn } from '@/lib/utils';

const RATINGS = [5, 4, 3, 2, 1] as const;

/** The rating select's options, best first: "5 - Excellent". */
export const ratingOptions = (i18n: I18n) =>
  RATINGS.map((value) => ({ value, label: i18n._('review.ratingOption', { value, label: ratingLabel(i18n, value) }) }));

/** The scale's word for a rating (an average is rounded), or '' off the scale. */
function ratingWord(i18n: I18n, rating: number): string {
  const rounded = Math.round(rating);
  return rounded >= 1 && rounded <= 5 ? ratingLabel(i18n, rounded) : '';
}

/** Five stars read out as one phrase, with the scale's word beside them. */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  const i18n = useI18n();
  const label = ratingWord(i18n, rating);
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <span
        role="img"
        aria-label={label ? i18n._('stars.ratedWithWord', { rating, label }) : i18n._('stars.rated', { rating })}
        className="inline-flex gap-0.5"
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <Star key={n} aria-hidden className={cn('size-4', n <= rating ? 'fill-accent-400 text-accent-500' : 'fill-stone-100 text-stone-300')} />
        ))}
      </span>
      {label && (
        <span aria-hidden className="text-sm font-medium text-stone-700">
          {label}
        </span>
      )}
    </span>
  );
}
