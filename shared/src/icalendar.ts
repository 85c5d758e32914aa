// iCalendar text (RFC 5545) for pickups (issue 47.5): the feeds a charity, its drivers and a restaurant subscribe to,
// and the one-event file 'Add to calendar' saves on the device. Free of zod and of any calendar library, so the app's
// chunks can import it; a zone's rules come from the runtime's own time-zone data (Intl), read through
// `zoneOffsetMinutes`, and are written out as the offsets' changes over the years the events span.
import { isTimeZone, zoneOffsetMinutes } from './pickup-window.ts';

export interface IcsEvent {
  /** Stable for the same thing across fetches, so that a calendar updates its event rather than adding another. */
  uid: string;
  start: Date;
  end: Date;
  /**
   * An IANA zone: the event is written in that zone's wall-clock times with its rules (a VTIMEZONE), so a calendar
   * shows it at the same local time whichever side of a daylight-saving change it falls. In UTC without one.
   */
  timeZone?: string | undefined;
  summary: string;
  description?: string | undefined;
  location?: string | undefined;
  url?: string | undefined;
  /** When the event last changed (DTSTAMP and LAST-MODIFIED); the time of writing without it. */
  updated?: Date | undefined;
}

export interface IcsCalendarInput {
  /** The calendar's name in a subscriber's list (NAME, X-WR-CALNAME). */
  name: string;
  events: readonly IcsEvent[];
  /** How often a subscribed calendar should fetch it again (REFRESH-INTERVAL, X-PUBLISHED-TTL); unsaid without it. */
  refreshMinutes?: number | undefined;
  /** The time of writing: the DTSTAMP of events without `updated`. */
  now?: Date | undefined;
}

/** A change of a zone's offset from UTC: the instant, and the offsets (minutes east of UTC) before and after it. */
export interface ZoneTransition {
  at: Date;
  from: number;
  to: number;
}

const CRLF = '\r\n';
/** RFC 5545 3.1: lines longer than 75 octets (without the line break) are folded. */
const LINE_OCTETS = 75;
const DAY_MS = 86_400_000;

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks written `\n`. Other control
 * characters have no place in the text and are dropped (a tab stays).
 */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[^\P{Cc}\t]/gu, '');
}

const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * A content line folded at 75 octets of UTF-8 (RFC 5545 3.1): each further line starts with one space, which counts.
 * A character is never split across lines (nor a surrogate pair: the line is walked by code point).
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > LINE_OCTETS) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The UTC fields of `at` as an iCalendar DATE-TIME without a zone mark: 20261208T180000. */
function dateTimeFields(at: Date): string {
  return (
    `${pad(at.getUTCFullYear(), 4)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}` +
    `T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`
  );
}

/** An instant in UTC: 20261208T170000Z. */
export const utcDateTime = (at: Date): string => `${dateTimeFields(at)}Z`;

/** The wall-clock time `timeZone` shows at `at`, as an iCalendar local DATE-TIME: 20261208T180000. */
export const localDateTime = (at: Date, timeZone: string): string =>
  dateTimeFields(new Date(at.getTime() + zoneOffsetMinutes(timeZone, at) * 60_000));

/** A UTC offset as a UTC-OFFSET value: +0100, -0500. */
function utcOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/**
 * Every change of `timeZone`'s offset between `from` and `to`, in order. The offset is read once a day and, where it
 * differs from the day before, the change is found to the second by halving: no zone changes twice within a day.
 */
export function zoneTransitions(timeZone: string, from: Date, to: Date): ZoneTransition[] {
  const offsetAt = (seconds: number) => zoneOffsetMinutes(timeZone, new Date(seconds * 1000));
  const found: ZoneTransition[] = [];
  const end = Math.ceil(to.getTime() / 1000);
  let before = Math.floor(from.getTime() / 1000);
  let offset = offsetAt(before);
  while (before < end) {
    const next = Math.min(before + DAY_MS / 1000, end);
    const nextOffset = offsetAt(next);
    if (nextOffset !== offset) {
      // The offset is `offset` at lo and something else at hi: close in on the first second of the new one.
      let lo = before;
      let hi = next;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(mid) === offset) lo = mid;
        else hi = mid;
      }
      const after = offsetAt(hi);
      found.push({ at: new Date(hi * 1000), from: offset, to: after });
      offset = after;
      // Anything between hi and next (a second change the same day) is read on the next round from hi.
      before = hi;
      continue;
    }
    before = next;
    offset = nextOffset;
  }
  return found;
}

