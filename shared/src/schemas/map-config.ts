// What GET /map/config tells the app about the map of All Donations: where its background tiles come from.

/** OpenStreetMap's standard tiles: the default when MAP_TILES_URL is not set. */
export const DEFAULT_MAP_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** OpenStreetMap's licence asks for this credit on every map drawn from its data (the usual tile servers' too). */
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface MapConfig {
  /** A tile URL template with {z}, {x} and {y} (and optionally {s} for a subdomain, {r} for retina). */
  tilesUrl: string;
  /** HTML of the credit line shown in the map's corner. */
  attribution: string;
  /** Whether GET /geocode can search addresses (GEOCODER_URL is set), so the app offers 'Search address'. */
  geocoder: boolean;
}

/**
 * The origin a tile URL template loads from, as a Content-Security-Policy source: `https://{s}.tile.example.org/...`
 * becomes `https://*.tile.example.org`. Undefined for anything that is not an http(s) address.
 */
export function tilesOrigin(template: string): string | undefined {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!m) return undefined;
  const host = m[2]!.replace(/^\{s\}\./, '*.');
  return /^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host) ? `${m[1]!.toLowerCase()}://${host.toLowerCase()}` : undefined;
}
