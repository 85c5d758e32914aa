// Today's route on My Pickups (issue 49, its fourth point): which of the charity's pickups are today's stops and in
// which order a driver makes them. Pure, from what the device holds (the pickups and the plans of the charity's own
// accepted requests), so the order is the same offline and is tested without a screen.
import { dayInZone } from '@foodbridge/shared/pickup-window';
import { distanceKm, pointOf, type LatLng } from '@foodbridge/shared/geo';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import type { PickupPlan } from './components/pickup-card';
import { isConfirmable } from './pickup-team';

/**
 * Where a stop stands: its window is open now, is still to come or is over (the restaurant has not said nobody came,
 * so it is still to do); or the pickup is confirmed here and waits to reach the server, or is collected.
 */
export type StopState = 'open' | 'upcoming' | 'over' | 'waiting' | 'done';

export interface RouteStop {
  item: PickupItem;
  plan: PickupPlan | undefined;
  /** The restaurant's window, when the donation has one. */
  window: { start: number; end: number } | undefined;
  /** The charity's planned time, when its request has one. */
  plannedAt: number | undefined;
  state: StopState;
  /** Kilometres from the driver, when both the driver's position and the pickup's point are known. */
  km: number | undefined;
}

export interface Route {
  /** The stops still to make, in the order to make them: the first is the next stop. */
  todo: RouteStop[];
  /** Today's stops already confirmed (waiting to sync first, then collected), earliest first. */
  done: RouteStop[];
  /** When the order or a stop's state may change by the clock alone (a window opens or ends, the day ends). */
  changesAt: number;
}

export interface RouteOptions {
  now: number;
  /** The device's IANA zone: 'today' is its midnight to the next. */
  timeZone: string;
  /** Where the driver stands, when they shared it. */
  from?: LatLng | undefined;
  /** Whether a confirmation of this pickup waits in the outbox. */
  waiting?: (donationId: string) => boolean;
}

const timeOf = (iso: string | undefined): number | undefined => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : undefined;
};

function windowOf(item: PickupItem): RouteStop['window'] {
  const start = timeOf(item.pickupStart);
  const end = timeOf(item.pickupEnd);
  return start !== undefined && end !== undefined && end > start ? { start, end } : undefined;
}

/**
 * When the stop is due: its window's start, else the planned time (a window wins: it is the restaurant's); one
 * collected today with neither, when it was collected.
 */
const dueOf = (s: RouteStop) => s.window?.start ?? s.plannedAt ?? timeOf(s.item.pickupDate) ?? Infinity;

const RANK: Record<StopState, number> = { open: 0, upcoming: 0, over: 1, waiting: 2, done: 3 };

/**
 * Today's stops. A pickup is today's when its window overlaps today in `timeZone`, when it has no window but was
 * planned for today, or when it was collected today. The stops to make come first: by when they can be made (a
 * window open now can be made now, so all open ones tie), then, when the driver's position is known, nearest first
 * (among the open ones, and among windows that start together), then by the window's own start and end; a window
 * already over follows them (still to do, but late). Confirmed ones leave the route for `done`.
 */
export function todaysRoute(items: readonly PickupItem[], plans: ReadonlyMap<string, PickupPlan>, options: RouteOptions): Route {
  const { now, timeZone, from, waiting = () => false } = options;
  const day = dayInZone('today', timeZone, new Date(now));
  const dayFrom = day.from.getTime();
  const dayTo = day.to.getTime();
  const inToday = (t: number | undefined) => t !== undefined && t >= dayFrom && t < dayTo;
  let changesAt = dayTo;
  const later = (t: number) => {
    if (t > now && t < changesAt) changesAt = t;
  };

  const stops: RouteStop[] = [];
  for (const item of items) {
    const plan = plans.get(item._id);
    const window = windowOf(item);
    const plannedAt = timeOf(plan?.pickupAt);
    const picked = item.status.toLowerCase() === 'picked';
    if (!picked && !isConfirmable(item.status)) continue;
    const today = window ? window.start < dayTo && window.end > dayFrom : inToday(plannedAt);
    if (!today && !(picked && inToday(timeOf(item.pickupDate)))) continue;

    let state: StopState;
    if (picked) state = 'done';
    else if (waiting(item._id)) state = 'waiting';
    else if (window) state = window.end <= now ? 'over' : window.start <= now ? 'open' : 'upcoming';
    else state = plannedAt !== undefined && plannedAt <= now ? 'open' : 'upcoming';
    if (window) {
      later(window.start);
      later(window.end);
    } else if (plannedAt !== undefined) later(plannedAt);

    const at = from && pointOf(item);
    stops.push({ item, plan, window, plannedAt, state, km: at && from ? distanceKm(from, at) : undefined });
  }

  // Infinity - Infinity is NaN: equal keys compare as 0.
  const diff = (x: number, y: number) => (x === y ? 0 : x - y);
  const order = (a: RouteStop, b: RouteStop) => {
    const rank = RANK[a.state] - RANK[b.state];
    if (rank) return rank;
    if (RANK[a.state] === 0) {
      // What can be made now is made now: the start of a window already open counts as now.
      const when = diff(Math.max(dueOf(a), now), Math.max(dueOf(b), now));
      if (when) return when;
      const near = diff(a.km ?? Infinity, b.km ?? Infinity);
      if (near) return near;
    }
    // Last, the id: the order never shuffles between renders.
    return diff(dueOf(a), dueOf(b)) || diff(a.window?.end ?? Infinity, b.window?.end ?? Infinity) || (a.item._id < b.item._id ? -1 : a.item._id > b.item._id ? 1 : 0);
  };
  stops.sort(order);
  return {
    todo: stops.filter((s) => RANK[s.state] < 2),
    done: stops.filter((s) => RANK[s.state] >= 2),
    changesAt,
  };
}

/** The device's IANA time zone ('Europe/Berlin'); UTC where the runtime does not say. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Which of the pickups are the viewer's to drive: a driver's own (those nobody has yet are under Unclaimed, not on
 * their route until they take one); every one of the charity's for a coordinator.
 */
export function routePickups(items: readonly PickupItem[], driverId: string | undefined): readonly PickupItem[] {
  return driverId ? items.filter((item) => item.assigneeId === driverId) : items;
}
