import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { HandHeart, MapPin, Scale, Store, UtensilsCrossed } from 'lucide-react';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { imageUrl } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { BestBeforeLabel } from '@/components/best-before-label';

/**
 * What a card needs: a donation from the API, or a favourite / pickup mapped to the same names. Everything but the
 * id and title is optional so those lists can show what they have.
 */
type DonationCardData = Pick<Donation, '_id' | 'title'> &
  Partial<Pick<Donation, 'image' | 'restaurantName' | 'location' | 'quantity' | 'foodType' | 'charityName' | 'assignedTo' | 'assignedType' | 'bestBefore'>> & {
    unit?: string | undefined;
    status?: string | undefined;
  };

const CARD_WIDTHS = [320, 480, 640, 960];

/** `src` and `srcSet` for one of our pictures; other URLs (seed data, old records) are used as they are. */
function responsiveImage(url: string | undefined, width: number, widths: readonly number[] = CARD_WIDTHS) {
  const src = imageUrl(url, width);
  const srcSet = url?.startsWith('/images/') ? widths.map((w) => `${imageUrl(url, w)} ${w}w`).join(', ') : undefined;
  return { src, srcSet };
}

/** A donation's picture, or a calm placeholder when it is missing or fails to load. */
export function DonationImage({
  url,
  alt,
  width,
  height,
  sizes,
  widths,
  priority = false,
  className,
}: {
  url: string | undefined;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  widths?: readonly number[];
  priority?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const { src, srcSet } = responsiveImage(url, width, widths);
  if (!src || failed) {
    return (
      <div className={cn('flex items-center justify-center bg-brand-50 text-brand-700', className)} role="img" aria-label={alt || 'No picture'}>
        <UtensilsCrossed className="size-10" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailed(true)}
      className={cn('bg-stone-100 object-cover', className)}
    />
  );
}

/** Status as a badge; an assigned donation says to whom (spec section 4). */
export function DonationStatusBadge({ donation, className }: { donation: Pick<DonationCardData, 'status' | 'assignedTo' | 'assignedType'>; className?: string }) {
  if (!donation.status) return null;
  if (donation.status.toLowerCase() === 'assigned' && donation.assignedTo) {
    return (
      <Badge tone="violet" className={className}>
        Assigned to {donation.assignedTo}
        {donation.assignedType ? ` (${donation.assignedType})` : ''}
      </Badge>
    );
  }
  return <StatusBadge status={donation.status} className={className} />;
}

const quantityFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export function formatQuantity(quantity: number | undefined, unit: string | undefined): string {
  if (quantity === undefined || quantity === null) return 'Not specified';
  return `${quantityFormat.format(quantity)} ${unit ?? 'kg'}`;
}

/**
 * A donation as a card: picture, title, restaurant, location, quantity, status and charity, the whole card opening
 * its details. `children` (e.g. a Remove button) sit above the card's link so they stay clickable.
 */
export function DonationCard({
  donation,
  priority = false,
  showCharity = true,
  distance,
  children,
  className,
}: {
  donation: DonationCardData;
  /** The first cards of a page load eagerly; the rest wait until scrolled near. */
  priority?: boolean;
  showCharity?: boolean;
  /** How far the viewer is from the pickup point ("2.3 km"), when the list is ordered by it. */
  distance?: string | undefined;
  children?: ReactNode;
  className?: string;
}) {
  const charity = donation.charityName || donation.assignedTo || 'Not Assigned';
  return (
    <article
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md',
        className,
      )}
    >
      <div className="relative">
        <DonationImage
          url={donation.image}
          alt=""
          width={480}
          height={320}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="aspect-[3/2] w-full"
        />
        {donation.foodType && (
          <Badge tone="neutral" className="absolute left-3 top-3 bg-white/95 shadow-sm">
            {donation.foodType}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg font-semibold leading-snug text-stone-900">{donation.title}</h3>
          <DonationStatusBadge donation={donation} className="mt-0.5 shrink-0" />
        </div>
        {/* First of the facts: whether the food is still good decides whether the rest matters. */}
        {donation.bestBefore && <BestBeforeLabel bestBefore={donation.bestBefore} className="-mb-2 text-sm" />}
        <dl className="grid grid-cols-1 gap-2 text-sm text-stone-700">
          {donation.restaurantName && (
            <div className="flex items-center gap-2">
              <dt>
                <Store className="size-4 text-brand-700" aria-hidden />
                <span className="sr-only">Restaurant</span>
              </dt>
              <dd className="min-w-0 truncate">{donation.restaurantName}</dd>
            </div>
          )}
          {donation.location && (
            <div className="flex items-center gap-2">
              <dt>
                <MapPin className="size-4 text-brand-700" aria-hidden />
                <span className="sr-only">Location</span>
              </dt>
              <dd className="min-w-0 truncate">{donation.location}</dd>
              {distance && (
                <dd className="ml-auto shrink-0 font-medium text-brand-800">
                  {distance}
                  <span className="sr-only"> away</span>
                </dd>
              )}
            </div>
          )}
          {donation.quantity !== undefined && (
            <div className="flex items-center gap-2">
              <dt>
                <Scale className="size-4 text-brand-700" aria-hidden />
                <span className="sr-only">Quantity</span>
              </dt>
              <dd>{formatQuantity(donation.quantity, donation.unit)}</dd>
            </div>
          )}
          {showCharity && (
            <div className="flex items-center gap-2">
              <dt>
                <HandHeart className="size-4 text-brand-700" aria-hidden />
                <span className="sr-only">Charity</span>
              </dt>
              <dd className={cn('min-w-0 truncate', charity === 'Not Assigned' && 'text-muted-foreground')}>{charity}</dd>
            </div>
          )}
        </dl>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          <Link
            to="/donations/$id"
            params={{ id: donation._id }}
            className={cn(
              buttonVariants({ variant: 'outline' }),
              // Stretches over the card so the whole card is a target, while keeping one link per card for screen readers.
              'flex-1 outline-none after:absolute after:inset-0 after:content-[""] group-hover:border-brand-500',
            )}
          >
            View Details<span className="sr-only">: {donation.title}</span>
          </Link>
          {children && <div className="relative z-10 flex flex-wrap gap-2">{children}</div>}
        </div>
      </div>
    </article>
  );
}
