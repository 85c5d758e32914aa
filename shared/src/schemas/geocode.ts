// Address search (issue 10): `GET /geocode?q=` turns an address into points on the map through a Nominatim-compatible
// service (GEOCODER_URL), for the restaurant's pickup point. One rule for the app's search box and the server.
import { z } from 'zod';
import { code } from '../error-code.ts';
import { LatitudeSchema, LongitudeSchema } from './donation.ts';

export const GEOCODE_QUERY_MIN = 3;
export const GEOCODE_QUERY_MAX = 200;

export const GeocodeQuerySchema = z.object({
  q: z
    .string({ message: code('validation/address-query-required') })
    .trim()
    .min(GEOCODE_QUERY_MIN, { message: code('validation/address-query-too-short') })
    .max(GEOCODE_QUERY_MAX, { message: code('validation/address-query-too-long') }),
});

/** One place found: the service's name for it and its point. */
export const GeocodeResultSchema = z.object({
  label: z.string().trim().min(1).max(500),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
});
export type GeocodeResult = z.infer<typeof GeocodeResultSchema>;

export const GEOCODER_NOT_SET_UP = 'Address search is not set up on this server.';
export const GEOCODER_NOT_ANSWERING = 'Address search is not answering. Try again, or use your current location.';
