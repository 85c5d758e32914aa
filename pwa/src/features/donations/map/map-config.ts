// GET /map/config: where the map's tiles come from, told by the server at run time (MAP_TILES_URL).
import type { MapConfig } from '@foodbridge/shared/schemas/map-config';
import { apiPath } from '@/lib/api-client';
import { useApi, type ApiState } from '@/lib/use-api';

export function useMapConfig(enabled: boolean): ApiState<MapConfig> {
  return useApi(enabled ? apiPath('GET /map/config') : null);
}
