import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useSession } from '@/lib/auth/session-store';
import { json, stubServer } from '@/testing/server';
import { AlertsPrompt } from './alerts-prompt';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
vi.mock('@tanstack/react-router', () => ({ Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a> }));

const NONE = { homeAddress: null, homeLatitude: null, homeLongitude: null, notifyRadiusKm: null, notifyFoodTypes: ['Bakery'] };
const CAROL = { id: 'u-carol', email: 'carol@charity.test', name: 'Carol' };

function locateAt(latitude: number, longitude: number) {
  const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude, longitude } } as GeolocationPosition));
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

describe('AlertsPrompt', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSession.setState({ user: CAROL, role: 'charity', ready: true, loading: false });
  });

  it('one tap makes the device’s position the home base and turns alerts on within 10 km, keeping the food types', async () => {
    const server = stubServer({
      'GET /me/charity-preferences': () => json(200, NONE),
      'PUT /me/charity-preferences': (r) => json(200, { ...NONE, ...(r.body as object) }),
    });
    const getCurrentPosition = locateAt(52.5163, 13.3777);
    render(<AlertsPrompt />);
    await screen.findByRole('heading', { name: 'Hear of food near you' });
    expect(getCurrentPosition).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use my location and turn alerts on' })));
    expect(server.requests.at(-1)).toMatchObject({
      method: 'PUT',
      body: { homeLatitude: 52.5163, homeLongitude: 13.3777, notifyRadiusKm: 10, notifyFoodTypes: ['Bakery'] },
    });
    expect(toast.success).toHaveBeenCalledWith('Alerts on', expect.objectContaining({ description: 'You are told of new Bakery donations within 10 km of your home base.' }));
    // Its job done, the prompt leaves.
    expect(screen.queryByRole('heading', { name: 'Hear of food near you' })).toBeNull();
  });

  it('asks nothing of other roles, and says nothing to a charity that has a home base', async () => {
    useSession.setState({ role: 'restaurant' });
    const server = stubServer({ 'GET /me/charity-preferences': () => json(200, { ...NONE, homeLatitude: 1, homeLongitude: 2 }) });
    const { unmount } = render(<AlertsPrompt />);
    expect(server.requests).toEqual([]);
    unmount();

    useSession.setState({ role: 'charity' });
    render(<AlertsPrompt />);
    await vi.waitFor(() => expect(server.sent()).toEqual(['GET /me/charity-preferences']));
    expect(screen.queryByRole('heading', { name: 'Hear of food near you' })).toBeNull();
  });

  it('"Not now" hides it on this device for this account', async () => {
    stubServer({ 'GET /me/charity-preferences': () => json(200, NONE) });
    const { unmount } = render(<AlertsPrompt />);
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('heading', { name: 'Hear of food near you' })).toBeNull();
    unmount();
    render(<AlertsPrompt />);
    await act(async () => {});
    expect(screen.queryByRole('heading', { name: 'Hear of food near you' })).toBeNull();
  });

  it('says so when the position is refused, and saves nothing', async () => {
    const server = stubServer({ 'GET /me/charity-preferences': () => json(200, NONE) });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError) },
    });
    render(<AlertsPrompt />);
    const button = await screen.findByRole('button', { name: 'Use my location and turn alerts on' });
    await act(async () => fireEvent.click(button));
    expect(screen.getByText('Your location was not shared. Allow location for this site and try again.')).toBeTruthy();
    expect(server.sent()).toEqual(['GET /me/charity-preferences']);
  });
});
