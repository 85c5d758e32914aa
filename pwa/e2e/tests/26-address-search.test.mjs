// @ts-check
// Issue 10, address search: a server of its own names a local Nominatim stand-in in GEOCODER_URL; the restaurant
// searches an address in its profile's pickup point, picks the place found, and saves: the address text and the
// place's coordinates are on its profile. The stand-in saw the search (so nothing reached the internet).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe } from 'node:test';
import { ACCOUNTS, PHONE, apiAs, eventually, openHarness, signIn } from '../lib/browser.mjs';
import { ensureBuild, startServer } from '../lib/server.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** One place in Nominatim's jsonv2 shape (lat and lon are strings there). */
const PLACE = { place_id: 1, lat: '52.5162746', lon: '13.3777041', display_name: 'Brandenburger Tor, Pariser Platz, Mitte, Berlin, 10117, Deutschland' };

/** A Nominatim stand-in on a free port: /search answers PLACE and records the text searched for. */
async function startGeocoderStub() {
  /** @type {string[]} */
  const queries = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub.invalid');
    if (url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    queries.push(url.searchParams.get('q') ?? '');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify([PLACE]));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${port}`, queries, stop: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

const h = await openHarness();

/** @type {Awaited<ReturnType<typeof startGeocoderStub>>} */
let geocoder;
/** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
let server;

describe('address search: the restaurant finds its pickup point by address through GEOCODER_URL', () => {
  before(async () => {
    geocoder = await startGeocoderStub();
    server = await startServer({ dist: process.env.E2E_SERVER_DIST ?? ensureBuild(), env: { GEOCODER_URL: geocoder.url }, log: (m) => console.log(`# ${m}`) });
  });
  after(async () => {
    await h.close();
    await server?.stop();
    await geocoder?.stop();
  });
  const step = stepsOf(h, 'address-search');

  step('1. search, pick the place, save: the address and its coordinates are on the profile', async () => {
    const base = server?.url ?? '';
    const page = await h.context('restaurant', PHONE, { baseURL: base });
    await signIn(page, ACCOUNTS.restaurant);
    await page.goto('/dashBoard/restaurantProfile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Search address').fill('Pariser Platz');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await dialog.getByRole('button', { name: PLACE.display_name }).click();
    await eventually(async () => (await dialog.getByLabel('Latitude').inputValue()) === PLACE.lat, { what: 'the latitude of the place' });
    assert.equal(await dialog.getByLabel('Longitude').inputValue(), PLACE.lon);
    assert.equal(await dialog.getByLabel('Address', { exact: true }).inputValue(), PLACE.display_name);
    assert.deepEqual(geocoder.queries, ['Pariser Platz'], 'the search went to the stand-in, once');

    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/organisations/mine' && r.request().method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Save' }).click();
    assert.equal((await saved).status(), 200);
    const me = await (await apiAs(ACCOUNTS.restaurant, undefined, { base })).get('/users/me');
    assert.deepEqual(
      { address: me.address, latitude: me.latitude, longitude: me.longitude },
      { address: PLACE.display_name, latitude: Number(PLACE.lat), longitude: Number(PLACE.lon) },
    );
  });
});
