import { useState } from 'react';
import { Quote } from 'lucide-react';
import { ListStates } from '@/components/list-states';
import { SyncStatus } from '@/components/sync-status';
import { CardGridSkeleton, EmptyState, PageHeader } from '@/components/ui/states';
import { formatDate } from '@/lib/utils';
import { usePickups } from '../hooks';
import { PickupCard, PickupGrid } from './pickup-card';
import { ReviewDialog } from './review-dialog';

export function ReceivedDonations() {
  const pickups = usePickups('Picked');
  // A review just saved shows at once; the donation's new revision follows through replication.
  const [saved, setSaved] = useState<Record<string, { review: string; reviewedAt: string }>>({});
  // The server filters already; the check keeps a just-confirmed list consistent whatever the status casing.
  const received = pickups.data?.filter((d) => d.status.toLowerCase() === 'picked').map((d) => (saved[d._id] ? { ...d, ...saved[d._id] } : d));

  return (
    <section>
      <PageHeader title="Received Donations" description="Donations you picked up. Tell the restaurant how it went." />
      <SyncStatus />
      <ListStates
        state={{ ...pickups, data: received }}
        skeleton={<CardGridSkeleton count={3} />}
        errorMessage="Failed to load donations."
        empty={<EmptyState message="No received donations yet. Confirmed pickups appear here." />}
      >
        {(items) => (
          <PickupGrid>
            {items.map((item, i) => (
              <li key={item._id}>
                <PickupCard item={item} eager={i < 3}>
                  {item.review && (
                    <figure className="rounded-lg bg-muted p-3 text-sm">
                      <figcaption className="mb-1 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                        <Quote className="size-3.5" aria-hidden /> Your review
                        {item.reviewedAt && <span className="font-normal normal-case">· {formatDate(item.reviewedAt)}</span>}
                      </figcaption>
                      <blockquote className="whitespace-pre-line break-words text-stone-800">{item.review}</blockquote>
                    </figure>
                  )}
                  <ReviewDialog
                    donationId={item._id}
                    donationTitle={item.donationTitle}
                    current={item.review}
                    onSaved={(review, reviewedAt) =>
                      setSaved((all) => ({ ...all, [item._id]: { review, reviewedAt: reviewedAt ?? new Date().toISOString() } }))
                    }
                  />
                </PickupCard>
              </li>
            ))}
          </PickupGrid>
        )}
      </ListStates>
    </section>
  );
}
