import { Link } from '@tanstack/react-router';
import { ConfirmActionButton } from '@/components/confirm-action-button';
import { formatQuantity } from '@/components/donation-card';
import { DonationPhotoCard } from '@/components/donation-photo-card';
import { ListStates } from '@/components/list-states';
import { SyncStatus } from '@/components/sync-status';
import { buttonVariants } from '@/components/ui/button';
import { CardGridSkeleton, EmptyState, PageHeader } from '@/components/ui/states';
import { useI18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { useFavoritesList, type FavoriteItem } from '../favorites';

export function FavoritesPage() {
  const i18n = useI18n();
  const favorites = useFavoritesList();

  async function remove(favorite: FavoriteItem) {
    await favorites.remove(favorite);
    notify.success(i18n._('myFavorites.removed.title'), i18n._('myFavorites.removed.text', { title: favorite.title }));
  }

  return (
    <section>
      <PageHeader title={i18n._('myFavorites.title')} description={i18n._('myFavorites.description')} />
      <SyncStatus />
      <ListStates
        state={favorites}
        skeleton={<CardGridSkeleton count={3} />}
        errorMessage={i18n._('myFavorites.failed')}
        empty={
          <EmptyState message={i18n._('myFavorites.empty')}>
            <Link to="/allDonations" className={buttonVariants({ variant: 'outline' })}>
              {i18n._('myFavorites.browse')}
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
  const i18n = useI18n();
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
        <span className="text-muted-foreground">{i18n._('myFavorites.quantity')}</span>{' '}
        <span className="font-medium">{favorite.unit ? formatQuantity(favorite.quantity, favorite.unit, i18n) : i18n.number(favorite.quantity)}</span>
      </p>
      <div className="mt-auto flex gap-2 pt-2">
        <Link to="/donations/$id" params={{ id: favorite.donationId }} className={buttonVariants({ size: 'sm', className: 'flex-1' })}>
          {i18n._('myFavorites.details')}
        </Link>
        <ConfirmActionButton
          title={i18n._('myFavorites.remove.title')}
          description={i18n._('myFavorites.remove.text', { title: favorite.title })}
          confirmLabel={i18n._('myFavorites.remove.confirm')}
          triggerClassName="flex-1"
          action={onRemove}
          busyLabel={i18n._('myFavorites.remove.busy')}
          failure={i18n._('myFavorites.remove.failed')}
        >
          {i18n._('myFavorites.remove.button')}
        </ConfirmActionButton>
      </div>
    </DonationPhotoCard>
  );
}
