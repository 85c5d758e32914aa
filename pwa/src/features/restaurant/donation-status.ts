import type { I18n } from '@lingui/core';
import { DONATION_EDITABLE } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';

export const canEdit = (d: Donation) => DONATION_EDITABLE.includes(d.status);

type Checked = Pick<Donation, 'title' | 'image' | 'location'> & { foodType: string };
/** The fields an admin checks, each with the words for it inside a sentence ("You changed the title, picture: ..."). */
const CHECKED: [keyof Checked, string][] = [
  ['title', /*i18n*/ 'restaurant.reverify.field.title'],
  ['foodType', /*i18n*/ 'restaurant.reverify.field.foodType'],
  ['image', /*i18n*/ 'restaurant.reverify.field.image'],
  ['location', /*i18n*/ 'restaurant.reverify.field.location'],
];

/**
 * What an admin checked that this edit changes: for a Verified donation, saving any of them sends it back to Pending
 * for a new check (the server decides the same way; quantity and pickup window change freely).
 */
export function reverifyFields(d: Donation, next: Checked): (keyof Checked)[] {
  if (d.status !== 'Verified') return [];
  return CHECKED.filter(([key]) => next[key].trim() !== d[key]).map(([key]) => key);
}

/** Those fields in the reader's words, as a list ("title, picture" in English, "el título y la foto" in Spanish). */
export function reverifyFieldNames(i18n: I18n, keys: (keyof Checked)[]): string {
  const names = CHECKED.filter(([key]) => keys.includes(key)).map(([, id]) => i18n._(id));
  return new Intl.ListFormat(i18n.locales ?? i18n.locale, { type: 'unit', style: 'short' }).format(names);
}

/**
 * A regular donation's date given to its standing pickup (issue 47): nothing of it may change but its quantity, which
 * the server allows so that the charity hears of tonight's bread.
 */
export const canChangeQuantity = (d: Donation) => !!d.seriesId && (d.status === 'Accepted' || d.status === 'Assigned');

/** The new quantity typed, if it is one the server takes (above 0, at most 100,000) and not the one it has. */
export function quantityChange(d: Pick<Donation, 'quantity'>, text: string): number | undefined {
  const n = Number(text.trim().replace(',', '.'));
  if (!text.trim() || !Number.isFinite(n) || n <= 0 || n > 100_000 || n === d.quantity) return undefined;
  return n;
}

// The server refuses to delete a donation a charity is on its way to collect, and one it collected (the record of
// food that reached people: the figures and the charity's review stand on it).
export const canDelete = (d: Donation) => d.status !== 'Accepted' && d.status !== 'Assigned' && d.status !== 'Picked';

/** Why Update is not offered, in the restaurant's words. */
export function lockReason(i18n: I18n, d: Donation): string {
  switch (d.status) {
    case 'Rejected':
      return i18n._('restaurant.lock.rejected');
    case 'Picked':
      return d.charityName ? i18n._('restaurant.lock.pickedBy', { charity: d.charityName }) : i18n._('restaurant.lock.picked');
    case 'Assigned': {
      // The spec's wording: 'Assigned to {assignedTo} ({assignedType})'; the type is the charity's own word, shown as given.
      const to = d.assignedTo || d.charityName;
      if (!to) return i18n._('restaurant.lock.assignedToCharity');
      return d.assignedType ? i18n._('restaurant.lock.assignedToTyped', { to, type: d.assignedType }) : i18n._('restaurant.lock.assignedTo', { to });
    }
    default:
      return d.charityName ? i18n._('restaurant.lock.acceptedBy', { charity: d.charityName }) : i18n._('restaurant.lock.acceptedByCharity');
  }
}
