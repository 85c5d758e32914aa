import type { Review } from '@foodbridge/shared/schemas/review';
import { Skeleton } from '@/components/ui/skeleton';
import { isOfflineError, OfflineNotice } from '@/components/sync-status';
import { EmptyState, ErrorState } from '@/components/ui/states';
import type { ApiState } from '@/lib/use-api';
import { RatingStars } from './rating-stars';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function formatReviewDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}

export function ReviewsList({ reviews }: { reviews: ApiState<Review[]> }) {
  const { data, error, loading, reload } = reviews;
  const count = data?.length ?? 0;
  const average = count ? data!.reduce((sum, r) => sum + r.rating, 0) / count : 0;

  return (
    <section aria-labelledby="reviews-heading" className="mt-12">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-heading" className="text-xl font-bold text-stone-900 sm:text-2xl">
          Reviews{count ? ` (${count})` : ''}
        </h2>
        {count > 0 && (
          <p className="text-sm text-muted-foreground">
            Average {average.toLocaleString('en-GB', { maximumFractionDigits: 1 })} out of 5
          </p>
        )}
      </div>
      {loading && !data ? (
        <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading reviews">
          {[0, 1].map((i) => (
            <div key={i} className="space-y-3 rounded-[var(--radius-card)] border border-border bg-white p-5">
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="h-4 w-1/4" />
              <Skeleton className="h-4 w-full" />
            </div>
          ))}
        </div>
      ) : error && !data && isOfflineError(error) ? (
        <OfflineNotice />
      ) : error && !data ? (
        <ErrorState message="Failed to load reviews." onRetry={reload} />
      ) : !count ? (
        <EmptyState message="No reviews yet." />
      ) : (
        <ul className="grid gap-4">
          {data!.map((r) => (
            <li key={r._id} className="rounded-[var(--radius-card)] border border-border bg-white p-5 shadow-sm">
              <article className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <div className="flex items-center gap-3">
                    <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900">
                      {(r.reviewerName || 'A').charAt(0).toUpperCase()}
                    </span>
                    <h3 className="font-semibold text-stone-900">{r.reviewerName || 'Anonymous'}</h3>
                  </div>
                  <time dateTime={r.createdAt} className="text-sm text-muted-foreground">
                    {formatReviewDate(r.createdAt)}
                  </time>
                </div>
                <RatingStars rating={r.rating} />
                <p className="whitespace-pre-line break-words text-stone-700">{r.description}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
