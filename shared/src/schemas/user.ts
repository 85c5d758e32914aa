import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, ROLES } from '../constants.ts';
import { LOCALES } from '../languages.ts';
import { code } from '../error-code.ts';
import { EmailSchema, isImageUrl, requiredText } from './common.ts';
import { LatitudeSchema, LongitudeSchema } from './donation.ts';

// An empty string still means "no photo", as before; anything else must be one of our own images.
const photoURL = z
  .string()
  .trim()
  .refine((url) => url === '' || isImageUrl(url), { message: code('validation/image-foreign') })
  .optional();

const RoleSchema = z.enum(ROLES);

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  displayName: z.string().optional(),
  photoURL: z.string().optional(),
  mission: z.string().optional(),
  address: z.string().optional(),
  phone: z.string().optional(),
  createdAt: z.string(),
  created_at: z.string(),
  last_login: z.string().optional(),
  /** Whether the owner opened the link e-mailed to this address (or the provider says it is verified). */
  emailVerified: z.boolean().optional(),
  /** A restaurant's pickup point (with `address` as its text): both or neither. New donations take it by default. */
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  /** The language the account chose (the app's language menu); absent until it chooses one. Pushes and e-mails use it. */
  locale: z.enum(LOCALES).optional(),
});
export type User = z.infer<typeof UserSchema>;

/** POST /users: the signed-in user registers (or refreshes) itself; identity comes from the token. */
export const UserUpsertSchema = z.object({
  name: z.string().trim().max(120).optional(),
  // In firebase mode a Google account sends its Google photo (lh3.googleusercontent.com). Refusing it would
  // refuse the sign-in itself, so a foreign URL is dropped silently: nothing is stored and the app shows its
  // placeholder.
  photoURL: z
    .string()
    .trim()
    .optional()
    .transform((url) => (url !== undefined && isImageUrl(url) ? url : undefined)),
});

/** A coordinate given (or removed) without its partner. */
function pairBroken(v: { latitude?: number | null | undefined; longitude?: number | null | undefined }): boolean {
  const has = (x: number | null | undefined) => typeof x === 'number';
  return has(v.latitude) !== has(v.longitude) || (v.latitude === null) !== (v.longitude === null);
}

/** What a restaurant's or charity's profile shows, as an account or an organisation (ADR 018) has it. */
const profileFields = {
  name: z.string().trim().min(1, { message: code('validation/name-required') }).max(120).optional(),
  photoURL,
  address: z.string().trim().max(300).optional(),
  phone: z.string().trim().max(40).optional(),
  mission: z.string().trim().max(2000).optional(),
  latitude: LatitudeSchema.nullable().optional(),
  longitude: LongitudeSchema.nullable().optional(),
};

/**
 * The pickup point's coordinates come both or neither; both null removes it (an absent pair leaves it as it is). Two
 * refinements with a fixed path each, not one superRefine: the server declares a route's codes from them. The field
 * named is the one missing its partner: the longitude when a latitude (or its removal) came alone.
 */
const withWholePlace = <T extends z.ZodType<{ latitude?: number | null | undefined; longitude?: number | null | undefined }>>(schema: T) =>
  schema
    .refine((v) => !(pairBroken(v) && (typeof v.latitude === 'number' || v.latitude === null)), {
      path: ['longitude'],
      message: code('validation/coordinates-pair'),
    })
    .refine((v) => !(pairBroken(v) && !(typeof v.latitude === 'number' || v.latitude === null)), {
      path: ['latitude'],
      message: code('validation/coordinates-pair'),
    });

/** PATCH /users/me: profile fields the user may edit, and the language it reads in. */
export const ProfileUpdateSchema = withWholePlace(z.object({ ...profileFields, locale: z.enum(LOCALES).optional() }));
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

/**
 * PATCH /organisations/mine: the organisation's profile (name, logo, address, phone, mission, pickup point), which
 * its managers or coordinators edit, whoever founded it.
 */
export const OrganisationProfileUpdateSchema = withWholePlace(z.object(profileFields));
export type OrganisationProfileUpdate = z.input<typeof OrganisationProfileUpdateSchema>;

/** Accepts any casing ('Admin', 'ADMIN'); stores the canonical lower-case role. */
export const RoleUpdateSchema = z.object({
  role: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), RoleSchema),
});

const password = z
  .string({ message: code('validation/password-required') })
  .min(1, { message: code('validation/password-required') })
  .min(PASSWORD_MIN_LENGTH, { message: code('validation/password-too-short') })
  .max(200, { message: code('validation/password-too-long') });

/**
 * The password an account has now, to prove it is its owner: only required, as an older password may predate today's
 * rules (those are for choosing one).
 */
export const CurrentPasswordSchema = z
  .string({ message: code('validation/password-required') })
  .min(1, { message: code('validation/password-required') })
  .max(200, { message: code('validation/password-too-long') });

export const LoginSchema = z.object({ email: EmailSchema, password });
export type LoginInput = z.input<typeof LoginSchema>;

export const RegisterSchema = z.object({
  name: requiredText('validation/name-required', 120),
  email: EmailSchema,
  password,
  photoURL,
  /** The language the person registered in: the verification e-mail, sent at once, is written in it. */
  locale: z.enum(LOCALES).optional(),
});
export type RegisterInput = z.input<typeof RegisterSchema>;

export const RefreshSchema = z.object({ refreshToken: z.string().min(1).max(500) });
/** POST /auth/logout: ends this device's session, or with `everywhere` every session of the account. */
export const LogoutSchema = RefreshSchema.extend({ everywhere: z.boolean().optional() });

/** POST /auth/password-reset-email: where to send a reset link, if an account has that e-mail. */
export const PasswordResetEmailSchema = z.object({ email: EmailSchema });

/** The token of an e-mailed link, as the link's page sends it back. Unknown tokens are a 400 of their own. */
const INVALID_LINK = code('auth/invalid-action-code');
const linkToken = z.string({ message: INVALID_LINK }).trim().min(1, { message: INVALID_LINK }).max(200, { message: INVALID_LINK });

/** POST /auth/verify-email. */
export const VerifyEmailSchema = z.object({ token: linkToken });

/** POST /auth/reset-password: the link's token and the new password, under the same rule as registration. */
export const ResetPasswordSchema = z.object({ token: linkToken, password });
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;

/** POST /auth/change-password: the password now, and the new one under the rule of registration. */
export const ChangePasswordSchema = z.object({ currentPassword: CurrentPasswordSchema, newPassword: password });
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

/** POST /auth/change-email: the new address (a link goes there) and the password, as proof it is the owner asking. */
export const ChangeEmailSchema = z.object({ newEmail: EmailSchema, password: CurrentPasswordSchema });
export type ChangeEmailInput = z.input<typeof ChangeEmailSchema>;
