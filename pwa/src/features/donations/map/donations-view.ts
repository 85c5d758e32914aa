// List or map on All Donations, as the URL says. Read by the route on every load (the home page's too), so it stays
// a line; the device's memory of the choice is in remembered-view.ts, which only the page loads.

export type DonationsView = 'list' | 'map';

/** The view named in the URL (`?view=map`), or nothing, so the device's remembered choice decides. */
export const parseDonationsView = (search: Record<string, unknown>): { view?: DonationsView } =>
  search.view === 'map' || search.view === 'list' ? { view: search.view } : {};
