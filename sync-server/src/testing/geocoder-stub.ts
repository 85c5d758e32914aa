import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A row as Nominatim's `format=jsonv2` sends it (the fields we read, and a few we do not). */
export interface NominatimRow {
  place_id: number;
  lat: string;
  lon: string;
  display_name: string;
  category?: string;
  type?: string;
  importance?: number;
}

export const STUB_PLACES: NominatimRow[] = [
  {
    place_id: 101,
    lat: '52.5162746',
    lon: '13.3777041',
    display_name: 'Brandenburger Tor, Pariser Platz, Mitte, Berlin, 10117, Deutschland',
    category: 'tourism',
    type: 'attraction',
    importance: 0.8,
  },
  { place_id: 102, lat: '48.8583701', lon: '2.2944813', display_name: 'Tour Eiffel, Avenue Gustave Eiffel, Paris, 75007, France' },
  // Rows a real service may send that must not reach the app: a point off the globe, and no name.
  { place_id: 103, lat: '123.4', lon: '13.4', display_name: 'Nowhere' },
  { place_id: 104, lat: '52.5', lon: '13.4', display_name: '' },
];

export interface GeocoderRequest {
  path: string;
  query: Record<string, string>;
  userAgent: string | undefined;
}

export interface GeocoderStub {
  /** Base URL for GEOCODER_URL. */
  url: string;
  /** Every request received, for asserting what was sent and how often. */
  requests: GeocoderRequest[];
  /** 'ok': the places; 'fail': a 500; 'hang': never answers (the caller's timeout must end it). */
  mode: 'ok' | 'fail' | 'hang';
  close(): Promise<void>;
}

/** A local stand-in for a Nominatim-compatible service: GET /search answers STUB_PLACES in the jsonv2 shape. */
export async function startGeocoderStub(places: NominatimRow[] = STUB_PLACES): Promise<GeocoderStub> {
  const requests: GeocoderRequest[] = [];
  const stub = { requests, mode: 'ok' } as GeocoderStub;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub.invalid');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), userAgent: req.headers['user-agent'] });
    if (stub.mode === 'hang') return;
    if (url.pathname !== '/search' || stub.mode === 'fail') {
      res.writeHead(url.pathname === '/search' ? 500 : 404, { 'Content-Type': 'text/plain' }).end('error');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(places));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      // A hanging request would keep close() waiting for ever.
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}
