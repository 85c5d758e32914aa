// GET /dashboard: the signed-in caller's role's figures (issue 12).
import type { Dashboard } from '@foodbridge/shared/schemas/dashboard';
import { useApi } from '@/lib/use-api';

export const dashboardPath = '/dashboard';

/** The caller's figures; not asked for when `enabled` is false (a plain user's dashboard has none). */
export function useDashboard(enabled: boolean) {
  return useApi<Dashboard>(enabled ? dashboardPath : null);
}
