// Today's route on My Pickups (issue 49): the stops in window order with the next one on top, the driver's location
// only after a tap (and remembered), and the map's numbered markers staying when there are no tiles.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { useConnectivity } from '@/lib/connectivity-store';
import { usePosition } from '@/lib/use-position';
import { json, stubServer } from '@/testing/server';
import { ROUTE_LOCATION_KEY } from '../use-route-location';
import { mapsUrl, type PickupPlan } from './pickup-card';
import { TodaysRoute } from './todays-route';

const HOUR = 3_600_000;
// Noon on the machine's clock: every window below is today in its zone, as the device would say.
const NOON = new Date(2026, 2, 10, 12, 0).getTime();
const HERE = { latitude: 52.5219, longitude: 13.4132 };
const NEAR = { latitude: 52.523, longitude: 13.415 };
const FAR = { latitude: 52.45, longitude: 13.3 };

function pickup(title: string, from: number, to: number, overrides: Partial<PickupItem> = {}): PickupItem {
  return {
    ...createDonation({
      _id: title.toLowerCase().replace(/\W+/g, '-'),
      title,
      status: 'Accepted',
      restaurantName: `${title} Kitchen`,
      location: `${title} Street 1`,
      pickupStart: new Date(NOON + from * HOUR).toISOString(),
      pickupEnd: new Date(NOON + to * HOUR).toISOString(),
      ...overrides,
    }),
    donationTitle: title,
  };
}
const hhmm = (hoursFromNoon: number) => `${String(12 + hoursFromNoon).padStart(2, '0')}:00`;

// Accepted first, its window later; accepted second, its window sooner.
const late = pickup('Lasagne', 6, 8, FAR);
const soon = pickup('Soup', 1, 3, NEAR);
const plans = new Map<string, PickupPlan>([[soon._id, { restaurantPhone: '+49 30 555 0101' }]]);

const route = () => screen.getByRole('region', { name: "Today's route" });
const stops = () => within(screen.getByRole('list', { name: 'Stops in order' })).getAllByRole('listitem');
const nextStop = () => screen.getByRole('group', { name: 'Next stop' });

function geolocation(state: PermissionState) {
  const getCurrentPosition = vi.fn((done: PositionCallback) =>
    done({ coords: { latitude: HERE.latitude, longitude: HERE.longitude } } as GeolocationPosition),
  );
  stubNavigator({ geolocation: { getCurrentPosition }, permissions: { query: vi.fn(async () => ({ state })) } });
  return getCurrentPosition;
}

/** happy-dom's navigator has getters only: own properties stand in front of them until afterEach removes them. */
function stubNavigator(fields: Record<string, unknown>) {
  for (const [name, value] of Object.entries(fields)) Object.defineProperty(navigator, name, { value, configurable: true });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON);
  usePosition.setState({ status: 'idle', point: undefined });
  useConnectivity.setState({ online: false, reachable: false });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const name of ['geolocation', 'permissions']) delete (navigator as unknown as Record<string, unknown>)[name];
});

