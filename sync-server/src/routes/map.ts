import { OSM_ATTRIBUTION, type MapConfig as MapConfigAnswer } from '@foodbridge/shared/schemas/map-config';
import { route } from '../http/route.ts';
import { MapConfig, ok } from '../openapi/responses.ts';

/**
 * Where the map of All Donations takes its background tiles from (MAP_TILES_URL), told at run time so that one
 * build of the app serves any tile server. Public: visitors see the map too.
 */
export const mapRoutes = [
  route(
    {
      method: 'get',
      path: '/map/config',
      summary: 'Map tiles and whether address search is on',
      tags: ['Map'],
      security: 'none',
      responses: { 200: ok('The configuration.', MapConfig) },
    },
    (c, { deps }) => {
      // A setting changes only with a restart; a few minutes in a cache cost nothing.
      c.header('Cache-Control', 'public, max-age=300');
      return c.json({ tilesUrl: deps.config.MAP_TILES_URL, attribution: OSM_ATTRIBUTION, geocoder: Boolean(deps.config.GEOCODER_URL) } satisfies MapConfigAnswer);
    },
  ),
];
