import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarClock, ExternalLink, Navigation, Phone } from 'lucide-react';
import type { I18n } from '@lingui/core';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { AddToCalendarButton } from '@/components/add-to-calendar-button';
import { DonationPhotoCard } from '@/components/donation-photo-card';
import { FoodSafety } from '@/components/food-safety';
import { VirtualGrid } from '@/components/virtual-grid';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel, quantityLabel } from '@/lib/labels';
import { hasCalendarPickup } from '@/lib/pickup-calendar';
import { dayTime } from '@/lib/request-words';

/** What the charity's own accepted request adds to a pickup: the planned day and the restaurant's phone. */
export interface PickupPlan {
  pickupAt?: string | undefined;
  pickupTime?: string | undefined;
  restaurantPhone?: string | undefined;
}

/** Plans are made afresh on every render; equal fields mean the same plan (so a card need not re-render). */
export const samePlan = (a: PickupPlan | undefined, b: PickupPlan | undefined) =>
  a === b || (a?.pickupAt === b?.pickupAt && a?.pickupTime === b?.pickupTime && a?.restaurantPhone === b?.restaurantPhone);

/**
 * Google Maps' documented search URL, of the pickup point's coordinates when it has them (the address otherwise): on
 * Android and iOS it opens the Maps app when installed (the browser's map
 * otherwise), and on a desktop the website. `geo:` would open the maps app on Android only; iOS and desktop browsers
 * do nothing with it. Neither needs a service of ours or a key.
 */
export function mapsUrl(address: string, point?: { latitude?: number | undefined; longitude?: number | undefined }): string {
  // The pickup point when the restaurant set one: the address alone may name a whole block or a mall.
  const { latitude: lat, longitude: lng } = point ?? {};
  const query = lat !== undefined && lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng) ? `${lat},${lng}` : address;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** A phone number as a `tel:` URI: digits and a leading +, nothing a dialler would stumble on. */
export function telUrl(phone: string): string | undefined {
  const digits = phone.trim().replace(/(?!^\+)[^\d]/g, '');
  return /\d{3,}/.test(digits) ? `tel:${digits}` : undefined;
}

/** When the driver goes: the actual pickup once done, else the planned day and time, else the spec's time of day. */
function whenText(i18n: I18n, item: PickupItem, plan: PickupPlan | undefined): { label: string; value: string; window: boolean } {
  if (item.status.toLowerCase() === 'picked' && item.pickupDate) {
    return { label: i18n._('charity.pickup.pickedUp'), value: dayTime(i18n, item.pickupDate), window: false };
  }
  if (plan?.pickupAt) return { label: i18n._('charity.pickup.yours'), value: dayTime(i18n, plan.pickupAt), window: false };
  if (plan?.pickupTime) return { label: i18n._('charity.pickup.yourTime'), value: plan.pickupTime, window: false };
  return { label: i18n._('charity.pickup.window'), value: item.pickupTime || i18n._('charity.pickup.notSpecified'), window: true };
}

/** A donation given to this charity: the facts a driver needs at the door, and the card's own actions below. */
export function PickupCard({
  item,
  plan,
  eager,
  holder,
  children,
}: {
  item: PickupItem;
  plan?: PickupPlan | undefined;
  eager?: boolean;
  /** Who has the pickup among the charity's members, said under its facts. */
  holder?: ReactNode;
  children?: ReactNode;
}) {
  const i18n = useI18n();
  const when = whenText(i18n, item, plan);
  const tel = plan?.restaurantPhone ? telUrl(plan.restaurantPhone) : undefined;
  const linkClass =
    'inline-flex min-h-11 items-center gap-1.5 rounded-md font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:min-h-9';
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
          <dt className="text-muted-foreground">{i18n._('charity.pickup.foodType')}</dt>
          <dd className="font-medium">{foodTypeLabel(i18n, item.foodType)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{i18n._('charity.pickup.quantity')}</dt>
          <dd className="font-medium">{quantityLabel(i18n, item.quantity, item.unit)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted-foreground">{when.label}</dt>
          <dd className="flex items-center gap-1 font-medium" data-testid="pickup-when">
            <CalendarClock className="size-4 shrink-0" aria-hidden /> {when.value}
          </dd>
          {!when.window && item.pickupTime && (
            <dd className="mt-0.5 text-xs text-muted-foreground">{i18n._('charity.pickup.restaurantWindow', { time: item.pickupTime })}</dd>
          )}
        </div>
        {/* Read from the donation as the device keeps it: the same offline. Storage says whether to bring a cool box. */}
        <div className="col-span-2">
          <dt className="text-muted-foreground">{i18n._('charity.pickup.foodSafety')}</dt>
          <dd className="mt-1">
            <FoodSafety facts={item} />
          </dd>
        </div>
        {/* The restaurant's words for whoever comes (issue 49): on the replicated donation, so offline too. */}
        {item.restaurantNote && (
          <div className="col-span-2">
            <dt className="text-muted-foreground">{i18n._('charity.pickup.note')}</dt>
            <dd className="mt-0.5 whitespace-pre-line break-words font-medium">
              <bdi>{item.restaurantNote}</bdi>
            </dd>
          </div>
        )}
      </dl>
      {holder}
      <ul className="flex flex-wrap gap-x-4 text-sm" aria-label={i18n._('charity.pickup.links', { title: item.donationTitle })}>
        <li>
          <a className={linkClass} href={mapsUrl(item.location, item)} target="_blank" rel="noopener noreferrer">
            <Navigation className="size-4" aria-hidden /> {i18n._('charity.pickup.directions')}
            <span className="sr-only"> {i18n._('charity.pickup.directionsTo', { location: item.location })}</span>
          </a>
        </li>
        {tel && (
          <li>
            <a className={linkClass} href={tel}>
              <Phone className="size-4" aria-hidden /> {i18n._('charity.pickup.call')}
              <span className="sr-only"> {item.restaurantName}</span> <bdi>{plan?.restaurantPhone}</bdi>
            </a>
          </li>
        )}
        {hasCalendarPickup(item) && (
          <li>
            <AddToCalendarButton donation={item} className={linkClass} />
          </li>
        )}
        <li>
          <Link className={linkClass} to="/donations/$id" params={{ id: item._id }}>
            <ExternalLink className="size-4" aria-hidden /> {i18n._('charity.pickup.details')}
            <span className="sr-only"> {i18n._('charity.pickup.detailsOf', { title: item.donationTitle })}</span>
          </Link>
        </li>
      </ul>
      {children && <div className="mt-auto flex flex-col gap-2 pt-2">{children}</div>}
    </DonationPhotoCard>
  );
}

const pickupKey = (item: PickupItem) => item._id;

/**
 * The pickups as cards, one to three a row, drawing only the rows on screen: a busy charity collects every day for
 * years. `renderItem` should return a memoised card.
 */
export function PickupGrid({ items, renderItem }: { items: readonly PickupItem[]; renderItem: (item: PickupItem, index: number) => ReactNode }) {
  // A card: the 3:2 photo, title, restaurant, address, four facts and an action, about 590 px at every width.
  return <VirtualGrid items={items} getKey={pickupKey} renderItem={renderItem} estimateRowHeight={590} columns={{ base: 1, sm: 2, lg: 3 }} gap={24} />;
}
