// A charity's home base and what it wants to hear of (issues 10 and 11): `GET/PUT /me/charity-preferences`. One schema
// for the profile form and the server.
import { z } from 'zod';
import { FOOD_TYPES } from '../constants.ts';
import { code } from '../error-code.ts';
import { LatitudeSchema, LongitudeSchema } from './donation.ts';

/** The distances the profile offers (km); 'Off' is no distance filter (null). */
export const NOTIFY_RADIUS_CHOICES_KM = [2, 5, 10, 25] as const;
/** A new charity's alerts, on from the start where its place is known (one of the choices above). */
export const NEW_CHARITY_ALERT_RADIUS_KM = 10;
/** The largest distance the API accepts: beyond a region's reach, an alert for everything is the food-type filter. */
export const NOTIFY_RADIUS_MAX_KM = 500;

/**
 * PUT replaces the whole set: an absent field is cleared. The home base's coordinates come both or neither, and a
 * distance filter needs them (it measures from there). A charity is told of a new verified donation when it set a
 * distance or food types (either) and the donation matches every filter it set.
 */
export const CharityPreferencesSchema = z
  .object({
    homeAddress: z
      .string()
      .trim()
      .max(300, { message: code('validation/address-too-long') })
      .nullish()
      .transform((v) => v || null),
    homeLatitude: LatitudeSchema.nullish().transform((v) => v ?? null),
    homeLongitude: LongitudeSchema.nullish().transform((v) => v ?? null),
    notifyRadiusKm: z
      .number({ message: code('validation/distance-number') })
      .positive({ message: code('validation/distance-positive') })
      .max(NOTIFY_RADIUS_MAX_KM, { message: code('validation/distance-too-far') })
      .nullish()
      .transform((v) => v ?? null),
    notifyFoodTypes: z
      .array(z.enum(FOOD_TYPES, { message: code('validation/food-types-unknown') }))
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
  })
  // Rules over several fields as refinements with a fixed path and code, not one superRefine: the server reads a
  // schema's codes from its checks (sync-server/src/http/schema-codes.ts) to declare what a route can answer.
  .refine((v) => !(v.homeLatitude === null && v.homeLongitude !== null), { path: ['homeLatitude'], message: code('validation/coordinates-pair') })
  .refine((v) => !(v.homeLatitude !== null && v.homeLongitude === null), { path: ['homeLongitude'], message: code('validation/coordinates-pair') })
  .refine((v) => !(v.notifyRadiusKm !== null && v.homeLatitude === null), { path: ['notifyRadiusKm'], message: code('validation/home-base-needed') });
export type CharityPreferencesInput = z.input<typeof CharityPreferencesSchema>;

/** What GET and PUT answer: every field present, null (or an empty list) when not set. */
export interface CharityPreferences {
  homeAddress: string | null;
  homeLatitude: number | null;
  homeLongitude: number | null;
  notifyRadiusKm: number | null;
  notifyFoodTypes: (typeof FOOD_TYPES)[number][];
}
