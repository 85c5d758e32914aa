import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Clock, LocateFixed, Navigation, Phone } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { pointOf } from '@foodbridge/shared/geo';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { Button, buttonVariants } from '@/components/ui/button';
import { distanceLabel } from '@/lib/distance-label';
import type { PositionStatus } from '@/lib/use-position';
import { useI18n } from '@/lib/i18n/i18n';
import { cn } from '@/lib/utils';
import { deviceTimeZone, routePickups, todaysRoute, type RouteStop, type StopState } from '../todays-route';
import { useRouteLocation } from '../use-route-location';
import { mapsUrl, telUrl, type PickupPlan } from './pickup-card';
import { RouteMapPanel } from './todays-route-map-panel';
import type { MapStop } from './todays-route-map';

const STATE_LABELS: Record<StopState, string | undefined> = {
  open: /*i18n*/ 'charity.route.state.open',
  upcoming: undefined,
  over: /*i18n*/ 'charity.route.state.over',
  waiting: /*i18n*/ 'charity.route.state.waiting',
  done: /*i18n*/ 'charity.route.state.done',
};

/** What the route says when the location cannot be had: the stops keep their window order. */
const LOCATION_PROBLEMS: Partial<Record<PositionStatus, string>> = {
  refused: /*i18n*/ 'charity.route.locationRefused',
  unavailable: /*i18n*/ 'charity.route.locationUnavailable',
};

const LIST_ID = 'todays-stops';
const DONE_ID = 'todays-stops-done';
const stopElementId = (donationId: string) => `route-stop-${donationId}`;

/** '18:00–20:00' in the device's zone (today's in that zone), or the planned time alone. */
function whenText(i18n: I18n, stop: RouteStop): string | undefined {
  const time = (t: number) => i18n.date(new Date(t), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (stop.window) return i18n._('charity.route.window', { from: time(stop.window.start), to: time(stop.window.end) });
  if (stop.plannedAt !== undefined) return i18n._('charity.route.planned', { time: time(stop.plannedAt) });
  return undefined;
}

/** When the route changes by the clock alone (a window opens or ends, midnight), and when the phone wakes up. */
function useNow(changesAt: number | undefined): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const wake = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', wake);
    const timer = changesAt === undefined ? undefined : setTimeout(() => setNow(Date.now()), Math.max(0, changesAt - Date.now()) + 50);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', wake);
    };
  }, [changesAt]);
  return now;
}

/**
 * Today's route at the top of My Pickups (issue 49): the next stop with its window, distance, Directions and Call; a
 * map of the stops; the stops in order, and those done. Made from the device's copy, so it is all there offline.
 * Nothing when there is no stop today.
 */
