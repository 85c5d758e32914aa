import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GEOCODER_NOT_ANSWERING } from '@foodbridge/shared/schemas/geocode';
import { json, stubServer } from '@/testing/server';
import { AddressSearch } from './address-search';
import { pointText, type PointText } from './pickup-point-fields';

const mapConfig = (geocoder: boolean) => () => json(200, { tilesUrl: 'https://tile.example.org/{z}/{x}/{y}.png', attribution: 'OSM', geocoder });

/** The form's side of the search: the address box and the point, as the profile dialog keeps them. */
function Harness() {
  const [address, setAddress] = useState('');
  const [point, setPoint] = useState<PointText>({ latitude: '', longitude: '' });
  return (
    <>
      <AddressSearch
        idPrefix="t"
        onPick={(place) => {
          setAddress(place.label);
          setPoint(pointText(place));
        }}
      />
      <output aria-label="Filled">{`${address} | ${point.latitude} | ${point.longitude}`}</output>
    </>
  );
}

describe('AddressSearch', () => {
  it('fills the address and the point from the place chosen', async () => {
    const server = stubServer({
      'GET /map/config': mapConfig(true),
      'GET /geocode?q=Pariser+Platz': () =>
        json(200, [
          { label: 'Brandenburger Tor, Pariser Platz, Berlin', latitude: 52.5162746, longitude: 13.3777041 },
          { label: 'Pariser Platz, Stuttgart', latitude: 48.78, longitude: 9.18 },
        ]),
    });
    render(<Harness />);
    fireEvent.change(await screen.findByLabelText('Search address'), { target: { value: ' Pariser Platz ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Brandenburger Tor, Pariser Platz, Berlin' }));
    expect(screen.getByLabelText('Filled').textContent).toBe('Brandenburger Tor, Pariser Platz, Berlin | 52.5162746 | 13.3777041');
    expect(screen.queryByRole('list', { name: 'Places found' })).toBeNull();
    expect(screen.getByText(/Address and point set to Brandenburger Tor/)).toBeTruthy();
    expect(server.sent()).toEqual(['GET /map/config', 'GET /geocode?q=Pariser+Platz']);
  });

  it("says inline, in the server's words, when the search fails, and fills nothing", async () => {
    stubServer({
      'GET /map/config': mapConfig(true),
      'GET /geocode?q=Unter+den+Linden': () => json(502, { message: GEOCODER_NOT_ANSWERING }),
    });
    render(<Harness />);
    const box = await screen.findByLabelText('Search address');
    fireEvent.change(box, { target: { value: 'Unter den Linden' } });
    // Enter in the box searches (the component keeps it from saving the form around it).
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText(GEOCODER_NOT_ANSWERING);
    expect(screen.getByText(GEOCODER_NOT_ANSWERING).closest('[aria-live]')).toBeTruthy();
    expect(screen.getByLabelText('Filled').textContent).toBe(' |  | ');
  });

  it('is not offered when the server has no geocoder', async () => {
    const server = stubServer({ 'GET /map/config': mapConfig(false) });
    render(<Harness />);
    await waitFor(() => expect(server.sent()).toEqual(['GET /map/config']));
    expect(screen.queryByLabelText('Search address')).toBeNull();
  });
});
