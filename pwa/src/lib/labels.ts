// The shared enums in the reader's language (ids in shared/src/labels.ts). Pass the component's `useI18n()` so it
// re-renders when the language changes.
import type { I18n } from '@lingui/core';
import type { Allergen, CharityRequestStatus, DietaryTag, DonationStatus, FoodType, QuantityUnit, RequestStatus, Role, StorageKind } from '@foodbridge/shared/constants';
import {
  ALLERGEN_LABELS,
  CHARITY_REQUEST_STATUS_LABELS,
  DIETARY_LABELS,
  DONATION_STATUS_LABELS,
  FOOD_TYPE_LABELS,
  QUANTITY_LABELS,
  RATING_LABEL_IDS,
  REQUEST_STATUS_LABELS,
  ROLE_LABELS,
  STORAGE_LABELS,
} from '@foodbridge/shared/labels';

/** A value the enum does not know (an older server, a typo in old data) shows as it is rather than as an id. */
const say = (i18n: I18n, id: string | undefined, raw: string, values?: Record<string, unknown>) => (id ? i18n._(id, values) : raw);

export const foodTypeLabel = (i18n: I18n, type: string) => say(i18n, FOOD_TYPE_LABELS[type as FoodType], type);
export const allergenLabel = (i18n: I18n, allergen: string) => say(i18n, ALLERGEN_LABELS[allergen as Allergen], allergen);
export const dietaryLabel = (i18n: I18n, tag: string) => say(i18n, DIETARY_LABELS[tag as DietaryTag], tag);
export const storageLabel = (i18n: I18n, storage: string) => say(i18n, STORAGE_LABELS[storage as StorageKind], storage);
export const donationStatusLabel = (i18n: I18n, status: string) => say(i18n, DONATION_STATUS_LABELS[status as DonationStatus], status);
export const requestStatusLabel = (i18n: I18n, status: string) => say(i18n, REQUEST_STATUS_LABELS[status as RequestStatus], status);
export const charityRequestStatusLabel = (i18n: I18n, status: string) =>
  say(i18n, CHARITY_REQUEST_STATUS_LABELS[status as CharityRequestStatus], status);
export const roleLabel = (i18n: I18n, role: string) => say(i18n, ROLE_LABELS[role as Role], role);
export const ratingLabel = (i18n: I18n, rating: number) => say(i18n, RATING_LABEL_IDS[rating as 1 | 2 | 3 | 4 | 5], String(rating));
/** "12 kg", "1 portion", "3 portions", with the number in the reader's digits. */
export const quantityLabel = (i18n: I18n, count: number, unit: string) =>
  say(i18n, QUANTITY_LABELS[unit as QuantityUnit], `${count} ${unit}`, { count });
