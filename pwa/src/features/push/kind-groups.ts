// Which notifications each role can switch on or off on a device, grouped as the person thinks of them. Kinds a role
// never receives are left out (a charity is never asked to verify a donation); 'test' is always shown, on request.
import type { Role } from '@foodbridge/shared/constants';
import type { NotificationKind } from '@foodbridge/shared/schemas/notification';

export type SwitchableKind = Exclude<NotificationKind, 'test'>;

/** What each switch says (message ids, said at render). */
export const KIND_LABELS: Record<SwitchableKind, string> = {
  'donation.awaiting-verification': /*i18n*/ 'push.kind.awaitingVerification',
  'charity-role.awaiting-decision': /*i18n*/ 'push.kind.charityRoleAwaitingDecision',
  'donation.verified': /*i18n*/ 'push.kind.donationVerified',
  'donation.rejected': /*i18n*/ 'push.kind.donationRejected',
  'request.made': /*i18n*/ 'push.kind.requestMade',
  'request.cancelled': /*i18n*/ 'push.kind.requestCancelled',
  'request.accepted': /*i18n*/ 'push.kind.requestAccepted',
  'request.rejected': /*i18n*/ 'push.kind.requestRejected',
  'donation.released': /*i18n*/ 'push.kind.donationReleased',
  'donation.deleted': /*i18n*/ 'push.kind.donationDeleted',
  'donation.nearby': /*i18n*/ 'push.kind.donationNearby',
  'charity-role.approved': /*i18n*/ 'push.kind.charityRoleApproved',
  'charity-role.rejected': /*i18n*/ 'push.kind.charityRoleRejected',
  'user.role-changed': /*i18n*/ 'push.kind.roleChanged',
  'pickup.confirmed': /*i18n*/ 'push.kind.pickupConfirmed',
  'pickup.assigned': /*i18n*/ 'push.kind.pickupAssigned',
  'reminder.pickup-soon': /*i18n*/ 'push.kind.pickupSoon',
  'reminder.unrequested': /*i18n*/ 'push.kind.unrequested',
  'reminder.window-opens': /*i18n*/ 'push.kind.windowOpens',
  'reminder.window-closed': /*i18n*/ 'push.kind.windowClosed',
  'series.awaiting-verification': /*i18n*/ 'push.kind.seriesAwaitingVerification',
  'series.verified': /*i18n*/ 'push.kind.seriesVerified',
  'series.rejected': /*i18n*/ 'push.kind.seriesRejected',
  'series.requested': /*i18n*/ 'push.kind.seriesRequested',
  'series.accepted': /*i18n*/ 'push.kind.seriesAccepted',
  'series.declined': /*i18n*/ 'push.kind.seriesDeclined',
  'series.skipped': /*i18n*/ 'push.kind.seriesSkipped',
  'series.ended': /*i18n*/ 'push.kind.seriesEnded',
  'message.received': /*i18n*/ 'push.kind.messageReceived',
  'pickup.quantity-changed': /*i18n*/ 'push.kind.pickupQuantityChanged',
};

export interface KindGroup {
  /** A message id. */
  title: string;
  kinds: SwitchableKind[];
}

const ACCOUNT: KindGroup = { title: /*i18n*/ 'push.group.account', kinds: ['user.role-changed'] };

const GROUPS: Record<Role, KindGroup[]> = {
  admin: [{ title: /*i18n*/ 'push.group.waitingForYou', kinds: ['donation.awaiting-verification', 'series.awaiting-verification', 'charity-role.awaiting-decision'] }, ACCOUNT],
  restaurant: [
    { title: /*i18n*/ 'push.group.requestsForYourFood', kinds: ['request.made', 'request.cancelled', 'pickup.confirmed'] },
    { title: /*i18n*/ 'push.group.messages', kinds: ['message.received'] },
    { title: /*i18n*/ 'push.group.yourDonations', kinds: ['donation.verified', 'donation.rejected'] },
    { title: /*i18n*/ 'push.group.regularDonations', kinds: ['series.verified', 'series.rejected', 'series.requested', 'series.ended'] },
    { title: /*i18n*/ 'push.group.reminders', kinds: ['reminder.unrequested', 'reminder.window-closed'] },
    ACCOUNT,
  ],
  charity: [
    { title: /*i18n*/ 'push.group.yourRequests', kinds: ['request.accepted', 'request.rejected', 'donation.released', 'donation.deleted'] },
    { title: /*i18n*/ 'push.group.messages', kinds: ['message.received'] },
    { title: /*i18n*/ 'push.group.newFood', kinds: ['donation.nearby'] },
    { title: /*i18n*/ 'push.group.yourPickups', kinds: ['pickup.assigned', 'pickup.quantity-changed'] },
    { title: /*i18n*/ 'push.group.regularDonations', kinds: ['series.accepted', 'series.declined', 'series.skipped', 'series.ended'] },
    { title: /*i18n*/ 'push.group.reminders', kinds: ['reminder.pickup-soon', 'reminder.window-opens'] },
    // The approval arrives just as the account becomes a charity.
    { title: /*i18n*/ 'push.group.account', kinds: ['charity-role.approved', 'user.role-changed'] },
  ],
  user: [{ title: /*i18n*/ 'push.group.charityRoleRequest', kinds: ['charity-role.approved', 'charity-role.rejected'] }, ACCOUNT],
};

/** The switches a person of `role` sees, in groups. */
export function kindGroups(role: Role): KindGroup[] {
  return GROUPS[role];
}

/**
 * The device's new list of switched-off kinds after one switch changes. Kinds the screen does not show (another
 * role's, kept from before a role change) stay as they were.
 */
export function toggleKind(disabled: readonly SwitchableKind[], kind: SwitchableKind, on: boolean): SwitchableKind[] {
  const rest = disabled.filter((k) => k !== kind);
  return on ? rest : [...rest, kind];
}
