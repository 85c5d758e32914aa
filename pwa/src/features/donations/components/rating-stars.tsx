import { Star } from 'lucide-react';
import { RATING_LABELS } from '@foodbridge/shared/constants';
import { cn } from '@/lib/utils';

export const RATING_OPTIONS = ([5, 4, 3, 2, 1] as const).map((value) => ({ value, label: `${value} - ${RATING_LABELS[value]}` }));

export function ratingLabel(rating: number): string {
  return RATING_LABELS[Math.round(rating) as keyof typeof RATING_LABELS] ?? '';
}

/** Five stars read out as one phrase, with the scale's word beside them. */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  const label = ratingLabel(rating);
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <span role="img" aria-label={`Rated ${rating} out of 5${label ? `: ${label}` : ''}`} className="inline-flex gap-0.5">
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
