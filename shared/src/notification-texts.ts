// The words of each notification (issue 11), kept beside the kinds so that the server that stores them, the push it
// sends and the app's test notification say the same thing. Links are the app's own paths.
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
  /** How long until best-before, in words ("52 min"), for reminders: the server does not know the reader's clock. */
  expiresIn?: string;
}

const quoted = (title: string | undefined) => (title ? `“${title}”` : 'A donation');
const details = (f: NotificationFacts) => (f.donationId ? `/donations/${f.donationId}` : '/dashBoard');

export function notificationText(kind: NotificationKind, f: NotificationFacts = {}): NotificationText {
  const t = (title: string, body: string, link: string): NotificationText => ({ kind, title, body, link });
  const what = quoted(f.donationTitle);
  switch (kind) {
    case 'donation.awaiting-verification':
      return t('Donation waiting for verification', `${what} from ${f.restaurantName ?? 'a restaurant'} needs checking.`, '/dashBoard/manageDonations');
    case 'charity-role.awaiting-decision':
      return t('Charity role request', `${f.charityName ?? 'Someone'}${f.organization ? ` (${f.organization})` : ''} asks to become a charity.`, '/dashBoard/manageRoleRequests');
    case 'donation.verified':
      return t('Donation verified', `${what} is verified and visible to charities.`, '/dashBoard/myDonations');
    case 'donation.rejected':
      return t('Donation rejected', `${what} was not approved by an admin.`, '/dashBoard/myDonations');
    case 'request.made':
      return t('New request', `${f.charityName ?? 'A charity'} requested ${what}.`, '/dashBoard/requestedDonations');
    case 'request.cancelled':
      return t('Request cancelled', `${f.charityName ?? 'A charity'} cancelled its request for ${what}.`, '/dashBoard/requestedDonations');
    case 'request.accepted':
      return t('Request accepted', `${f.restaurantName ?? 'The restaurant'} accepted your request for ${what}. Pick it up in time.`, '/dashBoard/myPickups');
    case 'request.rejected':
      return t('Request not accepted', `Your request for ${what} was not accepted.`, '/dashBoard/myRequests');
    case 'donation.released':
      return t('Pickup withdrawn', `${what} is no longer assigned to you.`, '/dashBoard/myPickups');
    case 'donation.deleted':
      return t('Donation removed', `${what}, which was assigned to you, was removed.`, '/dashBoard/myPickups');
    case 'donation.nearby':
      return t('New food near you', `${what} from ${f.restaurantName ?? 'a restaurant'} is available.`, details(f));
    case 'charity-role.approved':
      return t('You are now a charity', 'Your charity role request was approved. You can request donations.', '/dashBoard');
    case 'charity-role.rejected':
      return t('Charity role request rejected', 'Your charity role request was not approved.', '/dashBoard');
    case 'user.role-changed':
      return t('Your role changed', `An admin changed your role to ${f.role ?? 'a new one'}.`, '/dashBoard');
    case 'pickup.confirmed':
      return t('Pickup confirmed', `${f.charityName ?? 'The charity'} picked up ${what}.`, '/dashBoard/myDonations');
    case 'reminder.pickup-soon':
      return t('Pick up soon', `${what} is best before in ${f.expiresIn ?? 'under an hour'}. Pick it up in time.`, '/dashBoard/myPickups');
    case 'reminder.unrequested':
      return t('Nobody has requested this yet', `${what} is best before in ${f.expiresIn ?? 'under two hours'}. Extend its time or it expires.`, '/dashBoard/myDonations');
    case 'test':
      return t('Test notification', 'Notifications reach this device.', '/dashBoard');
  }
}
