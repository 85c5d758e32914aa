// The pickup point's map (issue 50): one pin the restaurant drags, or places with a tap on the map, where its
// pickup point is. Leaflet, in this lazy chunk only (pin-map-panel.tsx loads it), as the other maps are.
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { LatLng } from '@foodbridge/shared/geo';
import type { MapConfig } from '@foodbridge/shared/schemas/map-config';
import { addTiles } from '@/components/map-layers';
import { useI18n } from '@/lib/i18n/i18n';

const pin = L.divIcon({
  className: 'pickup-pin',
  html: '<span class="block size-8 -rotate-45 rounded-[50%_50%_50%_0] border-2 border-white bg-brand-800 shadow-md"></span>',
  iconSize: [32, 32],
  iconAnchor: [16, 32],
});

/** Where the map starts without a point: the whole world, zoomed out, for a first tap. */
const WORLD: LatLng = { lat: 20, lng: 0 };
const PLACED_ZOOM = 16;

/** To six decimals (about 10 cm), as the coordinate boxes take them. */
const rounded = (p: L.LatLng): LatLng => ({ lat: Number(p.lat.toFixed(6)), lng: Number(p.wrap().lng.toFixed(6)) });

export default function PinMap({
  point,
  config,
  onMove,
  onTilesFailed,
  label,
}: {
  point: LatLng | undefined;
  config: Pick<MapConfig, 'tilesUrl' | 'attribution'>;
  onMove: (point: LatLng) => void;
  onTilesFailed: () => void;
  label: string;
}) {
  const i18n = useI18n();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  // The latest callbacks, for Leaflet's handlers made once.
  const moved = useRef(onMove);
  moved.current = onMove;
  const failed = useRef(onTilesFailed);
  failed.current = onTilesFailed;

  useEffect(() => {
    const m = L.map(container.current!, { zoomSnap: 0.5, worldCopyJump: true });
    m.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    addTiles(m, config, () => failed.current());
    m.on('click', (e: L.LeafletMouseEvent) => moved.current(rounded(e.latlng)));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
    };
  }, [config]);

  // The pin follows the point (typed in the boxes, found by the address search, or dragged here).
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!point) {
      marker.current?.remove();
      marker.current = null;
      m.setView([WORLD.lat, WORLD.lng], 1.5);
      return;
    }
    if (!marker.current) {
      marker.current = L.marker([point.lat, point.lng], { icon: pin, draggable: true, keyboard: true, title: i18n._('pinMap.pin') }).addTo(m);
      marker.current.on('dragend', () => moved.current(rounded(marker.current!.getLatLng())));
      m.setView([point.lat, point.lng], Math.max(m.getZoom() || 0, PLACED_ZOOM));
      return;
    }
    const at = marker.current.getLatLng();
    if (at.lat !== point.lat || at.lng !== point.lng) {
      marker.current.setLatLng([point.lat, point.lng]);
      if (!m.getBounds().contains([point.lat, point.lng])) m.panTo([point.lat, point.lng]);
    }
  }, [point, i18n]);

  return <div ref={container} role="region" aria-label={label} className="h-56 w-full overflow-hidden rounded-lg border border-border sm:h-64" />;
}
