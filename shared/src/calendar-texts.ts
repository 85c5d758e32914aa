// The words of a pickup in a calendar (issue 47.5), for the feeds the server writes and the one-event file the app
// saves ('Add to calendar'): messages of the `texts` catalogue (shared/src/locales), rendered with the Lingui instance
// the caller passes in, the feed owner's language on the server and the app's own on the device.
import type { I18n } from '@lingui/core';
import type { DonationStatus } from './constants.ts';
import type { IcsEvent } from './icalendar.ts';
import { DONATION_STATUS_LABELS } from './labels.ts';

/** What a pickup's event says and when it is. */
export interface PickupEventFacts {
  id: string;
  title: string;
  location: string;
  status: DonationStatus;
  restaurantName: string;
  charityName?: string | null | undefined;
  /** The charity's member who has it, while it is Assigned. */
  assigneeName?: string | null | undefined;
  pickupStart: Date;
  pickupEnd: Date;
  /** When the donation last changed. */
  updated?: Date | undefined;
  /** An IANA zone to write the event in (a regular donation's); UTC without one. */
  timeZone?: string | null | undefined;
}

/** One event per donation, whatever changes: a calendar that fetches the feed again updates it in place. */
export const pickupEventUid = (donationId: string) => `${donationId}@foodbridge`;

/** A pickup as a calendar event: 'Pickup: {title}', the parties and status, and the link to the donation in the app. */
export function pickupEvent(i18n: I18n, f: PickupEventFacts, appUrl: string): IcsEvent {
  const url = `${appUrl}/donations/${f.id}`;
  const lines = [i18n._('calendar.pickup.restaurant', { name: f.restaurantName })];
  if (f.charityName) lines.push(i18n._('calendar.pickup.charity', { name: f.charityName }));
  if (f.status === 'Assigned' && f.assigneeName) lines.push(i18n._('calendar.pickup.driver', { name: f.assigneeName }));
  lines.push(i18n._('calendar.pickup.status', { status: i18n._(DONATION_STATUS_LABELS[f.status]) }), i18n._('calendar.pickup.details', { url }));
  return {
    uid: pickupEventUid(f.id),
    start: f.pickupStart,
    end: f.pickupEnd,
    timeZone: f.timeZone ?? undefined,
    summary: i18n._('calendar.pickup.summary', { title: f.title }),
    description: lines.join('\n'),
    location: f.location,
    url,
    updated: f.updated,
  };
}

/** A feed's name in the subscriber's list of calendars. */
export const pickupCalendarName = (i18n: I18n, organisation: string) => i18n._('calendar.name', { organisation });
