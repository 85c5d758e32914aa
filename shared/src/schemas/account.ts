// What an account does with itself (issue 45.8): the download of its data and its deletion. Changing the password
// and the e-mail are sign-in matters, beside the password rules in user.ts.
import { z } from 'zod';
import { CharityRequestSchema } from './charity-request.ts';
import { DonationRequestSchema } from './donation-request.ts';
import { DonationSchema } from './donation.ts';
import { FavoriteSchema } from './favorite.ts';
import { PickupReportSchema } from './impact.ts';
import { PushDeviceSchema } from './push.ts';
import { ReviewSchema } from './review.ts';
import { CurrentPasswordSchema, UserSchema } from './user.ts';

/**
 * The name a deleted account's donations, requests, reviews and history show instead of the person's. Stored as the
 * account's name (and in the copies of it that donations and requests keep); the app may say it in its own words.
 */
export const DELETED_ACCOUNT_NAME = 'Deleted account';
/**
 * A deleted account's e-mail becomes `<account id>@deleted.invalid` (a domain that cannot receive mail, RFC 2606): the
 * person's address is free to register again, and nothing that is looked up by e-mail finds their old rows.
 */
export const DELETED_ACCOUNT_EMAIL_DOMAIN = 'deleted.invalid';

/**
 * DELETE /users/me. `password` proves it is the owner (required on the built-in provider; with Firebase a sign-in of
 * the last minutes does instead). `confirm: true` deletes even though open donations or accepted pickups would be
 * affected: without it the server answers 409 and says how many.
 */
export const AccountDeleteSchema = z.object({
  password: CurrentPasswordSchema.optional(),
  confirm: z.boolean().optional(),
});
export type AccountDeleteInput = z.input<typeof AccountDeleteSchema>;

/** Every replicated row carries the delete flag; an export keeps what was removed too, flagged. */
const removable = { _deleted: z.boolean() };

/**
 * GET /users/me/export: what the account wrote, in the API's own shapes. Nothing secret: no password hash, no token,
 * no push keys.
 */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  account: UserSchema,
  /** A charity's home base and alerts (null where the account set none). */
  notificationSettings: z.object({
    homeAddress: z.string().nullable(),
    homeLatitude: z.number().nullable(),
    homeLongitude: z.number().nullable(),
    notifyRadiusKm: z.number().nullable(),
    notifyFoodTypes: z.array(z.string()),
    /** The phones and browsers that receive its notifications, and the kinds each one turned off. */
    pushDevices: z.array(PushDeviceSchema),
  }),
  /** As a restaurant: the donations it posted. */
  donations: z.array(DonationSchema.extend(removable)),
  /** As a charity: the donations given to it, with the report of each pickup it confirmed. */
  pickups: z.array(DonationSchema.extend({ ...removable, pickupReport: PickupReportSchema.optional() })),
  /** As a charity: its requests for donations. */
  donationRequests: z.array(DonationRequestSchema.extend(removable)),
  reviews: z.array(ReviewSchema.extend(removable)),
  favorites: z.array(FavoriteSchema.extend(removable)),
  charityRequests: z.array(CharityRequestSchema.extend(removable)),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
