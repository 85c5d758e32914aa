import { Hono } from 'hono';
import {
  GEOCODER_NOT_ANSWERING,
  GEOCODER_NOT_SET_UP,
  GeocodeQuerySchema,
  GeocodeResultSchema,
  type GeocodeResult,
} from '@foodbridge/shared';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError, badRequest, errorBody } from '../http/errors.ts';

/** Nominatim's usage policy: at most one request a second from an application. */
const PACE_MS = 1000;
/**
 * A search waits its turn for up to this long (a few restaurants typing at once); beyond it the caller is told to
 * come back (429 + Retry-After) rather than held while the queue grows.
 */
const MAX_WAIT_MS = 3000;
/** Addresses do not move: the same search within the hour is answered from memory, sparing the service. */
const CACHE_ENTRIES = 100;
const CACHE_MS = 60 * 60 * 1000;
const RESULTS = 5;

export const GEOCODER_BUSY = 'Too many address searches right now. Try again in a few seconds.';

/** One row of Nominatim's jsonv2 answer, as far as we read it: lat and lon come as strings. */
interface NominatimPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
}

const coordinate = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** The service's rows as our results; a row without a name or with a point off the globe is dropped. */
export function placesOf(rows: unknown): GeocodeResult[] {
  if (!Array.isArray(rows)) throw new Error('The geocoder did not answer a list');
  return rows.flatMap((row: NominatimPlace) => {
    const parsed = GeocodeResultSchema.safeParse({
      label: row?.display_name,
      latitude: coordinate(row?.lat),
      longitude: coordinate(row?.lon),
    });
    return parsed.success ? [parsed.data] : [];
  }).slice(0, RESULTS);
}

/**
 * Address search for the pickup point (issue 10) through a Nominatim-compatible service (GEOCODER_URL): the app
 * never calls the service itself, so the server keeps to its usage policy (pace, User-Agent, cache) for every user.
 * Signed in only: visitors set no pickup point, and an open proxy to the service would be anyone's.
 */
export const geocodeRoutes = (deps: Pick<Deps, 'config' | 'log'>) => {
  const cache = new Map<string, { at: number; results: GeocodeResult[] }>();
  // The earliest moment the next request may leave for the service; per process (each instance keeps its own pace).
  let nextSlot = 0;
  const userAgent = `FoodBridge (food donation platform${deps.config.PUBLIC_URL ? `; ${deps.config.PUBLIC_URL}` : ''})`;

  async function search(base: string, q: string): Promise<GeocodeResult[]> {
    const url = `${base}/search?${new URLSearchParams({ format: 'jsonv2', limit: String(RESULTS), q, 'accept-language': 'en' })}`;
    const res = await fetch(url, {
      headers: { 'User-Agent': userAgent, Accept: 'application/json' },
      signal: AbortSignal.timeout(deps.config.GEOCODER_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`The geocoder answered ${res.status}`);
    return placesOf(await res.json());
  }

  return new Hono<AppEnv>().get('/geocode', async (c) => {
    requireUser(c);
    const parsed = GeocodeQuerySchema.safeParse({ q: c.req.query('q') });
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Type an address to search for');
    const base = deps.config.GEOCODER_URL;
    if (!base) throw new ApiError(404, GEOCODER_NOT_SET_UP);

    const q = parsed.data.q.replace(/\s+/g, ' ');
    const key = q.normalize('NFC').toLowerCase();
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < CACHE_MS) return c.json(hit.results);
    cache.delete(key);

    const wait = Math.max(0, nextSlot - now);
    if (wait > MAX_WAIT_MS) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      return c.json(errorBody(429, GEOCODER_BUSY), 429);
    }
    nextSlot = Math.max(now, nextSlot) + PACE_MS;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

    let results: GeocodeResult[];
    try {
      results = await search(base, q);
    } catch (err) {
      deps.log.warn({ err }, 'Address search failed at the geocoder');
      throw new ApiError(502, GEOCODER_NOT_ANSWERING);
    }
    cache.set(key, { at: Date.now(), results });
    // A Map keeps insertion order: the first key is the oldest entry.
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    return c.json(results);
  });
};
