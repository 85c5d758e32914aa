import { z } from 'zod';
import { GeocodeQuerySchema, GeocodeResultSchema, issueError, type GeocodeResult } from '@foodbridge/shared';
import { ApiError, badRequest, errorBody } from '../http/errors.ts';
import { perDeps, route } from '../http/route.ts';
import { err, list } from '../openapi/responses.ts';

/**
 * A search waits its turn for up to this many of the service's intervals (GEOCODER_MIN_INTERVAL_MS: Nominatim's one
 * request a second, so about five seconds; a few restaurants typing at once); beyond it the caller is told to come
 * back (429 + Retry-After) rather than held while the queue grows.
 */
const QUEUE_TURNS = 5;
/**
 * Searches one account may have waiting or at the service at once (the one it typed and the next): the pace is the
 * service's, shared by everyone, so one person searching four times a second is refused their own extra searches
 * (issue 45) instead of filling the queue and getting everyone else refused.
 */
const TURNS_PER_ACCOUNT = 2;
/** Addresses do not move: the same search within the hour is answered from memory, sparing the service. */
const CACHE_ENTRIES = 100;
const CACHE_MS = 60 * 60 * 1000;
const RESULTS = 5;

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

/** The service as this app calls it: its pace, its cache of answers and the User-Agent it is sent. */
const geocoderOf = perDeps((deps) => {
  const cache = new Map<string, { at: number; results: GeocodeResult[] }>();
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

  // nextSlot: the earliest moment the next request may leave for the service; per process (each instance keeps its
  // own pace).
  return { cache, search, nextSlot: 0, waiting: new Map<string, number>() };
});

/**
 * Address search for the pickup point (issue 10) through a Nominatim-compatible service (GEOCODER_URL): the app
 * never calls the service itself, so the server keeps to its usage policy (pace, User-Agent, cache) for every user.
 * Signed in only: visitors set no pickup point, and an open proxy to the service would be anyone's.
 */
export const geocodeRoutes = [
  route(
    {
      method: 'get',
      path: '/geocode',
      summary: 'Search an address (when GEOCODER_URL is set)',
      tags: ['Map'],
      security: 'bearer',
      query: [{ name: 'q', description: 'The address to search.', schema: z.string(), required: true }],
      responses: {
        200: list('Places found.', GeocodeResultSchema),
        400: err('Invalid query.', 'validation/address-query-required', 'validation/address-query-too-long', 'validation/address-query-too-short'),
        404: err('Address search is off.', 'geocode/not-set-up'),
        429: err('The geocoder is busy.', 'geocode/busy'),
        502: err('The geocoder did not answer.', 'geocode/not-answering'),
      },
    },
    async (c, { deps, user }) => {
      const parsed = GeocodeQuerySchema.safeParse({ q: c.req.query('q') });
      if (!parsed.success) {
        const found = parsed.error.issues[0] && issueError(parsed.error.issues[0]);
        throw badRequest(found?.code ?? 'validation/address-query-required', found?.values);
      }
      const base = deps.config.GEOCODER_URL;
      if (!base) throw new ApiError(404, 'geocode/not-set-up');

      const geocoder = geocoderOf(deps);
      const { cache } = geocoder;
      const q = parsed.data.q.replace(/\s+/g, ' ');
      const key = q.normalize('NFC').toLowerCase();
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && now - hit.at < CACHE_MS) return c.json(hit.results);
      cache.delete(key);

      const pace = deps.config.GEOCODER_MIN_INTERVAL_MS;
      const wait = Math.max(0, geocoder.nextSlot - now);
      const mine = geocoder.waiting.get(user.id) ?? 0;
      if (mine >= TURNS_PER_ACCOUNT || wait > QUEUE_TURNS * pace) {
        // One's own earlier search frees a turn within one interval of the queue's end at most.
        c.header('Retry-After', String(Math.max(1, Math.ceil((mine >= TURNS_PER_ACCOUNT ? Math.min(wait, pace) : wait) / 1000))));
        return c.json(errorBody('geocode/busy'), 429);
      }
      geocoder.nextSlot = Math.max(now, geocoder.nextSlot) + pace;
      geocoder.waiting.set(user.id, mine + 1);
      let results: GeocodeResult[];
      try {
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        results = await geocoder.search(base, q);
      } catch (err) {
        deps.log.warn({ err }, 'Address search failed at the geocoder');
        throw new ApiError(502, 'geocode/not-answering');
      } finally {
        const left = (geocoder.waiting.get(user.id) ?? 1) - 1;
        if (left > 0) geocoder.waiting.set(user.id, left);
        else geocoder.waiting.delete(user.id);
      }
      cache.set(key, { at: Date.now(), results });
      // A Map keeps insertion order: the first key is the oldest entry.
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      return c.json(results);
    },
  ),
];
