// 'Add to calendar' on a pickup (issue 47.5): a one-event iCalendar file made on the device from the donation it has
// (so it works with no signal), with the same words and UID as the feed the server writes (shared/src/calendar-texts):
// a calendar that has both shows the pickup once.
import type { I18n } from '@lingui/core';
import { pickupEvent } from '@foodbridge/shared/calendar-texts';
import { icsCalendar } from '@foodbridge/shared/icalendar';
import type { Donation } from '@foodbridge/shared/schemas/donation';

/** What of a donation its calendar event needs. */
export type CalendarDonation = Pick<
  Donation,
  '_id' | 'title' | 'location' | 'status' | 'restaurantName' | 'charityName' | 'assigneeName' | 'pickupStart' | 'pickupEnd' | 'updatedAt'
>;

/** A pickup agreed and still to be made, with a window: what a calendar can hold. */
export function hasCalendarPickup(d: Pick<Donation, 'status' | 'pickupStart' | 'pickupEnd'>): d is typeof d & { pickupStart: string; pickupEnd: string } {
  return (d.status === 'Accepted' || d.status === 'Assigned') && Boolean(d.pickupStart && d.pickupEnd);
}

/**
 * The pickup's .ics text: one event in UTC (a single donation keeps only its offset, which says no zone's rules; the
 * calendar shows it at the same instant in the reader's own zone). Undefined without a window.
 */
export function pickupIcs(i18n: I18n, d: CalendarDonation, appUrl: string, now: Date = new Date()): string | undefined {
  if (!d.pickupStart || !d.pickupEnd) return undefined;
  const event = pickupEvent(
    i18n,
    {
      id: d._id,
      title: d.title,
      location: d.location,
      status: d.status,
      restaurantName: d.restaurantName,
      charityName: d.charityName,
      assigneeName: d.assigneeName,
      pickupStart: new Date(d.pickupStart),
      pickupEnd: new Date(d.pickupEnd),
      updated: d.updatedAt ? new Date(d.updatedAt) : undefined,
    },
    appUrl,
  );
  return icsCalendar({ name: event.summary, events: [event], now });
}

/** 'pickup-fresh-bread.ics': the title's letters and digits (any script), for the file's name. */
export function pickupFileName(title: string): string {
  const words = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `pickup${words ? `-${words}` : ''}.ics`;
}

/**
 * Hands the text to the browser as a download of a calendar file: the phone or computer then offers to add it to its
 * calendar. Nothing goes over the network.
 */
export function saveCalendarFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
