import type { Review } from '@foodbridge/shared/schemas/review';
import { Skeleton } from '@/components/ui/skeleton';
import { isOfflineError, OfflineNotice } from '@/components/sync-status';
import { EmptyState, ErrorState } from '@/components/ui/states';
import type { I18n } from '@lingui/core';
import { useI18n } from '@/lib/i18n/i18n';
import type { ApiState } from '@/lib/use-api';
import { RatingStars } from './rating-stars';

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

function formatReviewDate(i18n: I18n, iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : i18n.date(d, DATE);
}

export function ReviewsList({ reviews }: { reviews: ApiState<Review[]> }) {
  const i18n = useI18n();
  const { data, error, loading, reload } = reviews;
  const count = data?.length ?? 0;
  // The donation's rating is its receivers' (issue 50): anyone signed in may review, but only the charity that
  // collected the food ate it; the others' reviews are shown, marked, and not counted.
  const rated = data?.filter((r) => r.fromRecipient) ?? [];
  const average = rated.length ? rated.reduce((sum, r) => sum + r.rating, 0) / rated.length : 0;

  return (
    <section aria-labelledby="reviews-heading" className="mt-12">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-heading" className="text-xl font-bold text-stone-900 sm:text-2xl">
          {count ? i18n._('details.reviews.titleWithCount', { count }) : i18n._('details.reviews.title')}
        </h2>
        {rated.length > 0 && (
          <p className="text-sm text-muted-foreground">
            {i18n._('details.reviews.recipientRating', { average: i18n.number(average, { maximumFractionDigits: 1 }) })}
          </p>
        )}
      </div>
      {loading && !data ? (
        <div className="grid gap-4" role="status" aria-busy="true" aria-label={i18n._('details.reviews.loading')}>
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
        <ErrorState message={i18n._('details.reviews.failed')} onRetry={reload} />
      ) : !count ? (
        <EmptyState message={i18n._('details.reviews.empty')} />
      ) : (
        <ul className="grid gap-4">
          {data!.map((r) => (
            <li key={r._id} className="rounded-[var(--radius-card)] border border-border bg-white p-5 shadow-sm">
              <article className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <div className="flex items-center gap-3">
                    <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900">
                      {(r.reviewerName || i18n._('details.reviews.anonymous')).charAt(0).toLocaleUpperCase(i18n.locale)}
                    </span>
                    <h3 className="font-semibold text-stone-900">{r.reviewerName || i18n._('details.reviews.anonymous')}</h3>
                  </div>
                  <time dateTime={r.createdAt} className="text-sm text-muted-foreground">
                    {formatReviewDate(i18n, r.createdAt)}
                  </time>
                </div>
                <RatingStars rating={r.rating} />
                <p className={r.fromRecipient ? 'text-sm font-medium text-brand-800' : 'text-sm text-muted-foreground'} data-testid="review-standing">
                  {r.fromRecipient ? i18n._('details.reviews.fromRecipient') : i18n._('details.reviews.notCounted')}
                </p>
                <p className="whitespace-pre-line break-words text-stone-700">{r.description}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
