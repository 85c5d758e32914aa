import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { issueMessage } from '@/lib/form-errors';
import { profileBody } from './edit-profile-dialog';
import { coordinatesOf, PickupPointFields, pointText, type PointText } from './pickup-point-fields';

const base = { name: 'Trattoria', address: 'Harbour Road 1', phone: '' };
const issues = (r: ReturnType<typeof profileBody>) => (r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), issueMessage(i)])));

describe('profileBody: the pickup point of the profile form', () => {
  it('sends both numbers, reading a comma as a decimal point', () => {
    const r = profileBody({ ...base, point: { latitude: ' 52,5163 ', longitude: '13.3777' } });
    expect(r.success && r.data).toMatchObject({ latitude: 52.5163, longitude: 13.3777 });
  });

  it('removes the point when both boxes are empty', () => {
    const r = profileBody({ ...base, point: { latitude: '', longitude: '  ' } });
    expect(r.success && r.data).toMatchObject({ latitude: null, longitude: null });
  });

  it('refuses one box without the other, beside the empty one', () => {
    expect(issues(profileBody({ ...base, point: { latitude: '52.5', longitude: '' } }))).toEqual({ longitude: 'Give both latitude and longitude, or neither' });
    expect(issues(profileBody({ ...base, point: { latitude: '', longitude: '13.4' } }))).toEqual({ latitude: 'Give both latitude and longitude, or neither' });
  });

  it('refuses numbers out of range and text that is no number', () => {
    expect(issues(profileBody({ ...base, point: { latitude: '95', longitude: '13.4' } }))).toEqual({ latitude: 'Latitude must be between -90 and 90' });
    expect(issues(profileBody({ ...base, point: { latitude: '52.5', longitude: '-181' } }))).toEqual({ longitude: 'Longitude must be between -180 and 180' });
    expect(issues(profileBody({ ...base, point: { latitude: 'north', longitude: '13.4' } }))).toEqual({ latitude: 'Latitude must be a number' });
  });

  it('fills the boxes from a saved profile, and leaves them empty without a point', () => {
    expect(pointText({ latitude: 52.5, longitude: -0.1 })).toEqual({ latitude: '52.5', longitude: '-0.1' });
    expect(pointText({ latitude: 52.5 })).toEqual({ latitude: '', longitude: '' });
    expect(coordinatesOf({ latitude: '', longitude: '' })).toEqual({});
  });
});

describe('PickupPointFields: Use my current location', () => {
  afterEach(() => vi.unstubAllGlobals());

  function Harness() {
    const [value, setValue] = useState<PointText>({ latitude: '', longitude: '' });
    return <PickupPointFields idPrefix="t" value={value} onChange={setValue} errors={{}} />;
  }

  function stubGeolocation(answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
    const getCurrentPosition = vi.fn(answer);
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    return getCurrentPosition;
  }

  it('asks the browser only when pressed and fills both boxes, rounded to 6 decimals', () => {
    const ask = stubGeolocation((ok) => ok({ coords: { latitude: 52.516312345, longitude: 13.37771234 } } as GeolocationPosition));
    render(<Harness />);
    expect(ask).not.toHaveBeenCalled();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Use my current location' })));
    expect(ask).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('52.516312');
    expect((screen.getByLabelText('Longitude') as HTMLInputElement).value).toBe('13.377712');
  });

  it('says politely that the location was not shared, and leaves the boxes to be typed', () => {
    stubGeolocation((_ok, fail) => fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError));
    render(<Harness />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Use my current location' })));
    expect(screen.getByRole('status').textContent).toMatch(/location was not shared.*type the numbers in/);
    expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('');
  });
});
