import { z } from 'zod';
import { DONATION_STATUSES, QUANTITY_UNITS } from '../constants.ts';
import { IdSchema } from './common.ts';

export const FavoriteSchema = z.object({
  _id: z.string(),
  favoriteId: z.string(),
  donationId: z.string(),
  email: z.string(),
  title: z.string(),
  image: z.string(),
  restaurant: z.string(),
  location: z.string(),
  status: z.enum(DONATION_STATUSES),
  quantity: z.number(),
  /** The quantity's unit, beside the spec's fields (a favourite saved on a device before it existed has none). */
  unit: z.enum(QUANTITY_UNITS).optional(),
  createdAt: z.string(),
});
export type Favorite = z.infer<typeof FavoriteSchema>;

/** The client may choose the favourite's id (an offline-created favourite keeps it when it syncs). */
export const FavoriteCreateSchema = z.object({
  donationId: IdSchema,
  favoriteId: IdSchema.optional(),
});
