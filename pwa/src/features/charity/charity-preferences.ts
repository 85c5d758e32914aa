// A charity's home base and the new donations it wants to be told of (issues 10 and 11): `GET/PUT
// /me/charity-preferences`, and the profile form's draft of them.
import type { FoodType } from '@foodbridge/shared/constants';
import type { CharityPreferences, CharityPreferencesInput } from '@foodbridge/shared/schemas/charity-preferences';
import { api } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

export const CHARITY_PREFERENCES_PATH = '/me/charity-preferences';

export const useCharityPreferences = () => useApi<CharityPreferences>(CHARITY_PREFERENCES_PATH);
export const saveCharityPreferences = (input: CharityPreferencesInput) => api.put<CharityPreferences>(CHARITY_PREFERENCES_PATH, input);

/** The form as edited: the radius as the select's value ('' is Off). */
export interface PreferencesDraft {
  homeAddress: string;
  home: { lat: number; lng: number } | undefined;
  radius: string;
  foodTypes: FoodType[];
}

export function draftOf(p: CharityPreferences | undefined): PreferencesDraft {
  return {
    homeAddress: p?.homeAddress ?? '',
    home: p && p.homeLatitude !== null && p.homeLongitude !== null ? { lat: p.homeLatitude, lng: p.homeLongitude } : undefined,
    radius: p?.notifyRadiusKm ? String(p.notifyRadiusKm) : '',
    foodTypes: p?.notifyFoodTypes ?? [],
  };
}

/** The draft as the shared schema reads it (PUT replaces the whole set, so every field is sent). */
export function inputOf(d: PreferencesDraft): CharityPreferencesInput {
  return {
    homeAddress: d.homeAddress.trim() || null,
    homeLatitude: d.home?.lat ?? null,
    homeLongitude: d.home?.lng ?? null,
    notifyRadiusKm: d.radius === '' ? null : Number(d.radius),
    notifyFoodTypes: d.foodTypes,
  };
}

/** What the section says the charity will be told of, in one sentence. */
export function alertsSummary(d: PreferencesDraft): string {
  const types = d.foodTypes.length ? d.foodTypes.join(', ') : undefined;
  if (d.radius === '' && !types) return 'No alerts: you are not told of new donations.';
  const what = types ? `new ${types} donations` : 'every new donation';
  return d.radius === '' ? `You are told of ${what}, at any distance.` : `You are told of ${what} within ${d.radius} km of your home base.`;
}
