// The map of All Donations: Leaflet (raster tiles as plain <img>, so it draws without WebGL) with marker clusters.
// Loaded only when the map is opened: this module, Leaflet and their CSS are one lazy chunk.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { MapPin, Store, X } from 'lucide-react';
import L from 'leaflet';
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { MapConfig } from '@foodbridge/shared/schemas/map-config';
import { pointOf, type LatLng } from '@foodbridge/shared/geo';
import type { I18n } from '@lingui/core';
import { BestBeforeLabel } from '@/components/best-before-label';
import { addTiles, usePositionMarker } from '@/components/map-layers';
import { formatQuantity } from '@/components/donation-card';
import { buttonVariants } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/i18n';
import { foodTypeLabel } from '@/lib/labels';
import { cn } from '@/lib/utils';
import { distanceLabel } from '@/lib/distance-label';
import { distanceOf } from '../sort-donations';

// Our own pin drawn in HTML: Leaflet's default icon is a picture whose path bundlers break, and this one follows
// the brand colours.
const pin = L.divIcon({
  className: 'donation-pin',
  html: '<span class="block size-7 -rotate-45 rounded-[50%_50%_50%_0] border-2 border-white bg-brand-800 shadow-md"></span>',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A cluster says how many donations it holds, also to a screen reader, and what pressing it does. */
function clusterIcon(i18n: I18n, cluster: L.MarkerCluster) {
  const n = cluster.getChildCount();
  const size = n < 10 ? 'small' : n < 100 ? 'medium' : 'large';
  const said = escapeHtml(i18n._('map.cluster', { count: n }));
  return L.divIcon({
    className: `marker-cluster marker-cluster-${size}`,
    html: `<div><span><span aria-hidden="true">${n}</span><span class="sr-only">${said}</span></span></div>`,
    iconSize: [40, 40],
  });
}

interface Props {
  donations: readonly Donation[];
  config: MapConfig;
  /** The viewer's position when they shared it for 'Nearest first'; never asked for here. */
  position: LatLng | undefined;
  /** Tiles did not load at all: the map is no use, and the page says so instead. */
  onTilesFailed: () => void;
}

export default function DonationsMap({ donations, config, position, onTilesFailed }: Props) {
  const i18n = useI18n();
  // The clusters are drawn by Leaflet, outside React: they read the language at each redraw.
  const words = useRef(i18n);
  words.current = i18n;
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const cluster = useRef<L.MarkerClusterGroup | null>(null);
  const [selected, setSelected] = useState<Donation | undefined>();
  const failed = useRef(onTilesFailed);
  failed.current = onTilesFailed;
  const placed = useMemo(() => donations.filter((d) => pointOf(d)), [donations]);

  useEffect(() => {
    const m = L.map(container.current!, { worldCopyJump: true, zoomSnap: 0.5 });
    m.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    addTiles(m, config, () => failed.current());
    const group = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 60, iconCreateFunction: (c) => clusterIcon(words.current, c) });
    m.addLayer(group);
    map.current = m;
    cluster.current = group;
    return () => {
      m.remove();
      map.current = null;
      cluster.current = null;
    };
  }, [config.tilesUrl, config.attribution]);

  // Re-framed only when the set of donations changes (a search, a food type), not when one of them is edited live,
  // so a live update never throws away where the viewer has panned to.
  const frameKey = placed.map((d) => d._id).join(',');
  const framed = useRef<string | null>(null);
  useEffect(() => {
    const m = map.current;
    const group = cluster.current;
    if (!m || !group) return;
    group.clearLayers();
    const markers = placed.map((d) => {
      const at = pointOf(d)!;
      const marker = L.marker([at.lat, at.lng], { icon: pin, title: `${d.title}, ${d.restaurantName}`, keyboard: true });
      marker.on('click', () => setSelected(d));
      // Leaflet makes a marker a focusable button but turns Enter into a click only for popups; ours shows a summary.
      marker.on('keypress', (e: L.LeafletKeyboardEvent) => {
        if (e.originalEvent.key !== 'Enter' && e.originalEvent.key !== ' ') return;
        e.originalEvent.preventDefault(); // Space would scroll the page as well.
        setSelected(d);
      });
      return marker;
    });
    group.addLayers(markers);
    if (framed.current !== frameKey) {
      framed.current = frameKey;
      if (markers.length) m.fitBounds(group.getBounds(), { padding: [40, 40], maxZoom: 15, animate: false });
      else if (position) m.setView([position.lat, position.lng], 13, { animate: false });
      else m.setView([20, 0], 2, { animate: false });
    }
  }, [placed, frameKey, position]);

  usePositionMarker(map, position, i18n);

  // The selected donation may leave the list (taken, expired, filtered out): its summary goes with it.
  const shown = selected && placed.find((d) => d._id === selected._id);
  const missing = donations.length - placed.length;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        {missing > 0 ? i18n._('map.countWithMissing', { count: placed.length, missing }) : i18n._('map.count', { count: placed.length })}
        <span className="sr-only"> {i18n._('map.markersHelp')}</span>
      </p>
      {/* isolate: Leaflet's panes have z-indexes up to 1000, which must not rise above the navigation bar. */}
      <div ref={container} role="region" aria-label={i18n._('map.label')} className="isolate h-[60vh] min-h-72 w-full overflow-hidden rounded-[var(--radius-card)] border border-border bg-stone-100" />
      <div aria-live="polite">{shown && <Summary donation={shown} from={position} onClose={() => setSelected(undefined)} />}</div>
    </div>
  );
}

function Summary({ donation, from, onClose }: { donation: Donation; from: LatLng | undefined; onClose: () => void }) {
  const i18n = useI18n();
  const km = from ? distanceOf(donation, from) : Infinity;
  return (
    <article aria-label={donation.title} className="relative flex flex-col gap-2 rounded-[var(--radius-card)] border border-border bg-white p-4 shadow-sm sm:max-w-md">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-semibold leading-snug text-stone-900">{donation.title}</h3>
        <button type="button" onClick={onClose} className="-m-2 rounded-full p-2 text-stone-500 hover:text-stone-900">
          <X className="size-5" aria-hidden />
          <span className="sr-only">{i18n._('common.close')}</span>
        </button>
      </div>
      {donation.bestBefore && <BestBeforeLabel bestBefore={donation.bestBefore} className="text-sm" />}
      <p className="flex items-center gap-2 text-sm text-stone-700">
        <Store className="size-4 shrink-0 text-brand-700" aria-hidden />
        <span className="min-w-0 truncate">{donation.restaurantName}</span>
      </p>
      <p className="flex items-center gap-2 text-sm text-stone-700">
        <MapPin className="size-4 shrink-0 text-brand-700" aria-hidden />
        <span className="min-w-0 truncate">{donation.location}</span>
        {Number.isFinite(km) && <span className="ms-auto shrink-0 font-medium text-brand-800">{i18n._('card.distanceAway', { distance: distanceLabel(i18n, km) })}</span>}
      </p>
      <p className="text-sm text-stone-700">
        {foodTypeLabel(i18n, donation.foodType)} · {formatQuantity(donation.quantity, donation.unit, i18n)}
      </p>
      <Link to="/donations/$id" params={{ id: donation._id }} className={cn(buttonVariants({ variant: 'outline' }), 'mt-1')}>
        {i18n._('map.details')}
      </Link>
    </article>
  );
}