describe("today's route", () => {
  it('lists today’s stops by window, whatever the order of acceptance, the next one on top with Directions and Call', async () => {
    render(<TodaysRoute items={[late, soon]} plans={plans} waiting={new Set()} driverId={undefined} />);

    expect(within(route()).getByRole('heading', { level: 2, name: "Today's route" })).toBeTruthy();
    expect(screen.getByText('2 stops to go')).toBeTruthy();
    expect(stops().map((li) => li.querySelector('p')?.textContent)).toEqual(['Soup', 'Lasagne']);
    expect(stops()[0]!.textContent).toContain(`${hhmm(1)}–${hhmm(3)}`);

    const next = nextStop();
    expect(next.textContent).toContain('Soup');
    expect(next.textContent).toContain(`${hhmm(1)}–${hhmm(3)}`);
    const directions = within(next).getByRole('link', { name: /^Directions/ });
    expect(directions.getAttribute('href')).toBe(mapsUrl(soon.location, soon));
    expect(within(next).getByRole('link', { name: 'Call Soup Kitchen' }).getAttribute('href')).toBe('tel:+49305550101');
    await screen.findByRole('region', { name: "Map of today's stops" });
  });

  it('leaves out what is not today, and moves what waits to sync or was collected under Done today', () => {
    const tomorrow = pickup('Bread', 24, 26);
    const queued = pickup('Salad', -1, 1);
    const collected = pickup('Rice', -3, -2, { status: 'Picked', pickupDate: new Date(NOON - 2.5 * HOUR).toISOString() });
    render(<TodaysRoute items={[late, soon, tomorrow, queued, collected]} plans={plans} waiting={new Set([queued._id])} driverId={undefined} />);

    expect(stops().map((li) => li.querySelector('p')?.textContent)).toEqual(['Soup', 'Lasagne']);
    const done = within(screen.getByRole('list', { name: 'Done today' })).getAllByRole('listitem');
    expect(done.map((li) => li.querySelector('p')?.textContent)).toEqual(['Salad', 'Rice']);
    expect(done[0]!.textContent).toContain('Waiting to sync');
    expect(done[1]!.textContent).toContain('Collected');
    expect(screen.queryByText('Bread')).toBeNull();
  });

  it('shows nothing on a day without stops', () => {
    const { container } = render(<TodaysRoute items={[pickup('Bread', 24, 26)]} plans={plans} waiting={new Set()} driverId={undefined} />);
    expect(container.innerHTML).toBe('');
  });

  it('a driver’s route is their own pickups', () => {
    const theirs = pickup('Stew', 0.5, 2, { status: 'Assigned', assigneeId: 'driver-2' });
    const mine: PickupItem = { ...late, status: 'Assigned', assigneeId: 'driver-1' };
    render(<TodaysRoute items={[mine, soon, theirs]} plans={plans} waiting={new Set()} driverId="driver-1" />);
    expect(stops().map((li) => li.querySelector('p')?.textContent)).toEqual(['Lasagne']);
  });

  it('asks for the location only on a tap, then puts the nearest open window first and remembers the choice', async () => {
    const asked = geolocation('prompt');
    const openFar = pickup('Curry', -1, 2, FAR);
    const openNear = pickup('Pasta', -0.5, 2, NEAR);
    const first = render(<TodaysRoute items={[openFar, openNear, late]} plans={plans} waiting={new Set()} driverId={undefined} />);
    await act(async () => {});
    expect(asked).not.toHaveBeenCalled();
    expect(stops().map((li) => li.querySelector('p')?.textContent)).toEqual(['Curry', 'Pasta', 'Lasagne']);

    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(asked).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(stops().map((li) => li.querySelector('p')?.textContent)).toEqual(['Pasta', 'Curry', 'Lasagne']));
    expect(nextStop().textContent).toMatch(/\d+ m away/);
    expect(screen.getByText('Stops open now are in order of distance from where you are.')).toBeTruthy();
    expect(localStorage.getItem(ROUTE_LOCATION_KEY)).toBe('on');
    first.unmount();

    // A later visit (the position forgotten, as after a reload) reads it again without a tap once the browser allows it...
    usePosition.setState({ status: 'idle', point: undefined });
    const allowed = geolocation('granted');
    const second = render(<TodaysRoute items={[openFar, openNear]} plans={plans} waiting={new Set()} driverId={undefined} />);
    await waitFor(() => expect(allowed).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(stops()[0]!.textContent).toContain('Pasta'));

    // ...and 'Stop using my location' forgets it.
    fireEvent.click(screen.getByRole('button', { name: 'Stop using my location' }));
    expect(stops()[0]!.textContent).toContain('Curry');
    expect(localStorage.getItem(ROUTE_LOCATION_KEY)).toBeNull();
    second.unmount();

    // Where the browser would prompt, a remembered choice waits for the tap.
    localStorage.setItem(ROUTE_LOCATION_KEY, 'on');
    usePosition.setState({ status: 'idle', point: undefined });
    const prompting = geolocation('prompt');
    render(<TodaysRoute items={[openFar, openNear]} plans={plans} waiting={new Set()} driverId={undefined} />);
    await act(async () => {});
    expect(prompting).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeTruthy();
  });

  it('says when the location was refused, and keeps the window order', async () => {
    stubNavigator({
      geolocation: { getCurrentPosition: (_: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError) },
    });
    render(<TodaysRoute items={[late, soon]} plans={plans} waiting={new Set()} driverId={undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await screen.findByText(/Your location was not shared, so the stops stay in window order/);
    expect(stops()[0]!.textContent).toContain('Soup');
  });
});

describe("today's route map", () => {
  it('offline, draws the numbered stops on a plain background and says the tiles are unavailable', async () => {
    render(<TodaysRoute items={[late, soon]} plans={plans} waiting={new Set()} driverId={undefined} />);
    const map = await screen.findByRole('region', { name: "Map of today's stops" });
    const markers = await within(map).findAllByRole('button', { name: /^Stop \d/ });
    expect(markers.map((m) => m.getAttribute('aria-label'))).toEqual([
      `Stop 1: Soup, Soup Kitchen, ${hhmm(1)}–${hhmm(3)}`,
      `Stop 2: Lasagne, Lasagne Kitchen, ${hhmm(6)}–${hhmm(8)}`,
    ]);
    expect(markers.map((m) => m.textContent)).toEqual(['1', '2']);
    expect(map.querySelector('.leaflet-tile-pane img')).toBeNull();
    expect(screen.getByText('Map tiles unavailable — stops are listed below')).toBeTruthy();

    // A marker shows its stop in the list; a link skips the map for the keyboard.
    fireEvent.click(markers[1]!);
    expect(document.activeElement).toBe(stops()[1]);
    fireEvent.click(screen.getByRole('link', { name: 'Skip the map' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Stops in order' }));
  });

  it('online, asks the server where the tiles come from and draws them under the markers', async () => {
    useConnectivity.setState({ online: true, reachable: true });
    stubServer({ 'GET /map/config': () => json(200, { tilesUrl: 'https://tiles.example.test/{z}/{x}/{y}.png', attribution: 'Tiles', geocoder: false }) });
    render(<TodaysRoute items={[late, soon]} plans={plans} waiting={new Set()} driverId={undefined} />);
    const map = await screen.findByRole('region', { name: "Map of today's stops" });
    await waitFor(() => expect(map.querySelector('.leaflet-tile-pane img')?.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\.test\//));
    expect(within(map).getAllByRole('button', { name: /^Stop \d/ })).toHaveLength(2);
    expect(screen.queryByText('Map tiles unavailable — stops are listed below')).toBeNull();
  });
});
