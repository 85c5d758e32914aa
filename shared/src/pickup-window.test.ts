import { describe, expect, it } from 'vitest';
import { dayInZone, isoAtOffset, isTimeZone, offsetMinutesOf, pickupWindowProblem, plannedPickupProblem, pickupWindowText, zoneOffsetMinutes } from './pickup-window.ts';

const NOW = Date.parse('2026-12-07T12:00:00Z');
const at = (hoursFromNow: number) => new Date(NOW + hoursFromNow * 3_600_000).toISOString();

describe('pickupWindowProblem', () => {
  it('accepts no window, and a window of up to a day that ends before best before', () => {
    expect(pickupWindowProblem({}, { now: NOW })).toBeUndefined();
    expect(pickupWindowProblem({ pickupStart: at(6), pickupEnd: at(8), bestBefore: at(8) }, { now: NOW })).toBeUndefined();
    expect(pickupWindowProblem({ pickupStart: at(-1), pickupEnd: at(23) }, { now: NOW })).toBeUndefined();
  });

  it('names the first problem: half a window, backwards, too long, over, after best before', () => {
    const problem = (w: Parameters<typeof pickupWindowProblem>[0]) => pickupWindowProblem(w, { now: NOW });
    expect(problem({ pickupStart: at(1) })).toBe('validation/pickup-window-pair');
    expect(problem({ pickupStart: at(2), pickupEnd: at(2) })).toBe('validation/pickup-window-order');
    expect(problem({ pickupStart: at(2), pickupEnd: at(26.5) })).toBe('validation/pickup-window-too-long');
    expect(problem({ pickupStart: at(-3), pickupEnd: at(-1) })).toBe('validation/pickup-window-ended');
    // The issue's own case: best before 08:29, offered for 18:00-20:00 the same day.
    expect(problem({ pickupStart: '2026-12-08T18:00:00+01:00', pickupEnd: '2026-12-08T20:00:00+01:00', bestBefore: '2026-12-08T08:29:00+01:00' })).toBe(
      'validation/pickup-window-after-best-before',
    );
  });

  it('lets a window that has passed stay as it is when it is not being set', () => {
    expect(pickupWindowProblem({ pickupStart: at(-3), pickupEnd: at(-1) }, { now: NOW, ended: false })).toBeUndefined();
  });
});

describe('the text made from a window', () => {
  it('reads the local time the window was written in, whatever the machine’s zone', () => {
    expect(offsetMinutesOf('2026-12-08T18:00:00+01:00')).toBe(60);
    expect(offsetMinutesOf('2026-12-08T18:00:00-05:00')).toBe(-300);
    expect(offsetMinutesOf('2026-12-08T18:00:00Z')).toBe(0);
    // As stored (an instant and the offset it was written in), and answered again as it came.
    expect(isoAtOffset(new Date('2026-12-08T18:00:00+01:00'), 60)).toBe('2026-12-08T18:00:00+01:00');
    expect(isoAtOffset(new Date('2026-12-08T18:00:00-05:30'), -330)).toBe('2026-12-08T18:00:00-05:30');
    expect(isoAtOffset(new Date('2026-12-08T18:00:00Z'), 0)).toBe('2026-12-08T18:00:00Z');
    expect(pickupWindowText('2026-12-08T18:00:00+01:00', '2026-12-08T20:00:00+01:00', 'en-GB')).toBe('Tue 8 Dec, 18:00–20:00');
    expect(pickupWindowText('2026-12-08T22:00:00-05:00', '2026-12-09T01:30:00-05:00', 'en-GB')).toBe('Tue 8 Dec 22:00 – Wed 9 Dec 01:30');
    expect(pickupWindowText('2026-12-08T18:00:00+01:00', '2026-12-08T20:00:00+01:00', 'es')).toMatch(/^mar, 8 dic.*18:00–20:00$/);
  });
});

describe('days in a time zone', () => {
  it('knows IANA zones and their offsets on either side of daylight saving', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(zoneOffsetMinutes('Europe/Berlin', new Date('2026-07-01T12:00:00Z'))).toBe(120);
    expect(zoneOffsetMinutes('America/New_York', new Date('2026-12-01T12:00:00Z'))).toBe(-300);
  });

  it('runs today and tomorrow from local midnight to midnight, 23 hours on the spring change', () => {
    const berlin = dayInZone('today', 'Europe/Berlin', new Date('2026-12-07T23:30:00Z'));
    expect(berlin).toEqual({ from: new Date('2026-12-07T23:00:00Z'), to: new Date('2026-12-08T23:00:00Z') });
    const tomorrow = dayInZone('tomorrow', 'America/New_York', new Date('2026-03-07T15:00:00Z'));
    expect(tomorrow).toEqual({ from: new Date('2026-03-08T05:00:00Z'), to: new Date('2026-03-09T04:00:00Z') });
  });
});

describe("a charity's planned pickup time", () => {
  const window = { pickupStart: '2026-12-08T18:00:00+01:00', pickupEnd: '2026-12-08T20:00:00+01:00' };
  it('falls inside the window, ends included, and before best before', () => {
    expect(plannedPickupProblem('2026-12-08T18:00:00+01:00', window)).toBeUndefined();
    expect(plannedPickupProblem('2026-12-08T19:59:00+01:00', { ...window, bestBefore: '2026-12-08T20:00:00+01:00' })).toBeUndefined();
    expect(plannedPickupProblem('2026-12-08T17:59:00+01:00', window)).toBe('donation-requests/pickup-outside-window');
    expect(plannedPickupProblem('2026-12-09T18:30:00+01:00', window)).toBe('donation-requests/pickup-outside-window');
    expect(plannedPickupProblem('2026-12-08T19:30:00+01:00', { ...window, bestBefore: '2026-12-08T19:00:00+01:00' })).toBe('donation-requests/pickup-after-best-before');
  });
  it('is only held to best before without a window, and to nothing without either', () => {
    expect(plannedPickupProblem('2026-12-20T10:00:00Z', { bestBefore: '2026-12-10T10:00:00Z' })).toBe('donation-requests/pickup-after-best-before');
    expect(plannedPickupProblem('2026-12-20T10:00:00Z', {})).toBeUndefined();
  });
});
