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
 * A distance as a driver reads it: metres under a kilometre, rounded to 10 m ("800 m"); one decimal under 10 km
 * ("2.3 km"); whole kilometres beyond ("42 km").
 */
export function formatDistance(km: number): string {
  if (!Number.isFinite(km) || km < 0) return '';
  if (km < 0.995) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  if (km < 9.95) return `${(Math.round(km * 10) / 10).toFixed(1)} km`;
  return `${Math.round(km).toLocaleString('en-GB')} km`;
}
