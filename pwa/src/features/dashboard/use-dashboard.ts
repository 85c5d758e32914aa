// GET /dashboard: the signed-in caller's role's figures (issue 12).
import { apiPath } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

/** The caller's figures; not asked for when `enabled` is false (a plain user's dashboard has none). */
export function useDashboard(enabled: boolean) {
  return useApi(enabled ? apiPath('GET /dashboard') : null);
}
