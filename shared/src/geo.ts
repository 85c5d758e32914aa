// Distances between two points on the earth, one formula for the server and the app: the server ranks
// `sort=distance` with the same haversine in SQL (sync-server/src/db/donations.ts), so both agree on the order.

/** A point in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** The mean earth diameter in km (2 x 6371), the constant the server's SQL uses too. */
export const EARTH_DIAMETER_KM = 12742;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine on a sphere): exact to well under 1% at the scale of a city. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  // min(): rounding can push h a hair above 1 for antipodal points, and asin(>1) is NaN.
  return EARTH_DIAMETER_KM * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** A donation's (or profile's) place as a point, when it has one: both coordinates or none. */
export function pointOf(p: { latitude?: number | null | undefined; longitude?: number | null | undefined }): LatLng | undefined {
  return typeof p.latitude === 'number' && typeof p.longitude === 'number' ? { lat: p.latitude, lng: p.longitude } : undefined;
}

/**
 * A distance rounded as a driver reads it: metres under a kilometre, to 10 m (800 m); one decimal under 10 km
 * (2.3 km); whole kilometres beyond (42 km). Undefined for no distance. The app says it in the reader's language.
 */
export function roundDistance(km: number): { unit: 'm' | 'km'; value: number; decimals: 0 | 1 } | undefined {
  if (!Number.isFinite(km) || km < 0) return undefined;
  if (km < 0.995) return { unit: 'm', value: Math.max(10, Math.round((km * 1000) / 10) * 10), decimals: 0 };
  if (km < 9.95) return { unit: 'km', value: Math.round(km * 10) / 10, decimals: 1 };
  return { unit: 'km', value: Math.round(km), decimals: 0 };
}

/** roundDistance in English: "800 m", "2.3 km", "1,234 km". */
export function formatDistance(km: number): string {
  const d = roundDistance(km);
  return d ? `${d.value.toLocaleString('en-GB', { minimumFractionDigits: d.decimals, maximumFractionDigits: d.decimals })} ${d.unit}` : '';
}
