import { describe, expect, it } from 'vitest';
import { NO_WINDOW, windowBody, windowInputs } from './pickup-window-fields';

describe('the donation form’s pickup window', () => {
  it('sends the day and times as ISO times with the device’s offset, the same local moments', () => {
    const body = windowBody({ day: '2026-12-08', from: '18:00', to: '20:30' });
    expect(new Date(body.pickupStart!).getTime()).toBe(new Date(2026, 11, 8, 18, 0).getTime());
    expect(new Date(body.pickupEnd!).getTime()).toBe(new Date(2026, 11, 8, 20, 30).getTime());
    expect(body.pickupStart).toMatch(/^2026-12-08T18:00:00(Z|[+-]\d{2}:\d{2})$/);
  });

  it('reads an end at or before the start as the next day’s', () => {
    const body = windowBody({ day: '2026-12-08', from: '22:00', to: '01:00' });
    expect(new Date(body.pickupEnd!).getTime()).toBe(new Date(2026, 11, 9, 1, 0).getTime());
  });

  it('sends nothing for empty boxes, and half a window for the schema to name', () => {
    expect(windowBody(NO_WINDOW)).toEqual({});
    expect(Object.keys(windowBody({ day: '2026-12-08', from: '18:00', to: '' }))).toEqual(['pickupStart']);
  });

  it('puts a saved window back in the boxes', () => {
    const body = windowBody({ day: '2026-12-08', from: '18:00', to: '20:30' });
    expect(windowInputs({ pickupStart: body.pickupStart, pickupEnd: body.pickupEnd })).toEqual({ day: '2026-12-08', from: '18:00', to: '20:30' });
    expect(windowInputs(undefined)).toEqual(NO_WINDOW);
  });
});
