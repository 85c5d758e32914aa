import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { json, stubServer } from '@/testing/server';
import { HomeBaseAndAlerts } from './home-base-and-alerts';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const NONE = { homeAddress: null, homeLatitude: null, homeLongitude: null, notifyRadiusKm: null, notifyFoodTypes: [] };

describe('Home base and alerts', () => {
  beforeEach(() => vi.clearAllMocks());

  it('sets the home base from the browser only on the click, and saves it with a distance and food types', async () => {
    const server = stubServer({
      'GET /me/charity-preferences': () => json(200, NONE),
      'PUT /me/charity-preferences': (r) => json(200, { ...NONE, ...(r.body as object) }),
    });
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: 52.516312345, longitude: 13.37771234 } } as GeolocationPosition));
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    render(<HomeBaseAndAlerts />);
    await screen.findByRole('button', { name: 'Save' });
    expect(getCurrentPosition).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Home base address'), { target: { value: ' Harbour Road 1 ' } });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Use my current location' })));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Location set: 52.51631, 13.37771')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tell me of new donations within'), { target: { value: '5' } });
    fireEvent.click(screen.getByLabelText('Bakery'));
    fireEvent.click(screen.getByLabelText('Cooked Meal'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));

    expect(server.requests.at(-1)).toMatchObject({
      method: 'PUT',
      body: { homeAddress: 'Harbour Road 1', homeLatitude: 52.516312, homeLongitude: 13.377712, notifyRadiusKm: 5, notifyFoodTypes: ['Bakery', 'Cooked Meal'] },
    });
    expect(toast.success).toHaveBeenCalledWith('Saved!', expect.objectContaining({ description: 'You are told of new Bakery, Cooked Meal donations within 5 km of your home base.' }));
  });

  it('asks for a home base before a distance, without sending anything', async () => {
    const server = stubServer({ 'GET /me/charity-preferences': () => json(200, NONE) });
    render(<HomeBaseAndAlerts />);
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.change(screen.getByLabelText('Tell me of new donations within'), { target: { value: '10' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));

    expect(screen.getByText('Set your home base to be told of donations within a distance')).toBeTruthy();
    expect(server.sent()).toEqual(['GET /me/charity-preferences']);
  });
});
