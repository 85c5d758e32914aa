// A charity's home base and the new donations it wants to be told of (issues 10 and 11): `GET/PUT
// /me/charity-preferences`, and the profile form's draft of them.
import type { I18n } from '@lingui/core';
import type { FoodType } from '@foodbridge/shared/constants';
import type { CharityPreferences, CharityPreferencesInput } from '@foodbridge/shared/schemas/charity-preferences';
import { apiPath, call } from '@/lib/api-client';
import { foodTypeLabel } from '@/lib/labels';
import { useApi } from '@/lib/use-api';

/** `enabled` false asks nothing (a screen shown to every role reads them for charities only). */
export const useCharityPreferences = (enabled = true) => useApi(enabled ? apiPath('GET /me/charity-preferences') : null);
export const saveCharityPreferences = (body: CharityPreferencesInput) => call('PUT /me/charity-preferences', { body });

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

/** What the section says the charity will be told of, in one sentence, in the language of `i18n`. */
export function alertsSummary(i18n: I18n, d: PreferencesDraft): string {
  // 'Bakery, Cooked Meal': a list of names, as the language writes one.
  const types = d.foodTypes.length
    ? new Intl.ListFormat(i18n.locales ?? i18n.locale, { type: 'unit', style: 'short' }).format(d.foodTypes.map((t) => foodTypeLabel(i18n, t)))
    : undefined;
  if (d.radius === '' && !types) return i18n._('charity.alerts.none');
  if (d.radius === '') return types ? i18n._('charity.alerts.typesAnywhere', { types }) : i18n._('charity.alerts.allAnywhere');
  const km = Number(d.radius);
  return types ? i18n._('charity.alerts.typesWithin', { types, km }) : i18n._('charity.alerts.allWithin', { km });
}
