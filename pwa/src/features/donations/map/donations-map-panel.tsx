import { useEffect, useState, type ComponentType, type ComponentProps } from 'react';
import { WifiOff } from 'lucide-react';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { LatLng } from '@foodbridge/shared/geo';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useConnectivity } from '@/lib/connectivity-store';
import { useI18n } from '@/lib/i18n/i18n';
import { loadOnce } from '@/lib/load-once';
import { useMapConfig } from '@/lib/map-config';

type MapComponent = ComponentType<ComponentProps<(typeof import('./donations-map'))['default']>>;

const loadMap = loadOnce<MapComponent>(() => import('./donations-map'));

/**
 * The map view of All Donations. Leaflet and the tile source's address are fetched only now; without a connection
 * (or when the map's code or tiles cannot be had) it says so and points back to the list, which works offline.
 */
export function DonationsMapPanel({ donations, position, onShowList }: { donations: readonly Donation[]; position: LatLng | undefined; onShowList: () => void }) {
  const online = useConnectivity((s) => s.online);
  const config = useMapConfig(online);
  const [Map, setMap] = useState<MapComponent | undefined>();
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    // Coming back online gives the map another chance.
    if (!online) return;
    setBroken(false);
    let live = true;
    loadMap().then(
      (component) => live && setMap(() => component),
      () => live && setBroken(true),
    );
    return () => {
      live = false;
    };
  }, [online]);

  if (!online || broken || (config.error && !config.data)) return <MapUnavailable onShowList={onShowList} />;
  if (!Map || !config.data) return <Skeleton className="h-[60vh] min-h-72 w-full" />;
  return <Map donations={donations} config={config.data} position={position} onTilesFailed={() => setBroken(true)} />;
}

function MapUnavailable({ onShowList }: { onShowList: () => void }) {
  const i18n = useI18n();
  return (
    <div
      role="status"
      className="flex h-[60vh] min-h-72 w-full flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] border border-dashed border-border bg-white px-6 text-center"
    >
      <WifiOff className="size-10 text-stone-400" aria-hidden />
      <p className="font-medium text-stone-900">{i18n._('map.unavailable')}</p>
      <p className="text-sm text-muted-foreground">{i18n._('map.unavailableDetail')}</p>
      <Button variant="outline" onClick={onShowList}>
        {i18n._('map.showList')}
      </Button>
    </div>
  );
}
