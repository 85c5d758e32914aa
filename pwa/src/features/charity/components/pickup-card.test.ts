import { describe, expect, it } from 'vitest';
import { mapsUrl, telUrl } from './pickup-card';

describe('the driver card links', () => {
  it('opens the address as a maps search, encoded', () => {
    expect(mapsUrl('12 Rue de la Paix, Paris & Co')).toBe('https://www.google.com/maps/search/?api=1&query=12%20Rue%20de%20la%20Paix%2C%20Paris%20%26%20Co');
  });

  it('opens the pickup point by its coordinates when the restaurant set one', () => {
    expect(mapsUrl('1 Main Street', { latitude: 52.52, longitude: 13.405 })).toBe('https://www.google.com/maps/search/?api=1&query=52.52%2C13.405');
    expect(mapsUrl('1 Main Street', { latitude: 52.52 })).toBe('https://www.google.com/maps/search/?api=1&query=1%20Main%20Street');
  });

  it('dials the digits of a phone number, keeping a leading +', () => {
    expect(telUrl('+44 (20) 7946-0000')).toBe('tel:+442079460000');
    expect(telUrl('020 7946 0000')).toBe('tel:02079460000');
    expect(telUrl('ask at the bar')).toBeUndefined();
  });
});
