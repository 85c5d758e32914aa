// The words of each notification (issue 11), kept beside the kinds so that the server that stores them, the push it
// sends and the app's test notification say the same thing. Links are the app's own paths.
// Each kind's title and body are messages of the `texts` catalogue (shared/src/locales), rendered with the Lingui
// instance the caller passes in, so in whichever language that instance is in: the server passes the reader's
// (users.locale), the app its own. Shared holds no instance of its own (docs/decisions/008-languages.md).
import type { I18n } from '@lingui/core';
import { ROLES, type Role } from './constants.ts';
import { ROLE_LABELS } from './labels.ts';
import type { NotificationKind } from './schemas/notification.ts';

export interface NotificationText {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/** What a notification is about: the donation's title and id, or the person and organisation concerned. */
export interface NotificationFacts {
  donationId?: string;
  donationTitle?: string;
  restaurantName?: string;
  charityName?: string;
  role?: string;
  organization?: string;
  /** Who did it, where the reader is told of a person's doing (a coordinator giving a driver a pickup). */
  byName?: string;
  /** How long until best-before, for reminders: the server's clock decides, the words are the reader's ("52 min"). */
  expiresInMs?: number;
  /** How long until an agreed pickup's window opens (issue 47). */
  opensInMs?: number;
  /** A regular donation's date concerned, 'YYYY-MM-DD' (a skipped one), said in the reader's language. */
  date?: string;
  /** The start of a message's words (issue 48). */
  excerpt?: string;
  /** A pickup's new quantity with its unit ('12 kg'), as the restaurant changed it. */
  quantity?: string;
}

/** The regular donations' page, where each side sees its series and standing pickups. */
const SERIES_PAGE = '/dashBoard/series';

/** 'Wed 9 Dec': a calendar date as the reader says it (the date itself, no zone to shift it). */
function dateText(i18n: I18n, date: string | undefined): string {
  if (!date) return i18n._('notification.value.someDate');
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(at);
}

/** "52 min", "1 h 40 min": how long until a best-before, as a reminder says it. */
export function durationText(i18n: I18n, ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return i18n._('notification.duration.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? i18n._('notification.duration.hoursMinutes', { hours, minutes: rest }) : i18n._('notification.duration.hours', { hours });
}

/** The app's page of a donation, where its notifications lead (and by which a conversation's are found again). */
export const donationLink = (donationId: string) => `/donations/${donationId}`;
const details = (f: NotificationFacts) => (f.donationId ? donationLink(f.donationId) : '/dashBoard');
const isRole = (role: string | undefined): role is Role => (ROLES as readonly string[]).includes(role ?? '');

export function notificationText(i18n: I18n, kind: NotificationKind, f: NotificationFacts = {}): NotificationText {
  const t = (title: string, body: string, link: string): NotificationText => ({ kind, title, body, link });
  // The values the bodies name, each with its words for when the fact is missing (a row gone since, say).
  const donation = f.donationTitle ? i18n._('notification.value.donationTitle', { title: f.donationTitle }) : i18n._('notification.value.someDonation');
  const restaurant = f.restaurantName ?? i18n._('notification.value.someRestaurant');
  const charity = f.charityName ?? i18n._('notification.value.someCharity');
  // A sentence that starts with the restaurant says 'The restaurant' when its name is missing.
  const theRestaurant = f.restaurantName ?? i18n._('notification.value.theRestaurant');
  const expires = (fallback: string) => (f.expiresInMs === undefined ? fallback : durationText(i18n, f.expiresInMs));
  switch (kind) {
    case 'donation.awaiting-verification':
      return t(
        i18n._('notification.donation.awaiting-verification.title'),
        i18n._('notification.donation.awaiting-verification.body', { donation, restaurant }),
        '/dashBoard/manageDonations',
      );
    case 'charity-role.awaiting-decision': {
      const name = f.charityName ?? i18n._('notification.value.someone');
      return t(
        i18n._('notification.charity-role.awaiting-decision.title'),
        f.organization
          ? i18n._('notification.charity-role.awaiting-decision.body', { name, organization: f.organization })
          : i18n._('notification.charity-role.awaiting-decision.bodyWithoutOrganization', { name }),
        '/dashBoard/manageRoleRequests',
      );
    }
    case 'donation.verified':
      return t(i18n._('notification.donation.verified.title'), i18n._('notification.donation.verified.body', { donation }), '/dashBoard/myDonations');
    case 'donation.rejected':
      return t(i18n._('notification.donation.rejected.title'), i18n._('notification.donation.rejected.body', { donation }), '/dashBoard/myDonations');
    case 'request.made':
      return t(i18n._('notification.request.made.title'), i18n._('notification.request.made.body', { charity, donation }), '/dashBoard/requestedDonations');
    case 'request.cancelled':
      return t(
        i18n._('notification.request.cancelled.title'),
        i18n._('notification.request.cancelled.body', { charity, donation }),
        '/dashBoard/requestedDonations',
      );
    case 'request.accepted':
      return t(
        i18n._('notification.request.accepted.title'),
        i18n._('notification.request.accepted.body', { restaurant: f.restaurantName ?? i18n._('notification.value.theRestaurant'), donation }),
        '/dashBoard/myPickups',
      );
    case 'request.rejected':
      return t(i18n._('notification.request.rejected.title'), i18n._('notification.request.rejected.body', { donation }), '/dashBoard/myRequests');
    case 'donation.released':
      return t(i18n._('notification.donation.released.title'), i18n._('notification.donation.released.body', { donation }), '/dashBoard/myPickups');
    case 'donation.deleted':
      return t(i18n._('notification.donation.deleted.title'), i18n._('notification.donation.deleted.body', { donation }), '/dashBoard/myPickups');
    case 'donation.nearby':
      return t(i18n._('notification.donation.nearby.title'), i18n._('notification.donation.nearby.body', { donation, restaurant }), details(f));
    case 'charity-role.approved':
      return t(i18n._('notification.charity-role.approved.title'), i18n._('notification.charity-role.approved.body'), '/dashBoard');
    case 'charity-role.rejected':
      return t(i18n._('notification.charity-role.rejected.title'), i18n._('notification.charity-role.rejected.body'), '/dashBoard');
    case 'user.role-changed': {
      // The role's word in the reader's language (English's are the stored values themselves).
      const role = isRole(f.role) ? i18n._(ROLE_LABELS[f.role]) : (f.role ?? i18n._('notification.value.newRole'));
      return t(i18n._('notification.user.role-changed.title'), i18n._('notification.user.role-changed.body', { role }), '/dashBoard');
    }
    case 'pickup.confirmed':
      return t(
        i18n._('notification.pickup.confirmed.title'),
        i18n._('notification.pickup.confirmed.body', { charity: f.charityName ?? i18n._('notification.value.theCharity'), donation }),
        '/dashBoard/myDonations',
      );
    case 'pickup.assigned':
      return t(
        i18n._('notification.pickup.assigned.title'),
        i18n._('notification.pickup.assigned.body', {
          who: f.byName ?? i18n._('notification.value.theCharity'),
          donation,
          restaurant: f.restaurantName ?? i18n._('notification.value.theRestaurant'),
        }),
        '/dashBoard/myPickups',
      );
    case 'reminder.pickup-soon':
      return t(
        i18n._('notification.reminder.pickup-soon.title'),
        i18n._('notification.reminder.pickup-soon.body', { donation, time: expires(i18n._('notification.value.underAnHour')) }),
        '/dashBoard/myPickups',
      );
    case 'reminder.unrequested':
      return t(
        i18n._('notification.reminder.unrequested.title'),
        i18n._('notification.reminder.unrequested.body', { donation, time: expires(i18n._('notification.value.underTwoHours')) }),
        '/dashBoard/myDonations',
      );
    case 'reminder.window-opens':
      return t(
        i18n._('notification.reminder.window-opens.title'),
        i18n._('notification.reminder.window-opens.body', {
          donation,
          restaurant,
          time: f.opensInMs === undefined ? i18n._('notification.value.underAnHour') : durationText(i18n, f.opensInMs),
        }),
        '/dashBoard/myPickups',
      );
    case 'reminder.window-closed':
      return t(
        i18n._('notification.reminder.window-closed.title'),
        i18n._('notification.reminder.window-closed.body', { donation, charity: f.charityName ?? i18n._('notification.value.theCharity') }),
        '/dashBoard/requestedDonations',
      );
    case 'series.awaiting-verification':
      return t(i18n._('notification.series.awaiting-verification.title'), i18n._('notification.series.awaiting-verification.body', { donation, restaurant }), SERIES_PAGE);
    case 'series.verified':
      return t(i18n._('notification.series.verified.title'), i18n._('notification.series.verified.body', { donation }), SERIES_PAGE);
    case 'series.rejected':
      return t(i18n._('notification.series.rejected.title'), i18n._('notification.series.rejected.body', { donation }), SERIES_PAGE);
    case 'series.requested':
      return t(i18n._('notification.series.requested.title'), i18n._('notification.series.requested.body', { charity, donation }), SERIES_PAGE);
    case 'series.accepted':
      return t(i18n._('notification.series.accepted.title'), i18n._('notification.series.accepted.body', { restaurant: theRestaurant, donation }), SERIES_PAGE);
    case 'series.declined':
      return t(i18n._('notification.series.declined.title'), i18n._('notification.series.declined.body', { restaurant: theRestaurant, donation }), SERIES_PAGE);
    case 'series.skipped':
      return t(i18n._('notification.series.skipped.title'), i18n._('notification.series.skipped.body', { restaurant: theRestaurant, donation, date: dateText(i18n, f.date) }), SERIES_PAGE);
    case 'series.ended':
      return t(
        i18n._('notification.series.ended.title'),
        // Told by the restaurant (the charity reads the restaurant's name) or by the charity (the other way round).
        f.charityName
          ? i18n._('notification.series.ended.byCharity', { charity, donation })
          : i18n._('notification.series.ended.byRestaurant', { restaurant: theRestaurant, donation }),
        SERIES_PAGE,
      );
    case 'pickup.quantity-changed':
      return t(
        i18n._('notification.pickup.quantity-changed.title'),
        i18n._('notification.pickup.quantity-changed.body', { restaurant: theRestaurant, donation, quantity: f.quantity ?? i18n._('notification.value.newQuantity') }),
        details(f),
      );
    case 'message.received':
      return t(
        i18n._('notification.message.received.title', { who: f.byName ?? i18n._('notification.value.someone') }),
        f.excerpt ? i18n._('notification.message.received.body', { donation, excerpt: f.excerpt }) : donation,
        details(f),
      );
    case 'test':
      return t(i18n._('notification.test.title'), i18n._('notification.test.body'), '/dashBoard');
  }
}

/** What the profile's 'Send a test notification' pushes (never stored; the route adds the link). */
export function testPushText(i18n: I18n): { kind: 'test'; title: string; body: string } {
  return { kind: 'test', title: i18n._('notification.testPush.title'), body: i18n._('notification.testPush.body') };
}
