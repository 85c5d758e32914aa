import { describe, expect, it } from 'vitest';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { createDonation } from '@foodbridge/shared/testing/factories';
import type { PickupPlan } from './components/pickup-card';
import { routePickups, todaysRoute } from './todays-route';

const HOUR = 3_600_000;
// 12:00 in Berlin (CET, UTC+1) on a Tuesday.
const NOW = Date.parse('2026-03-10T11:00:00Z');
const BERLIN = 'Europe/Berlin';

function pickup(title: string, overrides: Partial<PickupItem> = {}): PickupItem {
  return { ...createDonation({ _id: title, title, status: 'Accepted', ...overrides }), donationTitle: title };
}
/** A window from `from` to `to` hours after NOW. */
const windowAt = (from: number, to: number) => ({
  pickupStart: new Date(NOW + from * HOUR).toISOString(),
  pickupEnd: new Date(NOW + to * HOUR).toISOString(),
});
const titles = (stops: { item: PickupItem }[]) => stops.map((s) => s.item.donationTitle);
const noPlans = new Map<string, PickupPlan>();
// Alexanderplatz; a pickup point a few hundred metres away, and one across town.
const HERE = { lat: 52.5219, lng: 13.4132 };
const NEAR = { latitude: 52.523, longitude: 13.415 };
const FAR = { latitude: 52.45, longitude: 13.3 };

