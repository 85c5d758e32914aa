// A donation's pickup window (issue 47): when the restaurant hands the food over, as two instants with the offset of
// the place it is in. One definition of its rules for the API's schemas, the server's checks of a change against what
// is stored, and the app's pickers. Free of zod, so the app's chunks can import it without the schemas.

/** A window is an evening's or a shift's, not days: surplus food is collected the day it is offered. */
export const PICKUP_WINDOW_MAX_HOURS = 24;

export type PickupWindowProblem =
  | 'validation/pickup-window-pair'
  | 'validation/pickup-window-order'
  | 'validation/pickup-window-too-long'
  | 'validation/pickup-window-ended'
  | 'validation/pickup-window-after-best-before';

type Instant = string | Date | null | undefined;

const timeOf = (at: Instant): number | undefined => {
  if (at === null || at === undefined) return undefined;
  const t = at instanceof Date ? at.getTime() : Date.parse(at);
  return Number.isFinite(t) ? t : undefined;
};

/**
 * What is wrong with a window, first problem first; undefined when nothing is (no window at all is fine). `ended`
 * is left out where the window is not being set (an edit of the title of a donation whose window has passed).
 */
export function pickupWindowProblem(
  w: { pickupStart?: Instant; pickupEnd?: Instant; bestBefore?: Instant },
  { now = Date.now(), ended = true }: { now?: number; ended?: boolean } = {},
): PickupWindowProblem | undefined {
  const start = timeOf(w.pickupStart);
  const end = timeOf(w.pickupEnd);
  if (start === undefined && end === undefined) return undefined;
  if (start === undefined || end === undefined) return 'validation/pickup-window-pair';
  if (end <= start) return 'validation/pickup-window-order';
  if (end - start > PICKUP_WINDOW_MAX_HOURS * 3_600_000) return 'validation/pickup-window-too-long';
  if (ended && end <= now) return 'validation/pickup-window-ended';
  const bestBefore = timeOf(w.bestBefore);
  if (bestBefore !== undefined && end > bestBefore) return 'validation/pickup-window-after-best-before';
  return undefined;
}

/** Minutes east of UTC that an ISO time was written in ('…+01:00' is 60, '…Z' is 0); 0 when it says none. */
export function offsetMinutesOf(iso: string): number {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso.trim());
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

const windowFormats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** The formatters of a language's window text, kept: making them costs ~1 ms, a week of a city's series makes thousands. */
function windowFormatsOf(locale: string): { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat } {
  let formats = windowFormats.get(locale);
  if (!formats) {
    formats = {
      day: new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }),
    };
    // A handful of languages in practice; the bound keeps a stream of odd locale strings from growing it.
    if (windowFormats.size < 32) windowFormats.set(locale, formats);
  }
  return formats;
}

/**
 * The spec's free-text pickup time made from a window, in the restaurant's language and in the local time the window
 * was written in: 'Mon 7 Dec, 18:00–20:00' (a window past midnight names its last day too). Clients that send only
 * the window still give the spec's clients their text.
 */
export function pickupWindowText(start: string, end: string, locale: string): string {
  const offset = offsetMinutesOf(start) * 60_000;
  // Shifted by the offset and read in UTC: the wall-clock time where the food is, whatever this machine's zone.
  const local = (iso: string) => new Date(Date.parse(iso) + offset);
  const { day, time } = windowFormatsOf(locale);
  const from = local(start);
  const to = local(end);
  const sameDay = from.toISOString().slice(0, 10) === to.toISOString().slice(0, 10);
  return sameDay ? `${day.format(from)}, ${time.format(from)}–${time.format(to)}` : `${day.format(from)} ${time.format(from)} – ${day.format(to)} ${time.format(to)}`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per zone, kept: making one costs ~0.15 ms, reading a time's parts with it a few µs, and a calendar's
 * time-zone rules read hundreds of times (shared/src/icalendar.ts). Bounded, as zones come from callers (`?tz=`).
 */
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    if (zoneFormats.size >= 64) zoneFormats.clear();
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The UTC offset of `timeZone` at `at`, in minutes (Europe/Berlin in July: 120). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - (at.getTime() - at.getMilliseconds())) / 60_000);
}

/**
 * Today or tomorrow in `timeZone`, from its midnight to the next (23 or 25 hours on a daylight-saving change): the
 * lists' `?pickup=today|tomorrow`.
 */
export function dayInZone(which: 'today' | 'tomorrow', timeZone: string, now: Date = new Date()): { from: Date; to: Date } {
  const local = new Date(now.getTime() + zoneOffsetMinutes(timeZone, now) * 60_000);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate() + (which === 'tomorrow' ? 1 : 0);
  const midnight = (dayOfMonth: number) => {
    const wall = Date.UTC(y, m, dayOfMonth);
    // The offset at that midnight itself (read twice: the first guess may sit on the other side of a change).
    const guess = wall - zoneOffsetMinutes(timeZone, new Date(wall)) * 60_000;
    return new Date(wall - zoneOffsetMinutes(timeZone, new Date(guess)) * 60_000);
  };
  return { from: midnight(d), to: midnight(d + 1) };
}

/** Whether `timeZone` is one this runtime knows (an IANA name such as 'Europe/Berlin'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** `at` written as an ISO time at `offsetMinutes` east of UTC ('2026-12-08T18:00:00+01:00'): how a window is answered. */
export function isoAtOffset(at: Date, offsetMinutes: number): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  if (offsetMinutes === 0) return `${local}Z`;
  const abs = Math.abs(offsetMinutes);
  return `${local}${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * What is wrong with a charity's planned pickup time for a donation: outside the restaurant's window (when it has
 * one), or after the food's best-before time. The request form offers only the times this accepts.
 */
export function plannedPickupProblem(
  pickupAt: Instant,
  donation: { pickupStart?: Instant; pickupEnd?: Instant; bestBefore?: Instant },
): 'donation-requests/pickup-outside-window' | 'donation-requests/pickup-after-best-before' | undefined {
  const at = timeOf(pickupAt);
  if (at === undefined) return undefined;
  const start = timeOf(donation.pickupStart);
  const end = timeOf(donation.pickupEnd);
  if (start !== undefined && end !== undefined && (at < start || at > end)) return 'donation-requests/pickup-outside-window';
  const bestBefore = timeOf(donation.bestBefore);
  if (bestBefore !== undefined && at > bestBefore) return 'donation-requests/pickup-after-best-before';
  return undefined;
}
