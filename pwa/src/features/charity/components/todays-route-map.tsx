// The map of today's stops on My Pickups: Leaflet, loaded only when there are stops to draw (this module, Leaflet and
// its CSS are one lazy chunk, precached by the service worker like every chunk, so it draws offline too). The markers
// are ours, drawn in HTML: without tiles (offline, blocked) they stay on a plain background.
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { LatLng } from '@foodbridge/shared/geo';
import type { MapConfig } from '@foodbridge/shared/schemas/map-config';
import { addTiles, usePositionMarker } from '@/components/map-layers';
import { useI18n } from '@/lib/i18n/i18n';

export interface MapStop {
  id: string;
  /** Its place in the route; none for a stop already confirmed. */
  number: number | undefined;
  /** What a screen reader says of its marker ('Stop 1: Soup, Green Table Kitchen, 18:00–20:00'). */
  label: string;
  point: LatLng;
}

interface Props {
  stops: readonly MapStop[];
  /** Where the tiles come from; none offline or when the server could not say. */
  tiles: Pick<MapConfig, 'tilesUrl' | 'attribution'> | undefined;
  /** The driver's position, when they chose to share it. */
  position: LatLng | undefined;
  onTilesFailed: () => void;
  /** A marker was pressed: the page shows that stop in the list. */
  onSelect: (id: string) => void;
  id?: string;
}

const markerHtml = (stop: MapStop) =>
  stop.number === undefined
    ? '<span aria-hidden="true" class="flex size-7 items-center justify-center rounded-full border-2 border-white bg-stone-500 text-xs font-bold text-white shadow-md">✓</span>'
    : `<span aria-hidden="true" class="flex size-8 items-center justify-center rounded-full border-2 border-white bg-brand-800 text-sm font-bold text-white shadow-md">${stop.number}</span>`;

export default function TodaysRouteMap({ stops, tiles, position, onTilesFailed, onSelect, id }: Props) {
  const i18n = useI18n();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const failed = useRef(onTilesFailed);
  failed.current = onTilesFailed;
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    const m = L.map(container.current!, { zoomSnap: 0.5 });
    m.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    map.current = m;
    markers.current = L.layerGroup().addTo(m);
    return () => {
      m.remove();
      map.current = null;
      markers.current = null;
    };
  }, []);

  const tilesUrl = tiles?.tilesUrl;
  const attribution = tiles?.attribution;
  useEffect(() => {
    const m = map.current;
    if (!m || !tilesUrl) return;
    const layer = addTiles(m, { tilesUrl, attribution: attribution ?? '' }, () => failed.current());
    return () => void layer.remove();
  }, [tilesUrl, attribution]);

  // Framed again only when the stops or the knowledge of the driver's place change, not when the driver moves a little.
  const frameKey = `${stops.map((s) => s.id).join(',')}|${position ? 'here' : ''}`;
  const framed = useRef<string | null>(null);
  useEffect(() => {
    const m = map.current;
    const group = markers.current;
    if (!m || !group) return;
    group.clearLayers();
    // Confirmed stops first, so the ones still to make are drawn above them.
    for (const stop of [...stops].sort((a, b) => (a.number ?? 0) - (b.number ?? 0))) {
      const icon = L.divIcon({ className: 'route-stop', html: markerHtml(stop), iconSize: [32, 32], iconAnchor: [16, 16] });
      const marker = L.marker([stop.point.lat, stop.point.lng], { icon, title: stop.label, keyboard: true });
      // Its element exists once the map has a view (the first framing below): named then.
      marker.on('add', () => marker.getElement()?.setAttribute('aria-label', stop.label));
      marker.addTo(group);
      marker.on('click', () => select.current(stop.id));
      // Leaflet makes a marker a focusable button but does nothing on Enter or Space.
      marker.on('keypress', (e: L.LeafletKeyboardEvent) => {
        if (e.originalEvent.key !== 'Enter' && e.originalEvent.key !== ' ') return;
        e.originalEvent.preventDefault();
        select.current(stop.id);
      });
    }
    if (framed.current === frameKey) return;
    framed.current = frameKey;
    const points = [...stops.map((s) => s.point), ...(position ? [position] : [])];
    if (points.length === 1) m.setView([points[0]!.lat, points[0]!.lng], 15, { animate: false });
    else if (points.length) m.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng])), { padding: [32, 32], maxZoom: 15, animate: false });
  }, [stops, position, frameKey]);

  usePositionMarker(map, position, i18n);

  return (
    // isolate: Leaflet's panes have z-indexes up to 1000, which must not rise above the navigation bar.
    <div
      ref={container}
      id={id}
      role="region"
      aria-label={i18n._('charity.route.mapLabel')}
      className="isolate h-64 w-full overflow-hidden rounded-[var(--radius-card)] border border-border bg-stone-100 sm:h-80"
    />
  );
}
