// What the app's Leaflet maps share (All Donations' and My Pickups' route). Imported only by the maps' own lazy
// chunks, so that Leaflet stays out of every other page's JavaScript.
import { useEffect, type RefObject } from 'react';
import L from 'leaflet';
import type { I18n } from '@lingui/core';
import type { LatLng } from '@foodbridge/shared/geo';
import type { MapConfig } from '@foodbridge/shared/schemas/map-config';

/**
 * The background tiles from where the server says (MAP_TILES_URL); `onFailed` when not one tile on screen could be
 * had (offline, blocked, the tile server down).
 */
export function addTiles(map: L.Map, config: Pick<MapConfig, 'tilesUrl' | 'attribution'>, onFailed: () => void): L.TileLayer {
  const tiles = L.tileLayer(config.tilesUrl, { attribution: config.attribution, maxZoom: 19 });
  let loaded = 0;
  let errors = 0;
  tiles.on('tileload', () => loaded++);
  tiles.on('tileerror', () => errors++);
  // 'load' comes once every tile on screen has answered, failed ones included.
  tiles.on('load', () => {
    if (errors > 0 && loaded === 0) onFailed();
  });
  return tiles.addTo(map);
}

/** The viewer's position as a blue dot that says what it is (shown only when the viewer shared it; never asked for here). */
function addPositionMarker(map: L.Map, position: LatLng, i18n: I18n): L.CircleMarker {
  const here = L.circleMarker([position.lat, position.lng], { radius: 8, color: '#fff', weight: 3, fillColor: '#1d4ed8', fillOpacity: 1 })
    .bindTooltip(i18n._('map.youAreHere'))
    .addTo(map);
  here.getElement()?.setAttribute('aria-label', i18n._('map.yourPosition'));
  here.getElement()?.classList.add('viewer-position');
  return here;
}

/** The viewer's dot on the map while there is a position; drawn again in a new language (its words are set once). */
export function usePositionMarker(map: RefObject<L.Map | null>, position: LatLng | undefined, i18n: I18n): void {
  useEffect(() => {
    const m = map.current;
    if (!m || !position) return;
    const here = addPositionMarker(m, position, i18n);
    return () => void here.remove();
  }, [map, position, i18n, i18n.locale]);
}
