// The Add/Edit Donation form's pickup window (issue 47): a day and two clock times in the device's time zone, sent as
// ISO times with the device's offset so that the restaurant's local times travel with them. Pure, tested alone.
import { isoAtOffset } from '@foodbridge/shared/pickup-window';
import { fromLocalInput, toLocalInput } from '@/lib/best-before';

export interface WindowInputs {
  /** '2026-12-08' */
  day: string;
  /** '18:00' */
  from: string;
  to: string;
}

export const NO_WINDOW: WindowInputs = { day: '', from: '', to: '' };

const atLocal = (day: string, time: string): Date | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}/.test(time)) return undefined;
  const at = fromLocalInput(`${day}T${time.slice(0, 5)}`);
  return at ? new Date(at) : undefined;
};
const written = (d: Date) => isoAtOffset(d, -d.getTimezoneOffset());

/**
 * The body's `pickupStart` and `pickupEnd` from the boxes: none when all three are empty; an end at or before the
 * start is the next day's (18:00 to 01:00). A box left empty leaves its end out, for the schema to say the window needs
 * both.
 */
export function windowBody(w: WindowInputs): { pickupStart?: string; pickupEnd?: string } {
  if (!w.day && !w.from && !w.to) return {};
  const start = atLocal(w.day, w.from);
  let end = atLocal(w.day, w.to);
  if (start && end && end <= start) end = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1, end.getHours(), end.getMinutes());
  return { ...(start ? { pickupStart: written(start) } : {}), ...(end ? { pickupEnd: written(end) } : {}) };
}

/** A donation's window back in the boxes, in the device's time zone; empty without one. */
export function windowInputs(d: { pickupStart?: string | undefined; pickupEnd?: string | undefined } | undefined): WindowInputs {
  if (!d?.pickupStart || !d.pickupEnd) return NO_WINDOW;
  const start = toLocalInput(d.pickupStart);
  const end = toLocalInput(d.pickupEnd);
  if (!start || !end) return NO_WINDOW;
  return { day: start.slice(0, 10), from: start.slice(11, 16), to: end.slice(11, 16) };
}
