import { canonical, FOOD_TYPES, type FoodType } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';

export interface DonationFilters {
  /** Free text matched against title, restaurant and location. */
  q?: string | undefined;
  type?: FoodType | undefined;
}

/** Reads the filters from the URL, dropping anything that is not one of ours (a shared link may be edited by hand). */
export function parseDonationFilters(search: Record<string, unknown>): DonationFilters {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 100) : undefined;
  const type = canonical(FOOD_TYPES, search.type);
  return { ...(q ? { q } : {}), ...(type ? { type } : {}) };
}

export function filterDonations(donations: readonly Donation[], { q, type }: DonationFilters): Donation[] {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return donations.filter((d) => {
    if (type && d.foodType !== type) return false;
    if (!words.length) return true;
    const haystack = `${d.title} ${d.restaurantName} ${d.location}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}
