import { useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import type { LatLng } from '@foodbridge/shared/geo';
import { Skeleton } from '@/components/ui/skeleton';
import { useConnectivity } from '@/lib/connectivity-store';
import { useI18n } from '@/lib/i18n/i18n';
import { loadOnce } from '@/lib/load-once';
import { useMapConfig } from '@/lib/map-config';

type PinMapComponent = ComponentType<ComponentProps<(typeof import('./pin-map'))['default']>>;

const loadPinMap = loadOnce<PinMapComponent>(() => import('./pin-map'));

/**
 * 'Drag the pin to the pickup point': the map under the coordinate boxes, shown only where it helps, online with the
 * server's map settings and tiles that load. Without them it says nothing and the boxes, the address search and
 * 'Use my current location' remain (a pin on a blank map would be a guess).
 */
export function PinMapPanel({ point, onMove }: { point: LatLng | undefined; onMove: (point: LatLng) => void }) {
  const i18n = useI18n();
  const online = useConnectivity((s) => s.online);
  const config = useMapConfig(online);
  const [PinMap, setPinMap] = useState<PinMapComponent | undefined>();
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!online) return;
    let live = true;
    loadPinMap().then(
      (component) => live && setPinMap(() => component),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [online]);

  if (!online || tilesFailed || config.error) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-xs text-muted-foreground">
        {i18n._('pinMap.hint')}
      </p>
      {PinMap && config.data ? (
        <PinMap point={point} config={config.data} onMove={onMove} onTilesFailed={() => setTilesFailed(true)} label={i18n._('pinMap.label')} />
      ) : (
        <Skeleton className="h-56 w-full sm:h-64" />
      )}
    </div>
  );
}
