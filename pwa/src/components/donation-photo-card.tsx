import type { ReactNode } from 'react';
import { MapPin, Store } from 'lucide-react';
import { StatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { imageUrl } from '@/lib/api-client';

/**
 * A donation as a card led by its photo: title and status, the restaurant and where it is, then `children` (the
 * screen's own details and actions).
 */
export function DonationPhotoCard({
  image,
  title,
  status,
  restaurant,
  location,
  eager,
  children,
}: {
  image: string;
  title: string;
  status: string;
  restaurant: string;
  location: string;
  /** The first cards of a page load eagerly; the rest wait until scrolled near. */
  eager: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <img
        src={imageUrl(image, 480)}
        alt={title}
        width={480}
        height={320}
        loading={eager ? 'eager' : 'lazy'}
        className="aspect-[3/2] w-full bg-stone-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg font-semibold leading-tight text-stone-900">{title}</h2>
          <StatusBadge status={status} />
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Store className="size-4 shrink-0" aria-hidden /> {restaurant}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="size-4 shrink-0" aria-hidden /> {location}
        </p>
        {children}
      </div>
    </Card>
  );
}
