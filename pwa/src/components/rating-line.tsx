import { Star } from 'lucide-react';
import { RATING_LABELS } from '@foodbridge/shared/constants';
import { cn } from '@/lib/utils';

/** A 1-5 rating as stars and its word, read out as one phrase. */
export function RatingLine({ rating, className }: { rating: number; className?: string }) {
  const label = RATING_LABELS[rating as keyof typeof RATING_LABELS] ?? '';
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <span role="img" aria-label={`Rated ${rating} out of 5${label ? `: ${label}` : ''}`} className="inline-flex gap-0.5">
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
