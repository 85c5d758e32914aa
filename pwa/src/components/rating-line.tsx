import { Star } from 'lucide-react';
import { useI18n } from '@/lib/i18n/i18n';
import { ratingLabel } from '@/lib/labels';
import { cn } from '@/lib/utils';

/** A 1-5 rating as stars and its word, read out as one phrase. */
export function RatingLine({ rating, className }: { rating: number; className?: string }) {
  const i18n = useI18n();
  const known = rating >= 1 && rating <= 5 && Number.isInteger(rating);
  const label = known ? ratingLabel(i18n, rating) : '';
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <span
        role="img"
        aria-label={label ? i18n._('stars.ratedWithWord', { rating, label }) : i18n._('stars.rated', { rating })}
        className="inline-flex gap-0.5"
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <Star key={n} aria-hidden className={n <= rating ? 'size-3.5 fill-accent-400 text-accent-500' : 'size-3.5 fill-stone-100 text-stone-300'} />
        ))}
      </span>
      <span aria-hidden className="font-medium text-stone-700">
        {label}
      </span>
    </span>
  );
}
