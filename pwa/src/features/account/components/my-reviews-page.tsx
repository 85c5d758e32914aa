import { useState } from 'react';
import type { Review } from '@foodbridge/shared/schemas/review';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState, PageHeader } from '@/components/ui/states';
import { useSession } from '@/lib/auth/session-store';
import { errorMessage, notify } from '@/lib/notify';
import { formatDate } from '@/lib/utils';
import { deleteReview, useMyReviews } from '../api';
import { RatingStars } from './rating-stars';

export function MyReviewsPage() {
  const email = useSession((s) => s.user?.email);
  const { data, error, loading, reload, setData } = useMyReviews(email);
  const [deleting, setDeleting] = useState<string | null>(null);

  async function remove(review: Review) {
    setDeleting(review._id);
    try {
      await deleteReview(review._id);
      setData((list) => list?.filter((r) => r._id !== review._id));
      notify.success('Deleted!', 'Your review has been deleted.');
    } catch (err) {
      notify.error('Failed to delete review.', errorMessage(err, 'Please try again.'));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section>
      <PageHeader title="My Reviews" description="What you said about the donations you saw." />
      {loading && !data ? (
        <ListSkeleton />
      ) : error && !data ? (
        <ErrorState message="Failed to load reviews." onRetry={reload} />
      ) : !data?.length ? (
        <EmptyState message="No reviews yet." />
      ) : (
        <ul className="flex flex-col gap-4">
          {data.map((review) => (
            <li key={review._id}>
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
                <ConfirmButton
                  title="Delete this review?"
                  description="Your review will be removed from the donation. This cannot be undone."
                  confirmLabel="Yes, delete it!"
                  onConfirm={() => void remove(review)}
                  disabled={deleting === review._id}
                  triggerClassName="shrink-0 self-start"
                >
                  {deleting === review._id ? 'Deleting...' : 'Delete'}
                </ConfirmButton>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
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
