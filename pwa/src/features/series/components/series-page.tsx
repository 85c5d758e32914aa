import { useSession } from '@/lib/auth/session-store';
import { AdminSeries } from './admin-series';
import { CharitySeries } from './charity-series';
import { RestaurantSeries } from './restaurant-series';

/**
 * Regular donations and standing pickups (issue 47, `/dashBoard/series`, where their notifications lead): the
 * restaurant's series, the admin's verification, the charity's standing pickups. The route lets in only these roles.
 */
export function SeriesPage() {
  const role = useSession((s) => s.role);
  if (role === 'admin') return <AdminSeries />;
  if (role === 'charity') return <CharitySeries />;
  return <RestaurantSeries />;
}
