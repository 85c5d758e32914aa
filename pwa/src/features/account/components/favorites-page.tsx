import { Link } from '@tanstack/react-router';
import { ConfirmActionButton } from '@/components/confirm-action-button';
import { formatQuantity } from '@/components/donation-card';
import { DonationPhotoCard } from '@/components/donation-photo-card';
import { ListStates } from '@/components/list-states';
import { SyncStatus } from '@/components/sync-status';
import { buttonVariants } from '@/components/ui/button';
import { CardGridSkeleton, EmptyState, PageHeader } from '@/components/ui/states';
import { notify } from '@/lib/notify';
import { useFavoritesList, type FavoriteItem } from '../favorites';

export function FavoritesPage() {
  const favorites = useFavoritesList();

  async function remove(favorite: FavoriteItem) {
    await favorites.remove(favorite);
    notify.success('Removed', `${favorite.title} is no longer in your favorites.`);
  }

  return (
    <section>
      <PageHeader title="My Favorites" description="Donations you saved to come back to." />
      <SyncStatus />
      <ListStates
        state={favorites}
        skeleton={<CardGridSkeleton count={3} />}
        errorMessage="Failed to load favorites."
        empty={
          <EmptyState message="No favorites yet.">
            <Link to="/allDonations" className={buttonVariants({ variant: 'outline' })}>
              Browse donations
            </Link>
          </EmptyState>
        }
      >
        {(items) => (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((fav, i) => (
              <li key={fav.favoriteId}>
                <FavoriteCard favorite={fav} eager={i < 3} onRemove={() => remove(fav)} />
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function FavoriteCard({ favorite, eager, onRemove }: { favorite: FavoriteItem; eager: boolean; onRemove: () => Promise<void> }) {
  return (
    <DonationPhotoCard
      image={favorite.image}
      title={favorite.title}
      status={favorite.status}
      restaurant={favorite.restaurant}
      location={favorite.location}
      eager={eager}
    >
      <p className="text-sm">
        <span className="text-muted-foreground">Quantity:</span> <span className="font-medium">{favorite.unit ? formatQuantity(favorite.quantity, favorite.unit) : favorite.quantity}</span>
      </p>
      <div className="mt-auto flex gap-2 pt-2">
        <Link to="/donations/$id" params={{ id: favorite.donationId }} className={buttonVariants({ size: 'sm', className: 'flex-1' })}>
          Details
        </Link>
        <ConfirmActionButton
          title="Remove from favorites?"
          description={`${favorite.title} will be removed from your favorites. You can save it again from its page.`}
          confirmLabel="Yes, remove it"
          triggerClassName="flex-1"
          action={onRemove}
          busyLabel="Removing..."
          failure="Failed to remove favorite"
        >
          Remove
        </ConfirmActionButton>
      </div>
    </DonationPhotoCard>
  );
}
