import { createHash, randomBytes } from 'node:crypto';
import { pickupCalendarName, pickupEvent } from '@foodbridge/shared/calendar-texts';
import { icsCalendar } from '@foodbridge/shared/icalendar';
import { CALENDAR_MAX_EVENTS, CALENDAR_PAST_DAYS, CALENDAR_REFRESH_MINUTES, CalendarFeedSchema } from '@foodbridge/shared/schemas/calendar';
import { publicUrl } from '../auth/account-links.ts';
import { calendarFeedScope, canHaveCalendarFeed, enforce } from '../auth/permissions.ts';
import { calendarPickups, findCalendarOwner, replaceCalendarToken, type CalendarOwnerRow, type CalendarPickupRow } from '../db/calendar.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { i18nFor } from '../i18n.ts';
import { err, ok } from '../openapi/responses.ts';

// Calendar feeds (issue 47.5): each member of a restaurant or charity may have a secret address that calendar apps
// subscribe to, listing the pickups agreed. The address is the only credential (calendar apps send no Authorization
// header), so it is 32 random bytes, kept only as its SHA-256, shown once, and replaced by asking for a new one.

const FEED_SUFFIX = '.ics';
/** What a token looks like (32 bytes in base64url); anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 86_400_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The feed's address: on the public address, which the calendar app (not only this device) must reach. */
const feedUrl = (deps: Pick<Deps, 'config'>, token: string) => `${publicUrl(deps)}/calendar/${token}${FEED_SUFFIX}`;

export const calendarRoutes = [
  route(
    {
      method: 'post',
      path: '/calendar/token',
      summary: 'A new secret address of the caller’s calendar feed',
      description: `For any member of a restaurant or charity (a driver’s feed lists the pickups they have). The answer is the only time the address is shown; asking again makes a new one and the old address stops working (404). The feed lists the pickups with a window from ${CALENDAR_PAST_DAYS} days back on.`,
      tags: ['Calendars'],
      security: 'bearer',
      responses: {
        201: ok('The feed’s address.', CalendarFeedSchema),
        403: err('Admins and plain accounts have no pickups to list.', 'calendar/members-only'),
      },
    },
    async (c, { deps, user }) => {
      const feed = canHaveCalendarFeed(user);
      enforce(feed);
      const token = randomBytes(32).toString('base64url');
      await replaceCalendarToken(deps.sql, { userId: user.id, organisationId: feed.organisationId, tokenHash: hashToken(token) });
      // A secret: kept by no cache on the way.
      c.header('Cache-Control', 'no-store');
      return c.json({ url: feedUrl(deps, token) }, 201);
    },
  ),
  route(
    {
      method: 'get',
      // One parameter with a literal suffix, as Hono reads it (a parameter named `token.ics`; http/router.ts).
      path: '/calendar/:token.ics',
      summary: 'A calendar feed (iCalendar)',
      description: `RFC 5545, for calendar apps to subscribe to: no Authorization header, the address is the credential. The pickups agreed (Accepted, Assigned, Picked) with a pickup window ending from ${CALENDAR_PAST_DAYS} days back on, soonest first, at most ${CALENDAR_MAX_EVENTS}: a restaurant’s donations for its members, a charity’s pickups for its coordinators, a driver’s own. What the address’s owner may see is read at each fetch: once they are no longer a member of the organisation the address was made for, the feed is empty. Each pickup keeps its UID (\`{id}@foodbridge\`) as it changes.`,
      tags: ['Calendars'],
      security: 'none',
      params: { token: 'The secret the address was made with (`POST /calendar/token`).' },
      responses: {
        200: ok('The feed.', undefined, { media: 'calendar', headers: { 'Cache-Control': { description: '`private, max-age=300`' } } }),
        404: err('No such address, or one replaced by a newer one.', 'not-found/calendar'),
      },
    },
    async (c, { deps }) => {
      const file = c.req.param('token.ics') ?? '';
      const token = file.endsWith(FEED_SUFFIX) ? file.slice(0, -FEED_SUFFIX.length) : '';
      const owner = TOKEN.test(token) ? await findCalendarOwner(deps.sql, hashToken(token)) : undefined;
      if (!owner) throw notFound('not-found/calendar');
      return c.body(await feedText(deps, owner), 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        // Calendar apps fetch every few hours at most; a burst of them (or of reloads) is answered from their caches.
        'Cache-Control': 'private, max-age=300',
        'Content-Disposition': 'inline; filename="foodbridge-pickups.ics"',
      });
    },
  ),
];

/** The feed of `owner`, in their language: the pickups their standing shows now, or none. */
async function feedText(deps: Deps, owner: CalendarOwnerRow): Promise<string> {
  const scope = calendarFeedScope(owner);
  const now = new Date();
  const rows = scope ? await calendarPickups(deps.sql, scope, { since: new Date(now.getTime() - CALENDAR_PAST_DAYS * DAY_MS), limit: CALENDAR_MAX_EVENTS }) : [];
  const i18n = i18nFor(owner.locale);
  const appUrl = publicUrl(deps);
  return icsCalendar({
    name: pickupCalendarName(i18n, owner.organisation_name),
    events: rows.map((row) => pickupEvent(i18n, pickupFacts(row), appUrl)),
    refreshMinutes: CALENDAR_REFRESH_MINUTES,
    now,
  });
}

/** A row as the event's facts; its zone, when the row has one (a regular donation's), else UTC. */
const pickupFacts = (row: CalendarPickupRow) => ({
  id: row.id,
  title: row.title,
  location: row.location,
  status: row.status,
  restaurantName: row.restaurant_name,
  charityName: row.charity_name,
  assigneeName: row.assigned_to,
  pickupStart: row.pickup_start,
  pickupEnd: row.pickup_end,
  updated: row.updated_at,
  timeZone: row.time_zone,
});
