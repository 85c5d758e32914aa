import type { ReactNode } from 'react';
import { Clock } from 'lucide-react';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { DonationPhotoCard } from '@/components/donation-photo-card';

/** A donation given to this charity: the facts a driver needs at the door, and the card's own actions below. */
export function PickupCard({ item, eager, children }: { item: PickupItem; eager?: boolean; children?: ReactNode }) {
  return (
    <DonationPhotoCard
      image={item.image}
      title={item.donationTitle}
      status={item.status}
      restaurant={item.restaurantName}
      location={item.location}
      eager={Boolean(eager)}
    >
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Food type</dt>
          <dd className="font-medium">{item.foodType}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Quantity</dt>
          <dd className="font-medium">
            {item.quantity} {item.unit}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted-foreground">Pickup time</dt>
          <dd className="flex items-center gap-1 font-medium">
            <Clock className="size-4 shrink-0" aria-hidden /> {item.pickupTime || 'Not specified'}
          </dd>
        </div>
      </dl>
      {children && <div className="mt-auto flex flex-col gap-2 pt-2">{children}</div>}
    </DonationPhotoCard>
  );
}

export function PickupGrid({ children }: { children: ReactNode }) {
  return <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}
