import type { Role } from '@foodbridge/shared/constants';

interface MenuItem {
  to: string;
  /** The message id of the item's name: say it with `i18n._(item.label)`. */
  label: string;
  /** Pages outside the item's own path that belong to its section (the menu highlights the item there too). */
  also?: readonly string[];
  /** Where the role reaches its conversations (issue 48): the item shows their unread messages. */
  messages?: true;
}

// Spec section 2, Dashboard: every role's common items, then the role's own.
const common: MenuItem[] = [
  { to: '/dashBoard', label: /*i18n*/ 'menu.home' },
  { to: '/dashBoard/requestCharityRole', label: /*i18n*/ 'menu.requestCharityRole' },
  { to: '/dashBoard/favorites', label: /*i18n*/ 'menu.favorites' },
  { to: '/dashBoard/myReviews', label: /*i18n*/ 'menu.myReviews' },
  { to: '/dashBoard/transactionHistory', label: /*i18n*/ 'menu.transactionHistory' },
];

const byRole: Record<Role, MenuItem[]> = {
  user: [{ to: '/dashBoard/myProfile', label: /*i18n*/ 'menu.myProfile' }],
  restaurant: [
    { to: '/dashBoard/restaurantProfile', label: /*i18n*/ 'menu.restaurantProfile' },
    // Issue 46: the organisation's members, beside its profile.
    { to: '/dashBoard/team', label: /*i18n*/ 'menu.team' },
    { to: '/dashBoard/addDonation', label: /*i18n*/ 'menu.addDonation' },
    // /edit-donation/{id} is reached from My Donations' Update and goes back there.
    { to: '/dashBoard/myDonations', label: /*i18n*/ 'menu.myDonations', also: ['/edit-donation/'] },
    { to: '/dashBoard/requestedDonations', label: /*i18n*/ 'menu.requestedDonations', messages: true },
    // Issue 47: what the restaurant gives again and again, and the charities' standing pickups of it.
    { to: '/dashBoard/series', label: /*i18n*/ 'menu.regularDonations' },
  ],
  charity: [
    { to: '/dashBoard/charityProfile', label: /*i18n*/ 'menu.charityProfile' },
    { to: '/dashBoard/team', label: /*i18n*/ 'menu.team' },
    { to: '/dashBoard/myRequests', label: /*i18n*/ 'menu.myRequests' },
    { to: '/dashBoard/myPickups', label: /*i18n*/ 'menu.myPickups', messages: true },
    { to: '/dashBoard/receivedDonations', label: /*i18n*/ 'menu.receivedDonations' },
    // The same page: the regular donations on offer, and the charity's standing pickups of them.
    { to: '/dashBoard/series', label: /*i18n*/ 'menu.standingPickups' },
  ],
  admin: [
    { to: '/dashBoard/adminProfile', label: /*i18n*/ 'menu.adminProfile' },
    { to: '/dashBoard/manageDonations', label: /*i18n*/ 'menu.manageDonations' },
    { to: '/dashBoard/manageUsers', label: /*i18n*/ 'menu.manageUsers' },
    { to: '/dashBoard/manageRoleRequests', label: /*i18n*/ 'menu.manageRoleRequests' },
    { to: '/dashBoard/manageRequests', label: /*i18n*/ 'menu.manageRequests' },
    // Regular donations to verify once each (issue 47).
    { to: '/dashBoard/series', label: /*i18n*/ 'menu.regularDonations' },
    // Issue 12: every change of state, read-only.
    { to: '/dashBoard/history', label: /*i18n*/ 'menu.history' },
  ],
};

export function menuFor(role: Role): MenuItem[] {
  const [home, ...rest] = common;
  return [home!, ...byRole[role], ...rest];
}

/** The menu item whose section `pathname` is in: its own page, or a page listed in its `also`. */
export function activeItemFor(role: Role, pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return menuFor(role).find((item) => item.to === path || item.also?.some((prefix) => path.startsWith(prefix)))?.to;
}
