import { z } from 'zod';
import { ALLERGENS, DIETARY_TAGS, DONATION_STATUSES, FOOD_TYPES, NOT_VEGAN, QUANTITY_UNITS, STORAGE_KINDS } from '../constants.ts';
import { code } from '../error-code.ts';
import { PICKUP_WINDOW_MAX_HOURS, pickupWindowProblem, type PickupWindowProblem } from '../pickup-window.ts';
import { ImageUrlSchema, requiredText } from './common.ts';

export const DonationSchema = z.object({
  _id: z.string(),
  title: z.string(),
  foodType: z.enum(FOOD_TYPES),
  quantity: z.number(),
  unit: z.enum(QUANTITY_UNITS),
  pickupTime: z.string(),
  location: z.string(),
  image: z.string(),
  restaurantName: z.string(),
  restaurantEmail: z.string(),
  status: z.enum(DONATION_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  charityName: z.string().optional(),
  charityEmail: z.string().optional(),
  assignedTo: z.string().optional(),
  assignedType: z.string().optional(),
  /** Beside the spec's fields (issue 46): the charity's member who has the pickup, while it is Assigned. */
  assigneeName: z.string().optional(),
  /** That member's account id: for the charity's own members only. */
  assigneeId: z.string().optional(),
  pickupDate: z.string().optional(),
  review: z.string().optional(),
  reviewedAt: z.string().optional(),
  /** Set while a Verified donation is back in Pending because its restaurant changed what an admin checked. */
  reverifyReason: z.string().optional(),
  /** When the food stops being safe to hand out (ISO time). Absent: it never expires (donations made before it). */
  bestBefore: z.string().optional(),
  /** The pickup point, both or neither. */
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  /** The pickup window (issue 47), both or neither: ISO times with the offset of the place. `pickupTime` says it in words. */
  pickupStart: z.string().optional(),
  pickupEnd: z.string().optional(),
  /** The regular donation it is an occurrence of (issue 47, ADR 020). */
  seriesId: z.string().optional(),
  /**
   * Food safety (issue 50): the allergens it holds, of the 14 the EU names; absent when the restaurant did not say,
   * empty when it said none. Dietary tags and storage, when said.
   */
  allergens: z.array(z.enum(ALLERGENS)).optional(),
  dietary: z.array(z.enum(DIETARY_TAGS)).optional(),
  storage: z.enum(STORAGE_KINDS).optional(),
  /** The restaurant's note to whoever collects (issue 49): where to go, whom to ask. */
  restaurantNote: z.string().optional(),
});
export type Donation = z.infer<typeof DonationSchema>;

/** The longest note a restaurant leaves for the driver. */
export const RESTAURANT_NOTE_MAX = 300;

/** A best-before time is at most this far ahead: surplus food lasts hours or days, not weeks. */
export const BEST_BEFORE_MAX_DAYS = 14;

// Whether a donation is past its best-before time: computed, never stored as a status, on the server and the
// device alike. Defined without zod in ../expiry.ts, so the app's lists can use it too.
export { isExpired } from '../expiry.ts';

/**
 * The best-before rule, one definition for the API and the Add/Edit form: an ISO time with its offset, in the future,
 * at most BEST_BEFORE_MAX_DAYS ahead. Both ends are read from the clock when parsed, not when this module loads.
 */
export const BestBeforeSchema = z
  .string({ error: (iss) => (iss.input === undefined ? code('validation/best-before-required') : code('validation/best-before-invalid')) })
  .trim()
  .pipe(z.iso.datetime({ offset: true, message: code('validation/best-before-invalid') }))
  .refine((v) => Date.parse(v) > Date.now(), { message: code('validation/best-before-past') })
  .refine((v) => Date.parse(v) <= Date.now() + BEST_BEFORE_MAX_DAYS * 86_400_000, {
    message: code('validation/best-before-too-far'),
    params: { days: BEST_BEFORE_MAX_DAYS },
  });

/** Degrees, checked ranges; also the profile's pickup point (user.ts). */
export const LatitudeSchema = z
  .number({ message: code('validation/latitude-number') })
  .min(-90, { message: code('validation/latitude-range') })
  .max(90, { message: code('validation/latitude-range') });
export const LongitudeSchema = z
  .number({ message: code('validation/longitude-number') })
  .min(-180, { message: code('validation/longitude-range') })
  .max(180, { message: code('validation/longitude-range') });

/**
 * Latitude and longitude come together or not at all; the missing one is named. Two refinements with a fixed path
 * each, not one superRefine: the server declares a route's codes from a schema's checks (http/schema-codes.ts).
 */
function bothOrNeither<S extends z.ZodType<{ latitude?: number | undefined; longitude?: number | undefined }>>(schema: S): S {
  return schema
    .refine((v) => !(v.latitude === undefined && v.longitude !== undefined), { path: ['latitude'], message: code('validation/coordinates-pair') })
    .refine((v) => !(v.latitude !== undefined && v.longitude === undefined), { path: ['longitude'], message: code('validation/coordinates-pair') });
}

/** One end of a pickup window: an ISO time with its offset (the restaurant's local time stays readable in it). */
const PickupInstantSchema = z.iso.datetime({ offset: true, message: code('validation/pickup-window-invalid') });

/**
 * The pickup window's rules (shared/src/pickup-window.ts), one refinement per problem with a fixed path, as the
 * server declares a route's codes from them: the first problem of a window is reported, beside its end.
 */
function windowChecked<S extends z.ZodType<{ pickupStart?: string | undefined; pickupEnd?: string | undefined; bestBefore?: string | undefined }>>(schema: S): S {
  const rule = (problem: PickupWindowProblem): [(v: z.output<S>) => boolean, { path: string[]; message: string; params?: Record<string, number> }] => [
    (v) => pickupWindowProblem(v) !== problem,
    { path: ['pickupEnd'], message: code(problem), ...(problem === 'validation/pickup-window-too-long' ? { params: { hours: PICKUP_WINDOW_MAX_HOURS } } : {}) },
  ];
  return schema
    .refine(...rule('validation/pickup-window-pair'))
    .refine(...rule('validation/pickup-window-order'))
    .refine(...rule('validation/pickup-window-too-long'))
    .refine(...rule('validation/pickup-window-ended'))
    .refine(...rule('validation/pickup-window-after-best-before'));
}

/** A list of one enum's values, each at most once (a repeat is dropped), in the enum's own order. */
const setOf = <const T extends readonly [string, ...string[]]>(values: T, unknown: Parameters<typeof code>[0]) =>
  z
    .array(z.enum(values, { message: code(unknown) }), { message: code(unknown) })
    .max(values.length * 2, { message: code(unknown) })
    .transform((list) => values.filter((v) => list.includes(v)) as T[number][]);

type FoodSafety = { allergens?: readonly string[] | null | undefined; dietary?: readonly string[] | null | undefined };
export type FoodSafetyProblem = 'validation/vegan-with-animal-allergen' | 'validation/gluten-free-with-gluten';

/**
 * What contradicts itself in a donation's food safety: vegan food holding an animal allergen, gluten-free food
 * holding gluten. The schemas check a body with it; the server checks an edit against what the donation has.
 */
export function foodSafetyProblem(v: FoodSafety): FoodSafetyProblem | undefined {
  if (v.dietary?.includes('vegan') && v.allergens?.some((a) => (NOT_VEGAN as readonly string[]).includes(a))) return 'validation/vegan-with-animal-allergen';
  if (v.dietary?.includes('gluten-free') && v.allergens?.includes('gluten')) return 'validation/gluten-free-with-gluten';
  return undefined;
}

/** One refinement per problem with a fixed path, as the server declares a route's codes from a schema's checks. */
function foodSafetyChecked<S extends z.ZodType<FoodSafety>>(schema: S): S {
  const rule = (problem: FoodSafetyProblem): [(v: z.output<S>) => boolean, { path: string[]; message: string }] => [
    (v) => foodSafetyProblem(v) !== problem,
    { path: ['dietary'], message: code(problem) },
  ];
  return schema.refine(...rule('validation/vegan-with-animal-allergen')).refine(...rule('validation/gluten-free-with-gluten'));
}

const quantity = z.coerce
  .number({ message: code('validation/quantity-required') })
  .refine((n) => Number.isFinite(n), { message: code('validation/quantity-required') })
  .refine((n) => n > 0, { message: code('validation/quantity-positive') })
  .refine((n) => n <= 100000, { message: code('validation/quantity-too-large') });

/**
 * What a restaurant sends to create a donation. Owner, status and dates are the server's: any such field in the
 * body is dropped by the schema.
 */
const DonationFieldsSchema = z.object({
  title: requiredText('validation/title-required', 120),
  foodType: z.enum(FOOD_TYPES, { message: code('validation/food-type-required') }),
  quantity,
  unit: z.enum(QUANTITY_UNITS).default('kg'),
  // The spec's clients send this text alone; a window without it gets its text from the server (pickupWindowText).
  pickupTime: requiredText('validation/pickup-time-required', 120).optional(),
  location: requiredText('validation/location-required', 200),
  image: ImageUrlSchema,
  // Optional for the API: the spec's clients send none, and such a donation never expires.
  bestBefore: BestBeforeSchema.optional(),
  latitude: LatitudeSchema.optional(),
  longitude: LongitudeSchema.optional(),
  pickupStart: PickupInstantSchema.optional(),
  pickupEnd: PickupInstantSchema.optional(),
  // Food safety (issue 50): allergens absent = not said, [] = none of the 14.
  allergens: setOf(ALLERGENS, 'validation/allergen-unknown').optional(),
  dietary: setOf(DIETARY_TAGS, 'validation/dietary-unknown').optional(),
  storage: z.enum(STORAGE_KINDS, { message: code('validation/storage-unknown') }).optional(),
  // Empty on an update removes the note.
  restaurantNote: z.string().trim().max(RESTAURANT_NOTE_MAX, { message: code('validation/text-too-long') }).optional(),
});

/** A new donation says when it can be collected: in words (the spec's clients), as a window, or both. */
const withPickupTime = <S extends z.ZodType<{ pickupTime?: string | undefined; pickupStart?: string | undefined }>>(schema: S): S =>
  schema.refine((v) => v.pickupTime !== undefined || v.pickupStart !== undefined, { path: ['pickupTime'], message: code('validation/pickup-time-required') });

export const DonationCreateSchema = withPickupTime(foodSafetyChecked(windowChecked(bothOrNeither(DonationFieldsSchema))));
export type DonationCreate = z.input<typeof DonationCreateSchema>;

/**
 * What the Add Donation form checks: the API's body with a best-before required. The API itself keeps it optional
 * for the spec's clients, which send none.
 */
export const DonationCreateWithBestBeforeSchema = withPickupTime(
  foodSafetyChecked(windowChecked(bothOrNeither(DonationFieldsSchema.extend({ bestBefore: BestBeforeSchema })))),
);

// Without the create schema's default unit: a partial update that leaves the unit out must not reset it to kg.
// Its window is checked by itself here, and against what the donation has by the server (a new best before alone).
export const DonationUpdateSchema = foodSafetyChecked(windowChecked(bothOrNeither(DonationFieldsSchema.extend({ unit: z.enum(QUANTITY_UNITS) }).partial()))).refine((v) => Object.keys(v).length > 0, {
    message: code('validation/nothing-to-update'),
  });
export type DonationUpdate = z.input<typeof DonationUpdateSchema>;

export const DonationReviewSchema = z.object({
  review: requiredText('validation/review-required', 2000),
});

/** PATCH /donations/{id}/assignee (issue 46): the charity's member who takes the pickup, or null for nobody. */
export const AssigneeUpdateSchema = z.object({
  userId: z.uuid({ message: code('validation/invalid-id') }).nullable(),
});
export type AssigneeUpdate = z.input<typeof AssigneeUpdateSchema>;
