import type { Review } from '@foodbridge/shared/schemas/review';
import { ConfirmActionButton } from '@/components/confirm-action-button';
import { ListStates } from '@/components/list-states';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, PageHeader } from '@/components/ui/states';
import { useSession } from '@/lib/auth/session-store';
import { notify } from '@/lib/notify';
import { formatDate } from '@/lib/utils';
import { deleteReview, useMyReviews } from '../api';
import { RatingStars } from './rating-stars';

export function MyReviewsPage() {
  const email = useSession((s) => s.user?.email);
  const reviews = useMyReviews(email);

  async function remove(review: Review) {
    await deleteReview(review._id);
    reviews.setData((list) => list?.filter((r) => r._id !== review._id));
    notify.success('Deleted!', 'Your review has been deleted.');
  }

  return (
    <section>
      <PageHeader title="My Reviews" description="What you said about the donations you saw." />
      <ListStates
        state={reviews}
        skeleton={<ListSkeleton />}
        errorMessage="Failed to load reviews."
        empty={<EmptyState message="No reviews yet." />}
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
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1.5">
        <h2 className="text-lg font-semibold text-stone-900">{review.donationTitle}</h2>
        <p className="text-sm text-muted-foreground">{review.restaurant}</p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <RatingStars rating={review.rating} />
          <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
            {formatDate(review.createdAt)}
          </time>
        </div>
        <p className="whitespace-pre-line break-words text-stone-800">{review.description}</p>
      </div>
      <ConfirmActionButton
        title="Delete this review?"
        description="Your review will be removed from the donation. This cannot be undone."
        confirmLabel="Yes, delete it!"
        triggerClassName="shrink-0 self-start"
        action={onDelete}
        busyLabel="Deleting..."
        failure="Failed to delete review."
      >
        Delete
      </ConfirmActionButton>
    </Card>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading">
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
