import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { activeItemFor, menuFor } from './dashboard-menu';

/** The items' names in English (the test setup loads every catalogue). */
const labels = (role: Parameters<typeof menuFor>[0]) => menuFor(role).map((i) => i18n._(i.label));
const common = ['Request Charity Role', 'Favorites', 'My Reviews', 'Transaction History'];

describe('menuFor', () => {
  it('puts Home first, then the role\'s own items, then the items every role has', () => {
    expect(labels('user')).toEqual(['Home', 'My Profile', ...common]);
    expect(labels('restaurant')).toEqual(['Home', 'Restaurant Profile', 'Team', 'Add Donation', 'My Donations', 'Requested Donations', 'Regular Donations', ...common]);
    expect(labels('charity')).toEqual(['Home', 'Charity Profile', 'Team', 'My Requests', 'My Pickups', 'Received Donations', 'Standing Pickups', ...common]);
    expect(labels('admin')).toEqual([
      'Home',
      'Admin Profile',
      'Manage Donations',
      'Manage Users',
      'Manage Role Requests',
      'Manage Requests',
      'Regular Donations',
      'History',
      ...common,
    ]);
  });

  it('links every item to a dashboard route that exists, each once', () => {
    // The route files, listed without loading them: a renamed route must not leave a dead menu item.
    const routes = Object.keys(import.meta.glob('../../routes/dashBoard/*.tsx')).map((file) =>
      file.replace('../../routes', '').replace(/(\/index)?\.tsx$/, ''),
    );
    for (const role of ['user', 'restaurant', 'charity', 'admin'] as const) {
      const paths = menuFor(role).map((i) => i.to);
      expect(paths.filter((p) => p !== '/dashBoard' && !routes.includes(p))).toEqual([]);
      expect(new Set(paths).size).toBe(paths.length);
    }
  });

  it("gives the Team page to restaurants and charities, whose members they are, beside their profile", () => {
    expect(menuFor('restaurant').map((i) => i.to).slice(1, 3)).toEqual(['/dashBoard/restaurantProfile', '/dashBoard/team']);
    expect(menuFor('charity').map((i) => i.to).slice(1, 3)).toEqual(['/dashBoard/charityProfile', '/dashBoard/team']);
    for (const role of ['user', 'admin'] as const) expect(menuFor(role).map((i) => i.to)).not.toContain('/dashBoard/team');
  });

  it('gives the regular donations page to restaurants, charities (as their standing pickups) and the admin, not to plain users', () => {
    for (const role of ['restaurant', 'charity', 'admin'] as const) expect(menuFor(role).map((i) => i.to)).toContain('/dashBoard/series');
    expect(menuFor('user').map((i) => i.to)).not.toContain('/dashBoard/series');
    expect(activeItemFor('charity', '/dashBoard/series')).toBe('/dashBoard/series');
  });

  it('gives the admin pages to the admin only', () => {
    const adminPages = ['/dashBoard/manageUsers', '/dashBoard/manageDonations', '/dashBoard/manageRoleRequests', '/dashBoard/manageRequests', '/dashBoard/history'];
    for (const role of ['user', 'restaurant', 'charity'] as const) {
      expect(menuFor(role).filter((i) => adminPages.includes(i.to))).toEqual([]);
    }
  });
});

describe('activeItemFor', () => {
  it('highlights the item of the page itself, and Home only on the dashboard home', () => {
    expect(activeItemFor('restaurant', '/dashBoard/addDonation')).toBe('/dashBoard/addDonation');
    expect(activeItemFor('restaurant', '/dashBoard/addDonation/')).toBe('/dashBoard/addDonation');
    expect(activeItemFor('user', '/dashBoard')).toBe('/dashBoard');
    expect(activeItemFor('user', '/dashBoard/favorites')).toBe('/dashBoard/favorites');
  });

  it("highlights My Donations on a donation's edit page, which sits outside /dashBoard", () => {
    expect(activeItemFor('restaurant', '/edit-donation/5f0c6a52-9b1e-4d55-8f65-3a5b1f7d2c10')).toBe('/dashBoard/myDonations');
  });

  it('highlights nothing on a page of no section', () => {
    expect(activeItemFor('admin', '/edit-donation/abc')).toBeUndefined();
    expect(activeItemFor('user', '/dashBoard/unknown')).toBeUndefined();
  });
});
