import { Hono } from 'hono';
import { OSM_ATTRIBUTION, type MapConfig } from '@foodbridge/shared/schemas/map-config';
import type { AppEnv, Deps } from '../deps.ts';

/**
 * Where the map of All Donations takes its background tiles from (MAP_TILES_URL), told at run time so that one
 * build of the app serves any tile server. Public: visitors see the map too.
 */
export const mapRoutes = (deps: Pick<Deps, 'config'>) =>
  new Hono<AppEnv>().get('/map/config', (c) => {
    // A setting changes only with a restart; a few minutes in a cache cost nothing.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ tilesUrl: deps.config.MAP_TILES_URL, attribution: OSM_ATTRIBUTION, geocoder: Boolean(deps.config.GEOCODER_URL) } satisfies MapConfig);
  });