export function TodaysRoute({
  items,
  plans,
  waiting,
  driverId,
}: {
  items: readonly PickupItem[];
  plans: ReadonlyMap<string, PickupPlan>;
  /** The pickups whose confirmation waits in the outbox. */
  waiting: ReadonlySet<string>;
  /** A driver's own id: their route is their own pickups. */
  driverId: string | undefined;
}) {
  const i18n = useI18n();
  const location = useRouteLocation();
  const [changesAt, setChangesAt] = useState<number>();
  const now = useNow(changesAt);
  const timeZone = useMemo(deviceTimeZone, []);
  const route = todaysRoute(routePickups(items, driverId), plans, { now, timeZone, from: location.point, waiting: (id) => waiting.has(id) });
  useEffect(() => setChangesAt(route.changesAt), [route.changesAt]);

  const markerLabel = (stop: RouteStop, n: number | undefined) => {
    const state = STATE_LABELS[stop.state];
    const words = [stop.item.donationTitle, stop.item.restaurantName, whenText(i18n, stop)].filter(Boolean).join(', ');
    return n === undefined ? i18n._('charity.route.markerDone', { state: state ? i18n._(state) : '', stop: words }) : i18n._('charity.route.marker', { n, stop: words });
  };
  const mapStops: MapStop[] = [];
  route.todo.forEach((stop, i) => {
    const point = pointOf(stop.item);
    if (point) mapStops.push({ id: stop.item._id, number: i + 1, label: markerLabel(stop, i + 1), point });
  });
  for (const stop of route.done) {
    const point = pointOf(stop.item);
    if (point) mapStops.push({ id: stop.item._id, number: undefined, label: markerLabel(stop, undefined), point });
  }
  // The map redraws its markers only when what they show changes, not at every render of the page.
  const mapKey = JSON.stringify(mapStops);
  const stableMapStops = useMemo(() => mapStops, [mapKey]);

  const list = useRef<HTMLHeadingElement>(null);
  const doneList = useRef<HTMLHeadingElement>(null);
  if (!route.todo.length && !route.done.length) return null;
  const next = route.todo[0];
  const showStop = (id: string) => {
    const entry = document.getElementById(stopElementId(id));
    entry?.scrollIntoView({ block: 'nearest' });
    entry?.focus();
  };

  return (
    <section aria-labelledby="todays-route-title" className="mb-8 flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="todays-route-title" className="text-xl font-semibold text-stone-900">
          {i18n._('charity.route.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{i18n._('charity.route.left', { count: route.todo.length })}</p>
      </div>
      <LocationChoice location={location} />
      {next ? <NextStop stop={next} /> : <p className="rounded-lg bg-brand-50 p-4 font-medium text-brand-900">{i18n._('charity.route.allDone')}</p>}
      {stableMapStops.length > 0 && (
        <RouteMapPanel
          stops={stableMapStops}
          position={location.point}
          onSelect={showStop}
          onSkip={() => (list.current ?? doneList.current)?.focus()}
          listId={route.todo.length ? LIST_ID : DONE_ID}
        />
      )}
      {route.todo.length > 0 && (
        <StopList ordered headingRef={list} id={LIST_ID} title={i18n._('charity.route.stops')}>
          {route.todo.map((stop, i) => (
            <StopEntry key={stop.item._id} stop={stop} n={i + 1} />
          ))}
        </StopList>
      )}
      {route.done.length > 0 && (
        <StopList ordered={false} headingRef={doneList} id={DONE_ID} title={i18n._('charity.route.doneToday')}>
          {route.done.map((stop) => (
            <StopEntry key={stop.item._id} stop={stop} n={undefined} />
          ))}
        </StopList>
      )}
    </section>
  );
}

/** A list of stops under its heading, which 'Skip the map' can focus; the stops to make are numbered, the done ones not. */
function StopList({
  ordered,
  headingRef,
  id,
  title,
  children,
}: {
  ordered: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  id: string;
  title: string;
  children: ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <div className="flex flex-col gap-2">
      <h3 ref={headingRef} id={id} tabIndex={-1} className="text-base font-semibold text-stone-900 focus:outline-none">
        {title}
      </h3>
      <List aria-labelledby={id} className="flex flex-col gap-2">
        {children}
      </List>
    </div>
  );
}

function LocationChoice({ location }: { location: ReturnType<typeof useRouteLocation> }) {
  const i18n = useI18n();
  const { chosen, status, point } = location;
  if (chosen && point) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <p role="status">{i18n._('charity.route.byDistance')}</p>
        <Button variant="link" className="min-h-11 sm:min-h-9" onClick={location.stop}>
          {i18n._('charity.route.stopLocation')}
        </Button>
      </div>
    );
  }
  const problem = chosen ? LOCATION_PROBLEMS[status] : undefined;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <Button variant="outline" className="min-h-12 w-full sm:w-auto" disabled={chosen && status === 'asking'} onClick={location.use}>
        <LocateFixed aria-hidden /> {i18n._('charity.route.useLocation')}
      </Button>
      <p role="status" className={cn('text-sm', problem ? 'text-amber-800' : 'text-muted-foreground')}>
        {problem ? i18n._(problem) : chosen && status === 'asking' ? i18n._('charity.route.locating') : ''}
      </p>
    </div>
  );
}

