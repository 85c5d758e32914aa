// Which notifications each role can switch on or off on a device, grouped as the person thinks of them. Kinds a role
// never receives are left out (a charity is never asked to verify a donation); 'test' is always shown, on request.
import type { Role } from '@foodbridge/shared/constants';
import type { NotificationKind } from '@foodbridge/shared/schemas/notification';

export type SwitchableKind = Exclude<NotificationKind, 'test'>;

/** What each switch says. */
export const KIND_LABELS: Record<SwitchableKind, string> = {
  'donation.awaiting-verification': 'A donation waits for verification',
  'charity-role.awaiting-decision': 'A charity-role request waits for a decision',
  'donation.verified': 'Your donation was verified',
  'donation.rejected': 'Your donation was rejected',
  'request.made': 'A charity requested your donation',
  'request.cancelled': 'A charity cancelled its request',
  'request.accepted': 'Your request was accepted',
  'request.rejected': 'Your request was not accepted',
  'donation.released': 'A donation given to you was released',
  'donation.deleted': 'A donation given to you was deleted',
  'donation.nearby': 'New donations you asked to hear about',
  'charity-role.approved': 'Your charity-role request was approved',
  'charity-role.rejected': 'Your charity-role request was rejected',
  'user.role-changed': 'An admin changed your role',
  'pickup.confirmed': 'A charity picked up your donation',
  'reminder.pickup-soon': 'A pickup is due within the hour',
  'reminder.unrequested': 'A donation nobody requested expires in two hours',
};

export interface KindGroup {
  title: string;
  kinds: SwitchableKind[];
}

const ACCOUNT: KindGroup = { title: 'Your account', kinds: ['user.role-changed'] };

const GROUPS: Record<Role, KindGroup[]> = {
  admin: [{ title: 'Waiting for you', kinds: ['donation.awaiting-verification', 'charity-role.awaiting-decision'] }, ACCOUNT],
  restaurant: [
    { title: 'Requests for your food', kinds: ['request.made', 'request.cancelled', 'pickup.confirmed'] },
    { title: 'Your donations', kinds: ['donation.verified', 'donation.rejected'] },
    { title: 'Reminders', kinds: ['reminder.unrequested'] },
    ACCOUNT,
  ],
  charity: [
    { title: 'Your requests', kinds: ['request.accepted', 'request.rejected', 'donation.released', 'donation.deleted'] },
    { title: 'New food', kinds: ['donation.nearby'] },
    { title: 'Reminders', kinds: ['reminder.pickup-soon'] },
    // The approval arrives just as the account becomes a charity.
    { title: 'Your account', kinds: ['charity-role.approved', 'user.role-changed'] },
  ],
  user: [{ title: 'Your charity-role request', kinds: ['charity-role.approved', 'charity-role.rejected'] }, ACCOUNT],
};

/** The switches a person of `role` sees, in groups. */
export function kindGroups(role: Role): KindGroup[] {
  return GROUPS[role];
}

/**
 * The device's new list of switched-off kinds after one switch changes. Kinds the screen does not show (another
 * role's, kept from before a role change) stay as they were.
 */
export function toggleKind(disabled: readonly NotificationKind[], kind: SwitchableKind, on: boolean): NotificationKind[] {
  const rest = disabled.filter((k) => k !== kind);
  return on ? rest : [...rest, kind];
}