/**
 * A VTIMEZONE for `timeZone` good for every instant from `from` to `to`: one observance per change of offset in that
 * time (DTSTART in the local time before the change, as RFC 5545 3.6.5 has it), starting with the last change before
 * `from` (looked for a year back). A change to a greater offset is DAYLIGHT, to a smaller one STANDARD. A zone that did
 * not change in that time gets one STANDARD with its offset.
 */
function vtimezone(timeZone: string, from: Date, to: Date): string[] {
  const found = zoneTransitions(timeZone, new Date(from.getTime() - 366 * DAY_MS), new Date(to.getTime() + DAY_MS));
  // From the change in force at `from` on: those before it are of no use to these events.
  let inForce = 0;
  while (inForce + 1 < found.length && found[inForce + 1]!.at <= from) inForce++;
  const transitions = found.slice(inForce);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const first = transitions[0];
  if (!first || first.at > from) {
    // In force before the first change found (or always): the offset at the start, since the Unix epoch.
    const offset = utcOffset(first ? first.from : zoneOffsetMinutes(timeZone, from));
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, 'END:STANDARD');
  }
  for (const t of transitions) {
    const kind = t.to > t.from ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${dateTimeFields(new Date(t.at.getTime() + t.from * 60_000))}`,
      `TZOFFSETFROM:${utcOffset(t.from)}`,
      `TZOFFSETTO:${utcOffset(t.to)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** A property parameter's value, quoted when it holds what would end it (RFC 5545 3.2). */
const paramValue = (value: string) => (/[:;,]/.test(value) ? `"${value.replace(/"/g, '')}"` : value);

/** A URI value: not escaped as TEXT is, but with no control characters or spaces that would break the line. */
const uriValue = (uri: string) => uri.replace(/[\p{Cc} ]/gu, (c) => encodeURIComponent(c));

/** The zone an event is written in: its own when the runtime knows it, else none (UTC: still the right instant). */
const zoneOf = (event: IcsEvent): string | undefined => (event.timeZone && isTimeZone(event.timeZone) ? event.timeZone : undefined);

function eventLines(event: IcsEvent, now: Date): string[] {
  const zone = zoneOf(event);
  const at = (name: string, when: Date) => (zone ? `${name};TZID=${paramValue(zone)}:${localDateTime(when, zone)}` : `${name}:${utcDateTime(when)}`);
  const lines = ['BEGIN:VEVENT', `UID:${escapeText(event.uid)}`, `DTSTAMP:${utcDateTime(event.updated ?? now)}`];
  if (event.updated) lines.push(`LAST-MODIFIED:${utcDateTime(event.updated)}`);
  lines.push(at('DTSTART', event.start), at('DTEND', event.end), `SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${uriValue(event.url)}`);
  lines.push('END:VEVENT');
  return lines;
}

/**
 * A whole calendar as iCalendar text: CRLF line ends, lines folded at 75 octets, a VTIMEZONE for each zone the events
 * are written in (covering the time they span), then the events.
 */
export function icsCalendar({ name, events, refreshMinutes, now = new Date() }: IcsCalendarInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//FoodBridge//Pickups//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(name)}`,
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  if (refreshMinutes) lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${refreshMinutes}M`, `X-PUBLISHED-TTL:PT${refreshMinutes}M`);
  const spans = new Map<string, { from: Date; to: Date }>();
  for (const event of events) {
    const zone = zoneOf(event);
    if (!zone) continue;
    const span = spans.get(zone);
    if (!span) spans.set(zone, { from: event.start, to: event.end });
    else {
      if (event.start < span.from) span.from = event.start;
      if (event.end > span.to) span.to = event.end;
    }
  }
  for (const [zone, span] of spans) lines.push(...vtimezone(zone, span.from, span.to));
  for (const event of events) lines.push(...eventLines(event, now));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
