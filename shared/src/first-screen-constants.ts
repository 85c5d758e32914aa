// The constants the app's start-up and signed-out home page read, apart from constants.ts (which re-exports them):
// the home page loads this small module alone, and constants.ts's status lists, limits and units reach only the
// pages that use them (pwa/BUDGET.md: the home page's JavaScript budget).

export const FEATURED_DONATIONS = 4;
export const LATEST_CHARITY_REQUESTS = 3;
export const CAROUSEL_INTERVAL_MS = 5000;
export const AUTH_TOAST_MS = 1500;

export const ROLES = ['user', 'restaurant', 'charity', 'admin'] as const;
export type Role = (typeof ROLES)[number];
