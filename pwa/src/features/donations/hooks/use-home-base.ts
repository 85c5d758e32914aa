import type { LatLng } from '@foodbridge/shared/geo';
import { useSession } from '@/lib/auth/session-store';
import { apiPath } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

/**
 * A charity's home base (set on its profile), the origin of 'Nearest first' when the browser's position is not
 * shared. Read from the server only while `wanted` (the list is ordered by distance), and only for a charity.
 * `settled`: whether the answer is in (or there is none to wait for), so that the page does not give up on
 * 'Nearest first' before it knows.
 */
export function useHomeBase(wanted: boolean): { point: LatLng | undefined; settled: boolean } {
  const isCharity = useSession((s) => s.role) === 'charity';
  const { data, error } = useApi(wanted && isCharity ? apiPath('GET /me/charity-preferences') : null);
  const point = data && data.homeLatitude !== null && data.homeLongitude !== null ? { lat: data.homeLatitude, lng: data.homeLongitude } : undefined;
  return { point, settled: !wanted || !isCharity || data !== undefined || error !== undefined };
}
