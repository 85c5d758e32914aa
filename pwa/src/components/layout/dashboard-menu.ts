import type { Role } from '@foodbridge/shared/constants';

interface MenuItem {
  to: string;
  label: string;
  /** Pages outside the item's own path that belong to its section (the menu highlights the item there too). */
  also?: readonly string[];
}

// Spec section 2, Dashboard: every role's common items, then the role's own.
const common: MenuItem[] = [
  { to: '/dashBoard', label: 'Home' },
  { to: '/dashBoard/requestCharityRole', label: 'Request Charity Role' },
  { to: '/dashBoard/favorites', label: 'Favorites' },
  { to: '/dashBoard/myReviews', label: 'My Reviews' },
  { to: '/dashBoard/transactionHistory', label: 'Transaction History' },
];

const byRole: Record<Role, MenuItem[]> = {
  user: [{ to: '/dashBoard/myProfile', label: 'My Profile' }],
  restaurant: [
    { to: '/dashBoard/restaurantProfile', label: 'Restaurant Profile' },
    { to: '/dashBoard/addDonation', label: 'Add Donation' },
    // /edit-donation/{id} is reached from My Donations' Update and goes back there.
    { to: '/dashBoard/myDonations', label: 'My Donations', also: ['/edit-donation/'] },
    { to: '/dashBoard/requestedDonations', label: 'Requested Donations' },
  ],
  charity: [
    { to: '/dashBoard/charityProfile', label: 'Charity Profile' },
    { to: '/dashBoard/myRequests', label: 'My Requests' },
    { to: '/dashBoard/myPickups', label: 'My Pickups' },
    { to: '/dashBoard/receivedDonations', label: 'Received Donations' },
  ],
  admin: [
    { to: '/dashBoard/adminProfile', label: 'Admin Profile' },
    { to: '/dashBoard/manageDonations', label: 'Manage Donations' },
    { to: '/dashBoard/manageUsers', label: 'Manage Users' },
    { to: '/dashBoard/manageRoleRequests', label: 'Manage Role Requests' },
    { to: '/dashBoard/manageRequests', label: 'Manage Requests' },
    // Issue 12: every change of state, read-only.
    { to: '/dashBoard/history', label: 'History' },
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
