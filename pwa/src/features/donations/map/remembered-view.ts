import type { DonationsView } from './donations-view';

const KEY = 'foodbridge.donationsView';

/** The view last picked on this device; a private window or blocked storage simply starts with the list. */
export function rememberedView(): DonationsView {
  try {
    return localStorage.getItem(KEY) === 'map' ? 'map' : 'list';
  } catch {
    return 'list';
  }
}

export function rememberView(view: DonationsView) {
  try {
    localStorage.setItem(KEY, view);
  } catch {
    // Not remembered, but the URL still carries it.
  }
}
