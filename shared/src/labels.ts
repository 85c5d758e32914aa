// The message ids of the words for the shared enums (food types, units, statuses, roles, ratings), in the `texts`
// catalogue (shared/src/locales) that the app and the server both read. Stored values stay the canonical English
// spellings of constants.ts; only what is shown goes through these ids (pwa/src/lib/labels.ts).
import type { Allergen, CharityRequestStatus, DietaryTag, DonationStatus, FoodType, QuantityUnit, RequestStatus, Role, StorageKind } from './constants.ts';

export const FOOD_TYPE_LABELS: Record<FoodType, string> = {
  Bakery: /*i18n*/ 'foodType.bakery',
  Produce: /*i18n*/ 'foodType.produce',
  'Cooked Meal': /*i18n*/ 'foodType.cookedMeal',
  'Packaged Goods': /*i18n*/ 'foodType.packagedGoods',
};

/** Units with their number: `{count, plural, ...}`, so 1 kg / 3 portions / Arabic's six plural forms come out right. */
export const QUANTITY_LABELS: Record<QuantityUnit, string> = {
  kg: /*i18n*/ 'quantity.kg',
  portions: /*i18n*/ 'quantity.portions',
};

export const DONATION_STATUS_LABELS: Record<DonationStatus, string> = {
  Pending: /*i18n*/ 'donationStatus.pending',
  Verified: /*i18n*/ 'donationStatus.verified',
  Rejected: /*i18n*/ 'donationStatus.rejected',
  Accepted: /*i18n*/ 'donationStatus.accepted',
  Assigned: /*i18n*/ 'donationStatus.assigned',
  Picked: /*i18n*/ 'donationStatus.picked',
};

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  Pending: /*i18n*/ 'requestStatus.pending',
  Accepted: /*i18n*/ 'requestStatus.accepted',
  Rejected: /*i18n*/ 'requestStatus.rejected',
};

export const CHARITY_REQUEST_STATUS_LABELS: Record<CharityRequestStatus, string> = {
  pending: /*i18n*/ 'charityRequestStatus.pending',
  approved: /*i18n*/ 'charityRequestStatus.approved',
  rejected: /*i18n*/ 'charityRequestStatus.rejected',
};

export const ROLE_LABELS: Record<Role, string> = {
  user: /*i18n*/ 'role.user',
  restaurant: /*i18n*/ 'role.restaurant',
  charity: /*i18n*/ 'role.charity',
  admin: /*i18n*/ 'role.admin',
};

export const ALLERGEN_LABELS: Record<Allergen, string> = {
  gluten: /*i18n*/ 'allergen.gluten',
  crustaceans: /*i18n*/ 'allergen.crustaceans',
  eggs: /*i18n*/ 'allergen.eggs',
  fish: /*i18n*/ 'allergen.fish',
  peanuts: /*i18n*/ 'allergen.peanuts',
  soy: /*i18n*/ 'allergen.soy',
  milk: /*i18n*/ 'allergen.milk',
  nuts: /*i18n*/ 'allergen.nuts',
  celery: /*i18n*/ 'allergen.celery',
  mustard: /*i18n*/ 'allergen.mustard',
  sesame: /*i18n*/ 'allergen.sesame',
  sulphites: /*i18n*/ 'allergen.sulphites',
  lupin: /*i18n*/ 'allergen.lupin',
  molluscs: /*i18n*/ 'allergen.molluscs',
};

export const DIETARY_LABELS: Record<DietaryTag, string> = {
  vegetarian: /*i18n*/ 'dietary.vegetarian',
  vegan: /*i18n*/ 'dietary.vegan',
  halal: /*i18n*/ 'dietary.halal',
  kosher: /*i18n*/ 'dietary.kosher',
  'gluten-free': /*i18n*/ 'dietary.glutenFree',
};

export const STORAGE_LABELS: Record<StorageKind, string> = {
  ambient: /*i18n*/ 'storage.ambient',
  chilled: /*i18n*/ 'storage.chilled',
  frozen: /*i18n*/ 'storage.frozen',
};

export const RATING_LABEL_IDS: Record<1 | 2 | 3 | 4 | 5, string> = {
  5: /*i18n*/ 'rating.5',
  4: /*i18n*/ 'rating.4',
  3: /*i18n*/ 'rating.3',
  2: /*i18n*/ 'rating.2',
  1: /*i18n*/ 'rating.1',
};
