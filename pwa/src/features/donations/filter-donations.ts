import { ALLERGENS, canonical, DIETARY_TAGS, FOOD_TYPES, type Allergen, type DietaryTag, type FoodType } from '@foodbridge/shared/constants';
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
  /** Dietary tags a donation must carry, every one of them (vegan and halal: both). */
  dietary?: readonly DietaryTag[] | undefined;
  /**
   * Allergens a donation must be said to hold none of: one whose restaurant did not say which allergens it holds is
   * left out, as the server does (GET /donations/verified?freeFrom=).
   */
  freeFrom?: readonly Allergen[] | undefined;
}

// The same list for the same choice, however often the URL is read (every render): the page's memoised filtering
// depends on the lists, and must not run again over thousands of donations because the route parsed them anew.
const lists = new Map<string, readonly string[]>();
/**
 * `vegan,halal` (as the URL and the API write it, or an array) as the values of `allowed` in their own order, each
 * once; unknown values dropped; undefined when none is left.
 */
function listOf<T extends string>(allowed: readonly T[], input: unknown): readonly T[] | undefined {
  const raw = Array.isArray(input) ? input : typeof input === 'string' ? input.split(',') : [];
  const picked = new Set(raw.map((v) => canonical(allowed, v)));
  const values = allowed.filter((v) => picked.has(v));
  if (!values.length) return undefined;
  const key = `${allowed[0]}:${values.join(',')}`;
  let list = lists.get(key);
  if (!list) lists.set(key, (list = Object.freeze(values)));
  return list as readonly T[];
}

/** A charity is out to collect food before it goes off; everyone else browses what is new. */
export const defaultSort = (role: string | undefined): DonationSort => (role === 'charity' ? 'bestBefore' : 'newest');

/** Reads the filters from the URL, dropping anything that is not one of ours (a shared link may be edited by hand). */
export function parseDonationFilters(search: Record<string, unknown>): DonationFilters {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 100) : undefined;
  const type = canonical(FOOD_TYPES, search.type);
  const sort = DONATION_SORTS.find((s) => s === search.sort);
  const dietary = listOf(DIETARY_TAGS, search.dietary);
  const freeFrom = listOf(ALLERGENS, search.freeFrom);
  return { ...(q ? { q } : {}), ...(type ? { type } : {}), ...(sort ? { sort } : {}), ...(dietary ? { dietary } : {}), ...(freeFrom ? { freeFrom } : {}) };
}

/** The filters as the URL writes them: lists comma-separated as the API takes them (`?dietary=vegan,halal`). */
export function donationFiltersSearch(filters: DonationFilters): Record<string, string> {
  const { q, type, sort, dietary, freeFrom } = parseDonationFilters({ ...filters });
  return {
    ...(q ? { q } : {}),
    ...(type ? { type } : {}),
    ...(sort ? { sort } : {}),
    ...(dietary ? { dietary: dietary.join(',') } : {}),
    ...(freeFrom ? { freeFrom: freeFrom.join(',') } : {}),
  };
}

/** Whether a food-safety filter is chosen (the list then needs the donations' allergens and tags read). */
export const hasFoodSafetyFilter = ({ dietary, freeFrom }: DonationFilters) => Boolean(dietary?.length || freeFrom?.length);

/**
 * The test of a donation's food safety, or undefined when no such filter is chosen (no work added then). The lists
 * are short (at most 5 tags, 14 allergens), so a scan of a donation's own is as quick as a lookup in a precomputed
 * set: 10,000 donations take a few milliseconds, as the food type alone does.
 */
function foodSafetyTest({ dietary, freeFrom }: DonationFilters): ((d: Donation) => boolean) | undefined {
  const tags = dietary?.length ? dietary : undefined;
  const avoid = freeFrom?.length ? freeFrom : undefined;
  if (!tags && !avoid) return undefined;
  return (d) => {
    if (tags && !tags.every((t) => d.dietary?.includes(t))) return false;
    // Not said (absent, or null as a server may write it) is not "none": it cannot be free from anything.
    if (avoid && (d.allergens == null || d.allergens.some((a) => avoid.includes(a)))) return false;
    return true;
  };
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

export function filterDonations(donations: readonly Donation[], filters: DonationFilters): Donation[] {
  const { q, type } = filters;
  const words = searchFold(q ?? '').split(/\s+/).filter(Boolean);
  const safe = foodSafetyTest(filters);
  return donations.filter((d) => {
    if (type && d.foodType !== type) return false;
    if (safe && !safe(d)) return false;
    if (!words.length) return true;
    const haystack = haystackOf(d);
    return words.every((w) => haystack.includes(w));
  });
}
