import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEOCODER_NOT_ANSWERING, GEOCODER_NOT_SET_UP } from '@foodbridge/shared';
import { loadConfig } from '../config.ts';
import { startGeocoderStub, type GeocoderStub } from '../testing/geocoder-stub.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

// Address search for the pickup point (issue 10), through a local Nominatim stand-in: what is asked of the service,
// how its answer is read, and what the caller hears when it is missing, failing or slow.
// The stand-in is ours, so the pace is shorter than the public Nominatim's second: every wait of the test is a third
// of the real one. 350 ms: three turns of queue (1050 ms) round up to a Retry-After of 2 s, not 1.
const PACE_MS = 350;

describe('GEOCODER_MIN_INTERVAL_MS', () => {
  it("is Nominatim's one request a second unless set, and cannot be lowered for the public Nominatim", () => {
    expect(loadConfig({}).GEOCODER_MIN_INTERVAL_MS).toBe(1000);
    expect(loadConfig({ GEOCODER_URL: 'https://nominatim.openstreetmap.org' }).GEOCODER_MIN_INTERVAL_MS).toBe(1000);
    expect(() => loadConfig({ GEOCODER_URL: 'https://nominatim.openstreetmap.org/', GEOCODER_MIN_INTERVAL_MS: '999' })).toThrow(
      /GEOCODER_MIN_INTERVAL_MS must be at least 1000 for nominatim\.openstreetmap\.org/,
    );
    expect(loadConfig({ GEOCODER_URL: 'https://geocoder.example.org', GEOCODER_MIN_INTERVAL_MS: '200' }).GEOCODER_MIN_INTERVAL_MS).toBe(200);
  });
});

describe('GET /geocode', () => {
  let off: TestApp;
  let on: TestApp;
  let stub: GeocoderStub;
  let user: TestUser;
  let offUser: TestUser;
  beforeAll(async () => {
    stub = await startGeocoderStub();
    [off, on] = await Promise.all([
      createTestApp(),
      createTestApp({
        GEOCODER_URL: `${stub.url}/`,
        PUBLIC_URL: 'https://food.example.org',
        GEOCODER_TIMEOUT_MS: '300',
        GEOCODER_MIN_INTERVAL_MS: String(PACE_MS),
      }),
    ]);
    [user, offUser] = await Promise.all([createUser(on, { role: 'restaurant' }), createUser(off, { role: 'restaurant' })]);
  });
  afterAll(async () => {
    await Promise.all([off?.close(), on?.close()]);
    await stub?.close();
  });

  it('is not there without GEOCODER_URL, and /map/config says so', async () => {
    const res = await off.get('/geocode?q=Pariser%20Platz', offUser.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: GEOCODER_NOT_SET_UP, code: 'geocode/not-set-up' });
    expect((await off.get('/map/config')).body.geocoder).toBe(false);
    expect((await on.get('/map/config')).body.geocoder).toBe(true);
  });

  it('is for signed-in callers only', async () => {
    expect((await on.get('/geocode?q=Pariser%20Platz')).status).toBe(401);
    expect(stub.requests).toHaveLength(0);
  });

  it('refuses a missing, short or long search with a message', async () => {
    for (const [path, message] of [
      ['/geocode', 'Type an address to search for'],
      ['/geocode?q=%20ab%20', 'Type at least 3 characters of the address'],
      [`/geocode?q=${'a'.repeat(201)}`, 'An address search must be at most 200 characters long'],
    ] as const) {
      const res = await on.get(path, user.token);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toBe(message);
    }
    expect(stub.requests).toHaveLength(0);
  });

  it("answers the service's places as numbers, drops bad rows, and names itself to the service", async () => {
    const res = await on.get('/geocode?q=%20Pariser%20%20Platz%20', user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { label: 'Brandenburger Tor, Pariser Platz, Mitte, Berlin, 10117, Deutschland', latitude: 52.5162746, longitude: 13.3777041 },
      { label: 'Tour Eiffel, Avenue Gustave Eiffel, Paris, 75007, France', latitude: 48.8583701, longitude: 2.2944813 },
    ]);
    expect(stub.requests).toEqual([
      {
        path: '/search',
        query: { format: 'jsonv2', limit: '5', q: 'Pariser Platz', 'accept-language': 'en' },
        userAgent: 'FoodBridge (food donation platform; https://food.example.org)',
      },
    ]);
  });

  it('answers the same search again from memory, whatever its case and spacing', async () => {
    const before = stub.requests.length;
    const res = await on.get('/geocode?q=pariser%20platz', user.token);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(stub.requests).toHaveLength(before);
  });

  it('keeps at most one request per GEOCODER_MIN_INTERVAL_MS to the service', async () => {
    const started = Date.now();
    const [a, b] = await Promise.all([on.get('/geocode?q=Alexanderplatz', user.token), on.get('/geocode?q=Potsdamer%20Platz', user.token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // The earlier test's request took the current slot: both waited their turn, an interval apart.
    expect(Date.now() - started).toBeGreaterThanOrEqual(PACE_MS);
  });

  it("refuses one account's searches beyond two at once, not other people's", async () => {
    const other = await createUser(on, { role: 'restaurant' });
    const before = stub.requests.length;
    const [mine, theirs] = await Promise.all([
      Promise.all(['Gendarmenmarkt', 'Hackescher Markt', 'Kurfuerstendamm', 'Oranienstrasse'].map((q) => on.get(`/geocode?q=${q}`, user.token))),
      on.get('/geocode?q=Torstrasse', other.token),
    ]);
    expect(mine.map((a) => a.status).sort()).toEqual([200, 200, 429, 429]);
    const refused = mine.find((a) => a.status === 429)!;
    expect(refused.body.message).toMatch(/Too many address searches/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(theirs.status).toBe(200);
    expect(stub.requests.length - before).toBe(3);
  });

  it('tells callers beyond five intervals of queue (about five seconds) to come back later', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => createUser(on, { role: 'restaurant' })));
    const before = stub.requests.length;
    const answers = await Promise.all(
      people.flatMap((p, i) => [`Street ${i} A`, `Street ${i} B`].map((q) => on.get(`/geocode?q=${encodeURIComponent(q)}`, p.token))),
    );
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    // Whole seconds beyond the five intervals of queue (1750 ms here: at least 2; at the real pace at least 6).
    expect(Number(refused[0]!.headers.get('retry-after')) * 1000).toBeGreaterThan(5 * PACE_MS);
    expect(stub.requests.length - before).toBe(answers.length - refused.length);
  });

  it('says the search is not answering when the service fails or hangs, and remembers nothing', async () => {
    try {
      stub.mode = 'fail';
      const failed = await on.get('/geocode?q=Unter%20den%20Linden', user.token);
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual({ message: GEOCODER_NOT_ANSWERING, code: 'geocode/not-answering' });

      stub.mode = 'hang';
      const hung = await on.get('/geocode?q=Friedrichstrasse', user.token);
      expect(hung.status).toBe(502);
      expect(hung.body).toEqual({ message: GEOCODER_NOT_ANSWERING, code: 'geocode/not-answering' });

      stub.mode = 'ok';
      const before = stub.requests.length;
      expect((await on.get('/geocode?q=Unter%20den%20Linden', user.token)).status).toBe(200);
      expect(stub.requests).toHaveLength(before + 1);
    } finally {
      stub.mode = 'ok';
    }
  });
});
