import type { ReactNode } from 'react';
import { Clock, MapPin, Store } from 'lucide-react';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { StatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { imageUrl } from '@/lib/api-client';

/** A donation given to this charity: the facts a driver needs at the door, and the card's own actions below. */
export function PickupCard({ item, eager, children }: { item: PickupItem; eager?: boolean; children?: ReactNode }) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <img
        src={imageUrl(item.image, 480)}
        alt={item.donationTitle}
        width={480}
        height={320}
        loading={eager ? 'eager' : 'lazy'}
        className="aspect-[3/2] w-full bg-stone-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg font-semibold leading-tight text-stone-900">{item.donationTitle}</h2>
          <StatusBadge status={item.status} />
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Store className="size-4 shrink-0" aria-hidden /> {item.restaurantName}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="size-4 shrink-0" aria-hidden /> {item.location}
        </p>
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
      </div>
    </Card>
  );
}

export function PickupGrid({ children }: { children: ReactNode }) {
  return <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}
