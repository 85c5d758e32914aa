import { z } from 'zod';
import { DONATION_STATUSES, FOOD_TYPES, QUANTITY_UNITS } from '../constants.ts';
import { MSG } from '../messages.ts';
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
  pickupDate: z.string().optional(),
  review: z.string().optional(),
  reviewedAt: z.string().optional(),
  /** Set while a Verified donation is back in Pending because its restaurant changed what an admin checked. */
  reverifyReason: z.string().optional(),
});
export type Donation = z.infer<typeof DonationSchema>;

const quantity = z.coerce
  .number({ message: MSG.quantityRequired })
  .refine((n) => Number.isFinite(n), { message: MSG.quantityRequired })
  .refine((n) => n > 0, { message: MSG.quantityPositive })
  .refine((n) => n <= 100000, { message: 'Quantity is too large' });

/**
 * What a restaurant sends to create a donation. Owner, status and dates are the server's: any such field in the
 * body is dropped by the schema.
 */
export const DonationCreateSchema = z.object({
  title: requiredText(MSG.titleRequired, 120),
  foodType: z.enum(FOOD_TYPES, { message: MSG.foodTypeRequired }),
  quantity,
  unit: z.enum(QUANTITY_UNITS).default('kg'),
  pickupTime: requiredText(MSG.pickupTimeRequired, 120),
  location: requiredText(MSG.locationRequired, 200),
  image: ImageUrlSchema,
});
export type DonationCreate = z.input<typeof DonationCreateSchema>;

// Without the create schema's default unit: a partial update that leaves the unit out must not reset it to kg.
export const DonationUpdateSchema = DonationCreateSchema.extend({ unit: z.enum(QUANTITY_UNITS) }).partial().refine((v) => Object.keys(v).length > 0, {
  message: 'Nothing to update',
});
export type DonationUpdate = z.input<typeof DonationUpdateSchema>;

export const DonationReviewSchema = z.object({
  review: requiredText(MSG.reviewDescriptionRequired, 2000),
});
