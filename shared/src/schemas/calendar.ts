// Calendar feeds (issue 47.5): `POST /calendar/token` answers the caller's new secret feed address, which
// `GET /calendar/{token}.ics` serves. What a feed holds is said here once, for the server and the app's explanation.
import { z } from 'zod';

/** A feed's pickups start this many days back: the week's past pickups stay in the calendar, older ones leave it. */
export const CALENDAR_PAST_DAYS = 30;
/** At most this many pickups in a feed, soonest first. */
export const CALENDAR_MAX_EVENTS = 500;
/** How often a subscribed calendar is asked to fetch the feed again, in minutes (most apps decide for themselves). */
export const CALENDAR_REFRESH_MINUTES = 60;

export const CalendarFeedSchema = z.object({
  url: z.string().meta({ description: 'The feed’s secret address; shown only now. Getting a new one stops this one.' }),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
