import { memo, useState } from 'react';
import { Quote } from 'lucide-react';
import { PICKUP_CONFIRMABLE } from '@foodbridge/shared/constants';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import type { Review } from '@foodbridge/shared/schemas/review';
import { ListStates } from '@/components/list-states';
import { SyncStatus, WaitingToSync } from '@/components/sync-status';
import { CardGridSkeleton, EmptyState, PageHeader } from '@/components/ui/states';
import { useStableHandler } from '@/components/virtual-grid';
import { useSession } from '@/lib/auth/session-store';
import { usePickupOutbox } from '@/lib/db/pickup-outbox';
import { useI18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/utils';
import { useMyReviews } from '../api';
import { usePickups, usePickupTeam } from '../hooks';
import { PickupCard, PickupGrid } from './pickup-card';
import { RatingLine } from '@/components/rating-line';
import { ExportPanel } from '@/components/export-panel';
import { ReviewDialog } from './review-dialog';

const isConfirmable = (status: string) => PICKUP_CONFIRMABLE.some((s) => s.toLowerCase() === status.toLowerCase());

type SavedReview = Pick<Review, 'rating' | 'description'>;

export function ReceivedDonations() {
  const i18n = useI18n();
  const email = useSession((s) => s.user?.email);
  // The charity's pickups, whichever member looks (a driver's own e-mail is on none of them).
  const { charityEmail } = usePickupTeam();
  const pickups = usePickups(undefined, charityEmail);
  const { waiting } = usePickupOutbox();
  const reviews = useMyReviews(email);
  // A review just saved shows at once, before the list of reviews is read again.
  const [saved, setSaved] = useState<Record<string, SavedReview>>({});
  const reviewOf = (donationId: string) => saved[donationId] ?? reviews.data?.find((r) => r.donationId === donationId);
  const onSaved = useStableHandler((donationId: string, r: SavedReview) => setSaved((all) => ({ ...all, [donationId]: r })));
  // Picked ones, and those confirmed on this device that wait in the outbox for a connection (shown first): the
  // driver has them in the van, whatever the server knows yet.
  const all = pickups.data ?? undefined;
  const received = all && [
    ...all.filter((d) => isConfirmable(d.status) && waiting.has(d._id)),
    ...all.filter((d) => d.status.toLowerCase() === 'picked'),
  ];

  return (
    <section>
      <PageHeader title={i18n._('charity.received.title')} description={i18n._('charity.received.description')} />
      <SyncStatus />
      <ExportPanel kinds={['pickups']} />
      <ListStates
        state={{ ...pickups, data: received }}
        skeleton={<CardGridSkeleton count={3} />}
        errorMessage={i18n._('charity.received.loadFailed')}
        empty={<EmptyState message={i18n._('charity.received.empty')} />}
      >
        {(items) => (
          <PickupGrid
            items={items}
            renderItem={(item, i) => (
              <ReceivedRow item={item} waiting={isConfirmable(item.status)} review={reviewOf(item._id)} eager={i < 3} onSaved={onSaved} />
            )}
          />
        )}
      </ListStates>
    </section>
  );
}

interface ReceivedRowProps {
  item: PickupItem;
  /** Confirmed on this device, not yet known to the server. */
  waiting: boolean;
  review: SavedReview | undefined;
  eager: boolean;
  onSaved: (donationId: string, review: SavedReview) => void;
}

// Memoised: the pickup objects and reviews keep their identity while unchanged, so a change re-renders its card alone.
const ReceivedRow = memo(function ReceivedRow({ item, waiting, review, eager, onSaved }: ReceivedRowProps) {
  const i18n = useI18n();
  return (
    <PickupCard item={item} eager={eager}>
      {waiting ? (
        <WaitingToSync />
      ) : review ? (
        <figure className="rounded-lg bg-muted p-3 text-sm">
          <figcaption className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            <span className="flex items-center gap-1.5">
              <Quote className="size-3.5" aria-hidden /> {i18n._('charity.received.yourReview')}
            </span>
            <RatingLine className="normal-case tracking-normal" rating={review.rating} />
          </figcaption>
          <blockquote className="whitespace-pre-line break-words text-stone-800">{review.description}</blockquote>
        </figure>
      ) : (
        <>
          {item.review && (
            // A review written before reviews had a rating, kept on the donation itself.
            <figure className="rounded-lg bg-muted p-3 text-sm">
              <figcaption className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {i18n._('charity.received.earlierNote')}
                {item.reviewedAt && <span className="font-normal normal-case"> · {formatDate(item.reviewedAt, i18n)}</span>}
              </figcaption>
              <blockquote className="whitespace-pre-line break-words text-stone-800">{item.review}</blockquote>
            </figure>
          )}
          <ReviewDialog donationId={item._id} donationTitle={item.donationTitle} onSaved={(r) => onSaved(item._id, r)} />
        </>
      )}
    </PickupCard>
  );
});