describe("today's route", () => {
  it('orders the stops by window start, whatever order they were accepted in', () => {
    const items = [pickup('late', windowAt(6, 8)), pickup('soon', windowAt(1, 2)), pickup('middle', windowAt(3, 5))];
    const route = todaysRoute(items, noPlans, { now: NOW, timeZone: BERLIN });
    expect(titles(route.todo)).toEqual(['soon', 'middle', 'late']);
    expect(route.todo.map((s) => s.state)).toEqual(['upcoming', 'upcoming', 'upcoming']);
    expect(route.done).toEqual([]);
  });

  it('takes a planned time for a pickup without a window, and leaves out what is not today', () => {
    const plans = new Map<string, PickupPlan>([
      ['planned', { pickupAt: new Date(NOW + 2 * HOUR).toISOString(), restaurantPhone: '+49 30 1234' }],
      ['tomorrow', { pickupAt: new Date(NOW + 20 * HOUR).toISOString() }],
    ]);
    const items = [
      pickup('window', windowAt(3, 4)),
      pickup('planned'),
      pickup('tomorrow'),
      pickup('no time at all'),
      pickup('yesterday', windowAt(-30, -26)),
      pickup('given back', { ...windowAt(1, 2), status: 'Verified' }),
    ];
    const route = todaysRoute(items, plans, { now: NOW, timeZone: BERLIN });
    expect(titles(route.todo)).toEqual(['planned', 'window']);
    expect(route.todo[0]?.plan?.restaurantPhone).toBe('+49 30 1234');
    expect(route.todo[0]?.plannedAt).toBe(NOW + 2 * HOUR);
  });

  it('a window wins over the planned time inside it', () => {
    const plans = new Map<string, PickupPlan>([['a', { pickupAt: new Date(NOW + 4 * HOUR).toISOString() }]]);
    const route = todaysRoute([pickup('a', windowAt(1, 5)), pickup('b', windowAt(2, 3))], plans, { now: NOW, timeZone: BERLIN });
    expect(titles(route.todo)).toEqual(['a', 'b']);
  });

  it('with the driver’s position, the nearest of the windows open now comes first; those to come keep their order', () => {
    const items = [
      pickup('open far', { ...windowAt(-2, 2), ...FAR }),
      pickup('open near', { ...windowAt(-1, 3), ...NEAR }),
      pickup('open, nowhere', windowAt(-3, 3)),
      pickup('later near', { ...windowAt(1, 3), ...NEAR }),
    ];
    const route = todaysRoute(items, noPlans, { now: NOW, timeZone: BERLIN, from: HERE });
    expect(titles(route.todo)).toEqual(['open near', 'open far', 'open, nowhere', 'later near']);
    expect(route.todo[0]?.state).toBe('open');
    expect(route.todo[0]?.km).toBeGreaterThan(0.1);
    expect(route.todo[0]?.km).toBeLessThan(0.5);
    expect(route.todo[2]?.km).toBeUndefined();

    // Without it, the open windows in the order they opened.
    const unplaced = todaysRoute(items, noPlans, { now: NOW, timeZone: BERLIN });
    expect(titles(unplaced.todo)).toEqual(['open, nowhere', 'open far', 'open near', 'later near']);
    expect(unplaced.todo.every((s) => s.km === undefined)).toBe(true);
  });

  it('breaks a tie of equal windows by distance', () => {
    const items = [pickup('far', { ...windowAt(1, 2), ...FAR }), pickup('near', { ...windowAt(1, 2), ...NEAR })];
    expect(titles(todaysRoute(items, noPlans, { now: NOW, timeZone: BERLIN, from: HERE }).todo)).toEqual(['near', 'far']);
    // Without a position, by id: the same order at every render.
    expect(titles(todaysRoute(items, noPlans, { now: NOW, timeZone: BERLIN }).todo)).toEqual(['far', 'near']);
  });

  it('a window already over follows those still to come; confirmed ones leave for done, waiting to sync first', () => {
    const items = [
      pickup('missed', windowAt(-4, -2)),
      pickup('collected', { ...windowAt(-3, -1), status: 'Picked', pickupDate: new Date(NOW - 2 * HOUR).toISOString() }),
      pickup('queued', windowAt(-1, 1)),
      pickup('next', windowAt(2, 3)),
      pickup('collected early today', { status: 'Picked', pickupDate: new Date(NOW - 5 * HOUR).toISOString() }),
      pickup('collected yesterday', { status: 'Picked', pickupDate: new Date(NOW - 26 * HOUR).toISOString() }),
    ];
    const route = todaysRoute(items, noPlans, { now: NOW, timeZone: BERLIN, waiting: (id) => id === 'queued' });
    expect(titles(route.todo)).toEqual(['next', 'missed']);
    expect(route.todo.map((s) => s.state)).toEqual(['upcoming', 'over']);
    expect(titles(route.done)).toEqual(['queued', 'collected early today', 'collected']);
    expect(route.done.map((s) => s.state)).toEqual(['waiting', 'done', 'done']);
  });

  it('today is the device’s day: the same window is tomorrow in New York and today in Berlin', () => {
    // 23:30 on Monday in New York (UTC-4 since its change on 8 March), 04:30 on Tuesday in Berlin.
    const now = Date.parse('2026-03-10T03:30:00Z');
    const morning = pickup('morning', { pickupStart: '2026-03-10T08:00:00+01:00', pickupEnd: '2026-03-10T10:00:00+01:00' });
    const lateNight = pickup('late night', { pickupStart: '2026-03-09T23:00:00-04:00', pickupEnd: '2026-03-10T00:30:00-04:00' });
    expect(titles(todaysRoute([morning, lateNight], noPlans, { now, timeZone: 'America/New_York' }).todo)).toEqual(['late night']);
    expect(titles(todaysRoute([morning, lateNight], noPlans, { now, timeZone: BERLIN }).todo)).toEqual(['late night', 'morning']);
  });

  it('a window across midnight is today’s on both days; the day ends at the zone’s midnight (23 hours on a change)', () => {
    // Berlin moves its clocks forward on 29 March 2026: that day is 23 hours long.
    const now = Date.parse('2026-03-29T20:00:00Z'); // 22:00 summer time
    const overnight = pickup('overnight', { pickupStart: '2026-03-29T23:30:00+02:00', pickupEnd: '2026-03-30T01:00:00+02:00' });
    const afterMidnight = pickup('after midnight', { pickupStart: '2026-03-30T00:10:00+02:00', pickupEnd: '2026-03-30T01:00:00+02:00' });
    const route = todaysRoute([overnight, afterMidnight], noPlans, { now, timeZone: BERLIN });
    expect(titles(route.todo)).toEqual(['overnight']);
    // Nothing changes before the window opens at 23:30.
    expect(route.changesAt).toBe(Date.parse('2026-03-29T21:30:00Z'));
    const nextDay = todaysRoute([overnight, afterMidnight], noPlans, { now: Date.parse('2026-03-29T22:05:00Z'), timeZone: BERLIN });
    expect(titles(nextDay.todo)).toEqual(['overnight', 'after midnight']);
    expect(nextDay.todo[0]?.state).toBe('open');
  });

  it('says when the clock alone changes the route: the next window start or end, else the day’s end', () => {
    const route = todaysRoute([pickup('open', windowAt(-1, 1)), pickup('later', windowAt(3, 4))], noPlans, { now: NOW, timeZone: BERLIN });
    expect(route.changesAt).toBe(NOW + HOUR);
    const empty = todaysRoute([], noPlans, { now: NOW, timeZone: BERLIN });
    expect(empty.changesAt).toBe(Date.parse('2026-03-10T23:00:00Z'));
  });
});

describe('routePickups', () => {
  it('is a driver’s own pickups, and every pickup for a coordinator', () => {
    const mine = pickup('mine', { status: 'Assigned', assigneeId: 'd1' });
    const theirs = pickup('theirs', { status: 'Assigned', assigneeId: 'd2' });
    const nobodys = pickup('nobody’s');
    expect(routePickups([mine, theirs, nobodys], 'd1')).toEqual([mine]);
    expect(routePickups([mine, theirs, nobodys], undefined)).toHaveLength(3);
  });
});
