// GET /map/config: where the maps' tiles come from (MAP_TILES_URL) and whether addresses can be searched, told by the
// server at run time; the one read of it for every map and the address search.
import type { MapConfig } from '@foodbridge/shared/schemas/map-config';
import { apiPath } from '@/lib/api-client';
import { useApi, type ApiState } from '@/lib/use-api';

export function useMapConfig(enabled: boolean): ApiState<MapConfig> {
  return useApi(enabled ? apiPath('GET /map/config') : null);
}
