import type { Review } from '@foodbridge/shared/schemas/review';
import { ConfirmActionButton } from '@/components/confirm-action-button';
import { ListStates } from '@/components/list-states';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, PageHeader } from '@/components/ui/states';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { formatDate } from '@/lib/utils';
import { deleteReview, useMyReviews } from '../api';
import { RatingStars } from './rating-stars';

export function MyReviewsPage() {
  const i18n = useI18n();
  const email = useSession((s) => s.user?.email);
  const reviews = useMyReviews(email);

  async function remove(review: Review) {
    await deleteReview(review._id);
    reviews.setData((list) => list?.filter((r) => r._id !== review._id));
    notify.success(i18n._('myReviews.deleted.title'), i18n._('myReviews.deleted.text'));
  }

  return (
    <section>
      <PageHeader title={i18n._('myReviews.title')} description={i18n._('myReviews.description')} />
      <ListStates
        state={reviews}
        skeleton={<ListSkeleton />}
        errorMessage={i18n._('myReviews.failed')}
        empty={<EmptyState message={i18n._('myReviews.empty')} />}
        offlineNotice={false}
      >
        {(items) => (
          <ul className="flex flex-col gap-4">
            {items.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} onDelete={() => remove(review)} />
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function ReviewCard({ review, onDelete }: { review: Review; onDelete: () => Promise<void> }) {
  const i18n = useI18n();
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1.5">
        <h2 className="text-lg font-semibold text-stone-900">{review.donationTitle}</h2>
        <p className="text-sm text-muted-foreground">{review.restaurant}</p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <RatingStars rating={review.rating} />
          <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
            {formatDate(review.createdAt, i18n)}
          </time>
        </div>
        <p className="whitespace-pre-line break-words text-stone-800">{review.description}</p>
      </div>
      <ConfirmActionButton
        title={i18n._('myReviews.delete.title')}
        description={i18n._('myReviews.delete.text')}
        confirmLabel={i18n._('myReviews.delete.confirm')}
        triggerClassName="shrink-0 self-start"
        action={onDelete}
        busyLabel={i18n._('myReviews.delete.busy')}
        failure={i18n._('myReviews.delete.failed')}
      >
        {i18n._('myReviews.delete.button')}
      </ConfirmActionButton>
    </Card>
  );
}

function ListSkeleton() {
  const i18n = useI18n();
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label={i18n._('account.loading')}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-2 rounded-[var(--radius-card)] border border-border bg-white p-5">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  );
}
