import { useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import type { LatLng } from '@foodbridge/shared/geo';
import { Skeleton } from '@/components/ui/skeleton';
import { useConnectivity } from '@/lib/connectivity-store';
import { useI18n } from '@/lib/i18n/i18n';
import { loadOnce } from '@/lib/load-once';
import { useMapConfig } from '@/lib/map-config';
import type { MapStop } from './todays-route-map';

type MapComponent = ComponentType<ComponentProps<(typeof import('./todays-route-map'))['default']>>;

const loadMap = loadOnce<MapComponent>(() => import('./todays-route-map'));

/**
 * The map of today's stops, with a link past it to the list. Unlike All Donations' map, it stays without tiles
 * (offline, tiles blocked, the server's map settings out of reach): the numbered markers on a plain background, and a
 * line saying the stops are listed below. Leaflet's chunk is precached by the service worker, so it loads offline.
 */
export function RouteMapPanel({
  stops,
  position,
  onSelect,
  onSkip,
  listId,
}: {
  stops: readonly MapStop[];
  position: LatLng | undefined;
  onSelect: (id: string) => void;
  /** 'Skip the map': the keyboard goes to the list. */
  onSkip: () => void;
  listId: string;
}) {
  const i18n = useI18n();
  const online = useConnectivity((s) => s.online);
  // GET /map/config: where the tiles come from (MAP_TILES_URL), asked only online.
  const config = useMapConfig(online);
  const [Map, setMap] = useState<MapComponent | undefined>();
  const [broken, setBroken] = useState(false);
  const tiles = online ? config.data : undefined;
  const [failedTiles, setFailedTiles] = useState<string>();

  useEffect(() => {
    let live = true;
    setFailedTiles(undefined);
    loadMap().then(
      (component) => {
        if (!live) return;
        setBroken(false);
        setMap(() => component);
      },
      () => live && setBroken(true),
    );
    return () => {
      live = false;
    };
    // Coming back online gives a failed download, and the tiles, another chance.
  }, [online]);

  // Without tiles: offline, the server's answer failed, or not one tile could be had from where it said.
  const noTiles = !online || Boolean(config.error && !config.data) || (tiles !== undefined && failedTiles === tiles.tilesUrl);
  let note: string | undefined;
  if (!Map && broken) note = i18n._('charity.route.mapUnavailable');
  else if (noTiles) note = i18n._('charity.route.tilesUnavailable');

  return (
    <div className="flex flex-col gap-2">
      <a
        href={`#${listId}`}
        onClick={(e) => {
          e.preventDefault();
          onSkip();
        }}
        className="sr-only focus:not-sr-only focus:self-start focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-800 focus:outline-2 focus:outline-brand-600"
      >
        {i18n._('charity.route.skipMap')}
      </a>
      {Map ? (
        <Map
          stops={stops}
          tiles={noTiles ? undefined : tiles}
          position={position}
          onTilesFailed={() => tiles && setFailedTiles(tiles.tilesUrl)}
          onSelect={onSelect}
        />
      ) : (
        !broken && <Skeleton className="h-64 w-full sm:h-80" />
      )}
      {note && (
        <p role="status" className="text-sm text-muted-foreground">
          {note}
        </p>
      )}
    </div>
  );
}
