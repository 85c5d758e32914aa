import { canonical, FOOD_TYPES, type FoodType } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { searchFold } from '@foodbridge/shared/search';
import { whenIdle, type IdleDeadline } from '@/lib/idle';

/**
 * The orders All Donations offers; 'bestBefore' is soonest first, donations that never expire last; 'pickupStart' is
 * the soonest pickup window first, donations without one last; 'distance' is nearest to the viewer's position first,
 * donations without a place last.
 */
export const DONATION_SORTS = ['newest', 'bestBefore', 'pickupStart', 'distance'] as const;
export type DonationSort = (typeof DONATION_SORTS)[number];

export interface DonationFilters {
  /** Free text matched against title, restaurant and location. */
  q?: string | undefined;
  type?: FoodType | undefined;
  /** Absent: the viewer's default (see `defaultSort`). */
  sort?: DonationSort | undefined;
}

/** A charity is out to collect food before it goes off; everyone else browses what is new. */
export const defaultSort = (role: string | undefined): DonationSort => (role === 'charity' ? 'bestBefore' : 'newest');

/** Reads the filters from the URL, dropping anything that is not one of ours (a shared link may be edited by hand). */
export function parseDonationFilters(search: Record<string, unknown>): DonationFilters {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 100) : undefined;
  const type = canonical(FOOD_TYPES, search.type);
  const sort = DONATION_SORTS.find((s) => s === search.sort);
  return { ...(q ? { q } : {}), ...(type ? { type } : {}), ...(sort ? { sort } : {}) };
}

// The local store hands back the same object for an unchanged donation, so each one is folded once, not per keystroke.
const haystacks = new WeakMap<Donation, string>();
function haystackOf(d: Donation): string {
  let text = haystacks.get(d);
  if (text === undefined) {
    text = searchFold(`${d.title} ${d.restaurantName} ${d.location}`);
    haystacks.set(d, text);
  }
  return text;
}

/**
 * Folds every donation's text ahead of the first keystroke, a slice in each idle moment, so that typing never pays
 * for 10,000 of them at once. Returns the function that stops it (the list changed or the page closed).
 */
export function warmSearch(donations: readonly Donation[]): () => void {
  let next = 0;
  let cancel = () => {};
  const step = (deadline: IdleDeadline) => {
    while (next < donations.length && deadline.timeRemaining() > 1) haystackOf(donations[next++]!);
    if (next < donations.length) cancel = whenIdle(step);
  };
  cancel = whenIdle(step);
  return () => cancel();
}

export function filterDonations(donations: readonly Donation[], { q, type }: DonationFilters): Donation[] {
  const words = searchFold(q ?? '').split(/\s+/).filter(Boolean);
  return donations.filter((d) => {
    if (type && d.foodType !== type) return false;
    if (!words.length) return true;
    const haystack = haystackOf(d);
    return words.every((w) => haystack.includes(w));
  });
}
