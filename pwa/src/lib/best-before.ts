// A donation's best-before time in the words a driver reads at a glance, and the date-time input's value, both in
// the device's time zone. Pure: every function takes the clock as an argument, so a list and its tests agree.

import type { I18n } from '@lingui/core';
import { isExpired } from '@foodbridge/shared/expiry';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// In the reader's language (English is en-GB: "21:30", "Mon 30 Nov", "Wednesday 25 November 2026 at 21:30").
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const DAY_AND_DATE: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
const FULL: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short' };

export interface BestBeforeWords {
  /** "Best before 21:30 today", "Best before tomorrow 09:00", "Best before Mon 25 Nov" or "Expired". */
  text: string;
  /** "in 3 h", "in 25 min": only within the next 24 hours. */
  hint?: string;
  /** The whole date and time, for the hover title and screen readers. */
  full: string;
  expired: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
const dayNumber = (d: Date) => Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY);
/** The hint's hours, for an hour or more left: to the nearest, a half hour down (3 h 30 min left is "in 3 h"). */
const hoursLeft = (left: number) => Math.ceil(left / HOUR - 0.5);

/** Whether this best-before time has passed: the server's own rule (shared/expiry.ts). */
export function isPast(bestBefore: string | undefined | null, now: number = Date.now()): boolean {
  return isExpired({ bestBefore }, now);
}

/**
 * Null when there is no (readable) time: such a donation never expires and shows nothing. In the language of `i18n`
 * (pass the component's `useI18n()`, so the label re-renders when the language changes).
 */
export function bestBeforeWords(i18n: I18n, bestBefore: string | undefined | null, now: number = Date.now()): BestBeforeWords | null {
  if (!bestBefore) return null;
  const time = Date.parse(bestBefore);
  if (!Number.isFinite(time)) return null;
  const at = new Date(time);
  const full = i18n.date(at, FULL);
  if (time <= now) return { text: i18n._('bestBefore.expired'), full: i18n._('bestBefore.expiredFull', { date: full }), expired: true };

  const days = dayNumber(at) - dayNumber(new Date(now));
  const text =
    days === 0
      ? i18n._('bestBefore.today', { time: i18n.date(at, CLOCK) })
      : days === 1
        ? i18n._('bestBefore.tomorrow', { time: i18n.date(at, CLOCK) })
        : i18n._('bestBefore.day', { date: i18n.date(at, DAY_AND_DATE) });
  const left = time - now;
  const words: BestBeforeWords = { text, full: i18n._('bestBefore.full', { date: full }), expired: false };
  if (left < HOUR) words.hint = i18n._('bestBefore.inMinutes', { minutes: Math.max(1, Math.ceil(left / MINUTE)) });
  // To the nearest hour: a best before set 5 hours ahead and read a few seconds later is still "in 5 h".
  else if (left < DAY) words.hint = i18n._('bestBefore.inHours', { hours: hoursLeft(left) });
  return words;
}

/** An ISO time as a `datetime-local` input's value ("2026-11-25T21:30") in the device's time zone; '' for none. */
export function toLocalInput(value: string | number | undefined): string {
  if (value === undefined || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${clock(d)}`;
}

/** A `datetime-local` value, read in the device's time zone, as the ISO time the API takes; undefined when empty. */
export function fromLocalInput(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return value.trim() || undefined;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi).toISOString();
}

/**
 * The earliest best-before still ahead of `now` among these donations, as a time in ms; undefined when none is.
 * A list waits for this moment (one timer), instead of polling every item.
 */
export function nextExpiry(donations: Iterable<{ bestBefore?: string | undefined }>, now: number = Date.now()): number | undefined {
  let next: number | undefined;
  for (const d of donations) {
    if (!d.bestBefore) continue;
    const time = Date.parse(d.bestBefore);
    if (time > now && (next === undefined || time < next)) next = time;
  }
  return next;
}

/**
 * How long until `bestBeforeWords` says something else for this time (the hint's next minute or hour, midnight,
 * the 24-hour mark, or the moment it expires), in ms; undefined once it says Expired for good.
 */
export function wordsChangeIn(bestBefore: string | undefined | null, now: number = Date.now()): number | undefined {
  if (!bestBefore) return undefined;
  const time = Date.parse(bestBefore);
  const left = time - now;
  if (!Number.isFinite(left) || left <= 0) return undefined;
  const today = new Date(now);
  const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1).getTime() - now;
  // Minutes round up, so "in 25 min" holds until exactly 24 are left; hours round to the nearest, so "in 5 h" holds
  // until exactly 4 h 30 min are left (and "in 1 h" until the minutes take over, just under an hour).
  const hint = left < HOUR ? left % MINUTE || MINUTE : left < DAY ? left - Math.max((hoursLeft(left) - 0.5) * HOUR, HOUR - 1) : left - DAY + 1;
  return Math.min(left, midnight, hint);
}
