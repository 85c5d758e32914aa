import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ClipboardList, HandHeart, MapPin, Scale, Store, UtensilsCrossed } from 'lucide-react';
import { i18n as activeI18n, type I18n } from '@lingui/core';
import { CARD_IMAGE_WIDTHS } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { imageUrl } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel, quantityLabel, roleLabel } from '@/lib/labels';
import { cn } from '@/lib/utils';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { BestBeforeLabel } from '@/components/best-before-label';
import { FoodSafety } from '@/components/food-safety';

/**
 * What a card needs: a donation from the API, or a favourite / pickup mapped to the same names. Everything but the
 * id and title is optional so those lists can show what they have.
 */
type DonationCardData = Pick<Donation, '_id' | 'title'> &
  Partial<
    Pick<
      Donation,
      'image' | 'restaurantName' | 'location' | 'quantity' | 'foodType' | 'charityName' | 'assignedTo' | 'assignedType' | 'bestBefore' | 'allergens' | 'dietary' | 'storage'
    >
  > & {
    unit?: string | undefined;
    status?: string | undefined;
  };

/** `src` and `srcSet` for one of our pictures; other URLs (seed data, old records) are used as they are. */
function responsiveImage(url: string | undefined, width: number, widths: readonly number[] = CARD_IMAGE_WIDTHS) {
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
  const i18n = useI18n();
  const [failed, setFailed] = useState(false);
  const { src, srcSet } = responsiveImage(url, width, widths);
  if (!src || failed) {
    return (
      <div className={cn('flex items-center justify-center bg-brand-50 text-brand-700', className)} role="img" aria-label={alt || i18n._('card.noPicture')}>
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
  const i18n = useI18n();
  if (!donation.status) return null;
  if (donation.status.toLowerCase() === 'assigned' && donation.assignedTo) {
    return (
      <Badge tone="violet" className={className}>
        {donation.assignedType
          ? i18n._('card.assignedToWithType', { name: donation.assignedTo, type: roleLabel(i18n, donation.assignedType) })
          : i18n._('card.assignedTo', { name: donation.assignedTo })}
      </Badge>
    );
  }
  return <StatusBadge status={donation.status} className={className} />;
}

/**
 * "12 kg", "3 portions" (at most two decimals), or 'Not specified'. Pass the component's `useI18n()` so it
 * re-renders when the language changes (without it, the language active now).
 */
export function formatQuantity(quantity: number | undefined, unit: string | undefined, i18n: I18n = activeI18n): string {
  if (quantity === undefined || quantity === null) return i18n._('common.notSpecified');
  return quantityLabel(i18n, Math.round(quantity * 100) / 100, unit ?? 'kg');
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
  const i18n = useI18n();
  const charity = donation.charityName || donation.assignedTo;
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
          <Badge tone="neutral" className="absolute start-3 top-3 bg-white/95 shadow-sm">
            {foodTypeLabel(i18n, donation.foodType)}
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
                <span className="sr-only">{i18n._('card.restaurant')}</span>
              </dt>
              <dd className="min-w-0 truncate">{donation.restaurantName}</dd>
            </div>
          )}
          {donation.location && (
            <div className="flex items-center gap-2">
              <dt>
                <MapPin className="size-4 text-brand-700" aria-hidden />
                <span className="sr-only">{i18n._('card.location')}</span>
              </dt>
              <dd className="min-w-0 truncate">{donation.location}</dd>
              {distance && (
                <dd className="ms-auto shrink-0 font-medium text-brand-800">
                  <span aria-hidden>{distance}</span>
                  <span className="sr-only">{i18n._('card.distanceAway', { distance })}</span>
                </dd>
              )}
            </div>
          )}
          {donation.quantity !== undefined && (
            <div className="flex items-center gap-2">
              <dt>
                <Scale className="size-4 text-brand-700" aria-hidden />
                <span className="sr-only">{i18n._('card.quantity')}</span>
              </dt>
              <dd>{formatQuantity(donation.quantity, donation.unit, i18n)}</dd>
            </div>
          )}
          {/* Always said, "not stated" too: a charity feeding someone with an allergy must see that it is unknown. */}
          <div className="flex items-start gap-2">
            <dt className="py-0.5">
              <ClipboardList className="size-4 text-brand-700" aria-hidden />
              <span className="sr-only">{i18n._('foodSafety.label')}</span>
            </dt>
            <dd className="min-w-0 flex-1">
              <FoodSafety facts={donation} />
            </dd>
          </div>
          {showCharity && (
            <div className="flex items-center gap-2">
              <dt>
                <HandHeart className="size-4 text-brand-700" aria-hidden />
                <span className="sr-only">{i18n._('card.charity')}</span>
              </dt>
              <dd className={cn('min-w-0 truncate', !charity && 'text-muted-foreground')}>{charity || i18n._('card.notAssigned')}</dd>
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
            {i18n._('card.viewDetails')}
            <span className="sr-only">{i18n._('card.viewDetailsSuffix', { title: donation.title })}</span>
          </Link>
          {children && <div className="relative z-10 flex flex-wrap gap-2">{children}</div>}
        </div>
      </div>
    </article>
  );
}
