import type { DonationsView } from './donations-view';

/** Also read by public/all-donations-first-paint.js, before the app runs. */
export const REMEMBERED_VIEW_KEY = 'foodbridge.donationsView';

/** The view last picked on this device; a private window or blocked storage simply starts with the list. */
export function rememberedView(): DonationsView {
  try {
    return localStorage.getItem(REMEMBERED_VIEW_KEY) === 'map' ? 'map' : 'list';
  } catch {
    return 'list';
  }
}

export function rememberView(view: DonationsView) {
  try {
    localStorage.setItem(REMEMBERED_VIEW_KEY, view);
  } catch {
    // Not remembered, but the URL still carries it.
  }
}
