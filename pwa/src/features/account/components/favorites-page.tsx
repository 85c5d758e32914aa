import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { MapPin, Store } from 'lucide-react';
import { ConfirmButton } from '@/components/ui/alert-dialog';
import { StatusBadge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isOfflineError, OfflineNotice, SyncStatus } from '@/components/sync-status';
import { CardGridSkeleton, EmptyState, ErrorState, PageHeader } from '@/components/ui/states';
import { imageUrl } from '@/lib/api-client';
import { errorMessage, notify } from '@/lib/notify';
import { useFavoritesList, type FavoriteItem } from '../favorites';

export function FavoritesPage() {
  const { data, error, loading, reload, remove: removeOne } = useFavoritesList();
  const [removing, setRemoving] = useState<string | null>(null);

  async function remove(favorite: FavoriteItem) {
    setRemoving(favorite.favoriteId);
    try {
      await removeOne(favorite);
      notify.success('Removed', `${favorite.title} is no longer in your favorites.`);
    } catch (err) {
      notify.error('Failed to remove favorite', errorMessage(err, 'Please try again.'));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section>
      <PageHeader title="My Favorites" description="Donations you saved to come back to." />
      <SyncStatus />
      {loading && !data ? (
        <CardGridSkeleton count={3} />
      ) : error && !data && isOfflineError(error) ? (
        <OfflineNotice />
      ) : error && !data ? (
        <ErrorState message="Failed to load favorites." onRetry={reload} />
      ) : !data?.length ? (
        <EmptyState message="No favorites yet.">
          <Link to="/allDonations" className={buttonVariants({ variant: 'outline' })}>
            Browse donations
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((fav, i) => (
            <li key={fav.favoriteId}>
              <Card className="flex h-full flex-col overflow-hidden">
                <img
                  src={imageUrl(fav.image, 480)}
                  alt={fav.title}
                  width={480}
                  height={320}
                  loading={i < 3 ? 'eager' : 'lazy'}
                  className="aspect-[3/2] w-full bg-stone-100 object-cover"
                />
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <h2 className="text-lg font-semibold leading-tight text-stone-900">{fav.title}</h2>
                    <StatusBadge status={fav.status} />
                  </div>
                  <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                    <Store className="size-4 shrink-0" aria-hidden /> {fav.restaurant}
                  </p>
                  <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                    <MapPin className="size-4 shrink-0" aria-hidden /> {fav.location}
                  </p>
                  <p className="text-sm">
                    <span className="text-muted-foreground">Quantity:</span> <span className="font-medium">{fav.quantity}</span>
                  </p>
                  <div className="mt-auto flex gap-2 pt-2">
                    <Link
                      to="/donations/$id"
                      params={{ id: fav.donationId }}
                      className={buttonVariants({ size: 'sm', className: 'flex-1' })}
                    >
                      Details
                    </Link>
                    <ConfirmButton
                      title="Remove from favorites?"
                      description={`${fav.title} will be removed from your favorites. You can save it again from its page.`}
                      confirmLabel="Yes, remove it"
                      onConfirm={() => void remove(fav)}
                      disabled={removing === fav.favoriteId}
                      triggerClassName="flex-1"
                    >
                      {removing === fav.favoriteId ? 'Removing...' : 'Remove'}
                    </ConfirmButton>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
