import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILES_URL, tilesOrigin } from '@foodbridge/shared/schemas/map-config';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp, type TestResponse } from '../testing/test-app.ts';

// The map of All Donations: the app learns its tile source from the server, and the page's policy lets exactly that
// host's pictures in.
const imgSrc = (res: TestResponse) =>
  /(?:^|;)\s*img-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.trim().split(/\s+/);

describe('GET /map/config and the tile host in the Content-Security-Policy', () => {
  let osm: TestApp;
  let own: TestApp;
  beforeAll(async () => {
    [osm, own] = await Promise.all([createTestApp(), createTestApp({ MAP_TILES_URL: 'http://127.0.0.1:4567/tiles/{z}/{x}/{y}.png' })]);
  });
  afterAll(async () => {
    await Promise.all([osm?.close(), own?.close()]);
  });

  it("defaults to OpenStreetMap's standard tiles with their credit, for anyone", async () => {
    const res = await osm.get('/map/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tilesUrl: DEFAULT_MAP_TILES_URL, attribution: expect.stringContaining('OpenStreetMap</a> contributors'), geocoder: false });
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(imgSrc(await osm.request('GET', '/api/docs'))).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
  });

  it('serves MAP_TILES_URL and allows its host (with its port) for pictures, on every answer, nothing more', async () => {
    const res = await own.get('/map/config');
    expect(res.body.tilesUrl).toBe('http://127.0.0.1:4567/tiles/{z}/{x}/{y}.png');
    const page = await own.request('GET', '/api/docs');
    expect(imgSrc(page)).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:4567']);
    expect(page.headers.get('content-security-policy')).not.toContain('openstreetmap');
    expect(/connect-src ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1]).not.toContain('4567');
  });

  it('turns a {s} subdomain into a wildcard source, and refuses a setting that is not a tile address', () => {
    expect(tilesOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tilesOrigin('HTTPS://Tiles.Example.org:8443/{z}/{x}/{y}@2x.png')).toBe('https://tiles.example.org:8443');
    expect(tilesOrigin('javascript:alert(1)')).toBeUndefined();
    expect(loadConfig({ MAP_TILES_URL: '' }).MAP_TILES_URL).toBe(DEFAULT_MAP_TILES_URL);
    expect(() => loadConfig({ MAP_TILES_URL: 'https://tiles.example.org/tile.png' })).toThrow(/MAP_TILES_URL must be/);
    expect(() => loadConfig({ MAP_TILES_URL: "https://a.example.org; script-src *'/{z}/{x}/{y}" })).toThrow(/MAP_TILES_URL/);
  });
});
