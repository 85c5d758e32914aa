// Business constants of spec section 9, and the canonical spellings both sides store and compare.
import type { Role } from './first-screen-constants.ts';

// Those the app's first screen reads live apart, so that the home page does not download the rest.
export { AUTH_TOAST_MS, CAROUSEL_INTERVAL_MS, FEATURED_DONATIONS, LATEST_CHARITY_REQUESTS, ROLES, type Role } from './first-screen-constants.ts';

export const CHARITY_ROLE_FEE_CENTS = 2500;
export const CHARITY_ROLE_FEE_CURRENCY = 'usd';
export const CHARITY_ROLE_FEE_DOLLARS = CHARITY_ROLE_FEE_CENTS / 100;

/**
 * The most rows one page of a list endpoint holds, also when `limit` is not given: a longer list continues at the
 * address in the answer's `Link: <...>; rel="next"` header.
 */
export const LIST_LIMIT_MAX = 1000;
export const HOVER_CARD_MIN_WIDTH_PX = 200;

export const PASSWORD_MIN_LENGTH = 6;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** Widths the image endpoint resizes to; a requested `?w=` is rounded up to the next of these. */
export const IMAGE_WIDTHS = [96, 192, 320, 480, 640, 960, 1280] as const;
/**
 * A donation card's picture: the widths of its srcset. The app's cards and the server's first screen of All
 * Donations (sync-server/src/http/all-donations-first-paint.ts) write the same, so the browser fetches it once.
 */
export const CARD_IMAGE_WIDTHS = [320, 480, 640, 960] as const;
/**
 * Proof-of-pickup photos (issue 49.3): how many one pickup may carry, and the largest chunk of a resumable upload one
 * PATCH may send (the app sends 256 KiB; a photo is at most IMAGE_MAX_BYTES in all).
 */
export const PICKUP_PHOTOS_MAX = 4;
export const PICKUP_PHOTO_CHUNK_MAX_BYTES = 1024 * 1024;
/** The rows of a list the app asks for first (about one screenful of cards on the largest screens); the server's first screen of All Donations comes from the same rows. */
export const FIRST_SCREEN_ROWS = 24;

/** A number of uses allowed in a window of time. */
export interface UseLimit {
  limit: number;
  windowSeconds: number;
}
/**
 * Abuse limits, enforced by the server (sync-server/src/http/rate-limit.ts) and shared by all its instances. Per
 * address on the routes one calls before signing in (never per e-mail: anyone could use up a victim's allowance);
 * per account only for the signed-in caller's own calls. Generous for real use: a restaurant uploading 20
 * pictures in a minute, a shelter's shared office connection, a phone reconnecting on a flaky network.
 */
export const RATE_LIMITS = {
  signInPerAddress: { limit: 100, windowSeconds: 15 * 60 },
  // The default of REGISTRATIONS_PER_ADDRESS_PER_HOUR: a food bank's 30 volunteers signing up on one Wi-Fi.
  registerPerAddress: { limit: 30, windowSeconds: 60 * 60 },
  refreshPerAddress: { limit: 300, windowSeconds: 60 * 60 },
  uploadsPerAccount: { limit: 60, windowSeconds: 10 * 60 },
  uploadsPerAddress: { limit: 200, windowSeconds: 10 * 60 },
  donationRequestsPerAccount: { limit: 30, windowSeconds: 60 * 60 },
  charityRequestsPerAccount: { limit: 10, windowSeconds: 60 * 60 },
  reviewsPerAccount: { limit: 30, windowSeconds: 60 * 60 },
  /** Messages written by one account (issue 48): a busy evening's back-and-forth, not a flood. */
  messagesPerAccount: { limit: 200, windowSeconds: 60 * 60 },
  /** Invitations sent by one manager or coordinator (issue 46): a charity signing up its drivers, not a mailing list. */
  invitationsPerAccount: { limit: 30, windowSeconds: 60 * 60 },
  /** Invitations to one address, from whoever: nobody can fill a stranger's mailbox through them. */
  invitationEmailsPerRecipient: { limit: 5, windowSeconds: 60 * 60 },
  streamTicketsPerAccount: { limit: 300, windowSeconds: 10 * 60 },
  /** Password-reset e-mails asked for from one address (each account also gets at most one a minute). */
  passwordResetsPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  /**
   * Account e-mails of one purpose sent to one account, whoever asks: nobody can fill a stranger's mailbox. Not
   * multiplied by RATE_LIMIT_SCALE: the app's 'wait a minute' is the same in tests as in real use.
   */
  accountEmailsPerRecipient: { limit: 1, windowSeconds: 60 },
} as const satisfies Record<string, UseLimit>;
/**
 * Stored pictures per account and day: the bytes and the number of files. The server's defaults; an operator may set
 * others (UPLOAD_QUOTA_BYTES_PER_DAY, UPLOAD_QUOTA_FILES_PER_DAY), and its refusals name the allowance in force.
 */
