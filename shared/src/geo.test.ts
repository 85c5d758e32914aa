import { describe, expect, it } from 'vitest';
import { distanceKm, formatDistance, pointOf } from './geo.ts';

const berlin = { lat: 52.52, lng: 13.405 };
const paris = { lat: 48.8566, lng: 2.3522 };

describe('distanceKm', () => {
  it('is zero from a point to itself and the same both ways', () => {
    expect(distanceKm(berlin, berlin)).toBe(0);
    expect(distanceKm(berlin, paris)).toBeCloseTo(distanceKm(paris, berlin), 9);
  });

  it('gives known distances: Berlin-Paris about 878 km, one degree of latitude about 111.2 km', () => {
    expect(distanceKm(berlin, paris)).toBeGreaterThan(875);
    expect(distanceKm(berlin, paris)).toBeLessThan(881);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.19, 1);
  });

  it('shrinks east-west distances towards the poles and stays finite for antipodes', () => {
    const atEquator = distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 });
    const at60 = distanceKm({ lat: 60, lng: 0 }, { lat: 60, lng: 1 });
    expect(at60).toBeCloseTo(atEquator / 2, 0);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo((12742 * Math.PI) / 2, 3);
  });
});

describe('formatDistance', () => {
  it('says metres under a kilometre, one decimal under ten, whole kilometres beyond', () => {
    expect(formatDistance(0.8)).toBe('800 m');
    expect(formatDistance(0.004)).toBe('10 m');
    expect(formatDistance(0.996)).toBe('1.0 km');
    expect(formatDistance(2.34)).toBe('2.3 km');
    expect(formatDistance(9.96)).toBe('10 km');
    expect(formatDistance(1234.4)).toBe('1,234 km');
    expect(formatDistance(Number.NaN)).toBe('');
  });
});

describe('pointOf', () => {
  it('is a point only with both coordinates', () => {
    expect(pointOf({ latitude: 1, longitude: 2 })).toEqual({ lat: 1, lng: 2 });
    expect(pointOf({ latitude: 1 })).toBeUndefined();
    expect(pointOf({ latitude: null, longitude: null })).toBeUndefined();
    expect(pointOf({ latitude: 0, longitude: 0 })).toEqual({ lat: 0, lng: 0 });
  });
});