/** The first stop still to make, with big targets for a thumb: Directions and Call. */
function NextStop({ stop }: { stop: RouteStop }) {
  const i18n = useI18n();
  const { item, plan } = stop;
  const tel = plan?.restaurantPhone ? telUrl(plan.restaurantPhone) : undefined;
  return (
    <div aria-labelledby="next-stop-title" role="group" className="flex flex-col gap-2 rounded-[var(--radius-card)] border-2 border-brand-700 bg-white p-4 shadow-sm">
      <h3 id="next-stop-title" className="text-sm font-semibold uppercase tracking-wide text-brand-800">
        {i18n._('charity.route.next')}
      </h3>
      <p className="break-words text-lg font-semibold leading-snug text-stone-900">{item.donationTitle}</p>
      <p className="break-words text-sm text-stone-700">
        {item.restaurantName} · {item.location}
      </p>
      <StopFacts stop={stop} className="text-base" />
      <div className={cn('mt-1 grid gap-3', tel && 'grid-cols-2')}>
        <a className={buttonVariants({ size: 'lg' })} href={mapsUrl(item.location, item)} target="_blank" rel="noopener noreferrer">
          <Navigation aria-hidden /> {i18n._('charity.pickup.directions')}
          <span className="sr-only"> {i18n._('charity.pickup.directionsTo', { location: item.location })}</span>
        </a>
        {tel && (
          <a className={buttonVariants({ variant: 'outline', size: 'lg' })} href={tel}>
            <Phone aria-hidden /> {i18n._('charity.pickup.call')}
            <span className="sr-only"> {item.restaurantName}</span>
          </a>
        )}
      </div>
    </div>
  );
}

/** The window (or planned time), where it stands and how far: '18:00–20:00 · Open now · 1.2 km away'. */
function StopFacts({ stop, className }: { stop: RouteStop; className?: string }) {
  const i18n = useI18n();
  const when = whenText(i18n, stop);
  const state = STATE_LABELS[stop.state];
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-stone-900', className)}>
      {when && (
        <span className="inline-flex items-center gap-1">
          <Clock className="size-4 shrink-0" aria-hidden /> <bdi>{when}</bdi>
        </span>
      )}
      {state && <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', stateColours[stop.state])}>{i18n._(state)}</span>}
      {stop.km !== undefined && <span className="text-brand-800">{i18n._('charity.route.away', { distance: distanceLabel(i18n, stop.km) })}</span>}
    </p>
  );
}

const stateColours: Record<StopState, string> = {
  open: 'bg-brand-100 text-brand-900',
  upcoming: '',
  over: 'bg-amber-100 text-amber-900',
  waiting: 'bg-stone-100 text-stone-800',
  done: 'bg-stone-100 text-stone-800',
};

function StopEntry({ stop, n }: { stop: RouteStop; n: number | undefined }) {
  const i18n = useI18n();
  const { item } = stop;
  return (
    <li id={stopElementId(item._id)} tabIndex={-1} className="flex items-start gap-3 rounded-lg border border-border bg-white p-3 focus:outline-2 focus:outline-brand-600">
      <span
        aria-hidden
        className={cn('flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white', n === undefined ? 'bg-stone-500' : 'bg-brand-800')}
      >
        {n ?? '✓'}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="break-words font-semibold text-stone-900">{item.donationTitle}</p>
        <p className="break-words text-sm text-muted-foreground">
          {item.restaurantName} · {item.location}
        </p>
        <StopFacts stop={stop} />
      </div>
      {n !== undefined && (
        <a
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-brand-800 hover:bg-muted focus-visible:outline-2 focus-visible:outline-brand-600"
          href={mapsUrl(item.location, item)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Navigation className="size-5" aria-hidden />
          <span className="sr-only">
            {i18n._('charity.pickup.directions')} {i18n._('charity.pickup.directionsTo', { location: item.location })}
          </span>
        </a>
      )}
    </li>
  );
}