export const UPLOAD_QUOTA = { bytesPerDay: 50 * 1024 * 1024, filesPerDay: 200 } as const;
/**
 * Open sync streams per account on one server instance: a device opens one per collection (up to 5), so this
 * leaves room for three devices, plus a reconnect whose old connection the server has not yet seen close.
 */
export const SYNC_STREAMS_PER_ACCOUNT = 16;
/** How long a sync stream ticket (POST /sync/stream-ticket) may wait to be used; it opens one stream, once. */
export const SYNC_STREAM_TICKET_SECONDS = 60;

export const DEFAULT_ROLE: Role = 'user';

export const FOOD_TYPES = ['Bakery', 'Produce', 'Cooked Meal', 'Packaged Goods'] as const;
export type FoodType = (typeof FOOD_TYPES)[number];

export const QUANTITY_UNITS = ['kg', 'portions'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];

/**
 * What a charity feeding people with allergies or diets must know before it accepts food (issue 50). The 14 allergens
 * EU Regulation 1169/2011 (Annex II) makes every food business declare, in its order: cereals containing gluten,
 * crustaceans, eggs, fish, peanuts, soybeans, milk, nuts, celery, mustard, sesame, sulphites, lupin, molluscs.
 */
export const ALLERGENS = ['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soy', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs'] as const;
export type Allergen = (typeof ALLERGENS)[number];
export const DIETARY_TAGS = ['vegetarian', 'vegan', 'halal', 'kosher', 'gluten-free'] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number];
export const STORAGE_KINDS = ['ambient', 'chilled', 'frozen'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];
/** The allergens a vegan donation cannot hold (animal products); gluten-free cannot hold gluten. */
export const NOT_VEGAN: readonly Allergen[] = ['crustaceans', 'eggs', 'fish', 'milk', 'molluscs'];

export const DONATION_STATUSES = ['Pending', 'Verified', 'Rejected', 'Accepted', 'Assigned', 'Picked'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];
/** Statuses of a donation given to a charity: it has a `charity_id`, and shows among that charity's pickups. */
export const DONATION_GIVEN: readonly DonationStatus[] = ['Accepted', 'Assigned', 'Picked'];
/**
 * Statuses of a donation given to a charity and not yet collected: the charity may confirm the pickup, and nobody
 * may delete it (the charity may be on its way).
 */
export const PICKUP_CONFIRMABLE: readonly DonationStatus[] = ['Accepted', 'Assigned'];
/** Statuses of a donation still on offer: its restaurant may edit it, and removing the account withdraws it. */
export const DONATION_EDITABLE: readonly DonationStatus[] = ['Pending', 'Verified'];
/**
 * Statuses a donation reaches only after an admin verified it: readable by everyone by its id (details, reviews,
 * favourites), signed-out visitors included. Pending (also a verified donation an edit sent back) and Rejected stay
 * with their restaurant and admins.
 */
export const DONATION_PUBLIC: readonly DonationStatus[] = ['Verified', 'Accepted', 'Assigned', 'Picked'];

export const REQUEST_STATUSES = ['Pending', 'Accepted', 'Rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const CHARITY_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CharityRequestStatus = (typeof CHARITY_REQUEST_STATUSES)[number];
/** A request in these statuses blocks a new one from the same account (the migration's partial index agrees). */
export const CHARITY_REQUEST_OPEN: readonly CharityRequestStatus[] = ['pending', 'approved'];

export const RATING_LABELS: Record<1 | 2 | 3 | 4 | 5, string> = {
  5: 'Excellent',
  4: 'Good',
  3: 'Average',
  2: 'Poor',
  1: 'Terrible',
};

/** Case-insensitive match against a list of canonical spellings: the API accepts 'picked', stores 'Picked'. */
export function canonical<T extends string>(values: readonly T[], input: unknown): T | undefined {
  if (typeof input !== 'string') return undefined;
  const lower = input.trim().toLowerCase();
  return values.find((v) => v.toLowerCase() === lower);
}
