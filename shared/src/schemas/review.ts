import { z } from 'zod';
import { code } from '../error-code.ts';
import { IdSchema, requiredText } from './common.ts';

export const ReviewSchema = z.object({
  _id: z.string(),
  donationId: z.string(),
  reviewerName: z.string(),
  // Only for an admin, the reviewer, and the reviewer's own list: a donation's public reviews do not show e-mails.
  reviewerEmail: z.string().optional(),
  description: z.string(),
  rating: z.number().int().min(1).max(5),
  createdAt: z.string(),
  donationTitle: z.string(),
  restaurant: z.string(),
  /**
   * Beside the spec's fields (issue 50): written by the charity that collected the food (its account or a member).
   * Only these make a donation's rating; anyone signed in may still write a review, shown apart.
   */
  fromRecipient: z.boolean().optional(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewCreateSchema = z.object({
  donationId: IdSchema,
  description: requiredText('validation/review-required', 2000),
  rating: z.coerce
    .number({ message: code('validation/rating-required') })
    .int({ message: code('validation/rating-required') })
    .min(1, { message: code('validation/rating-range') })
    .max(5, { message: code('validation/rating-range') }),
});
export type ReviewCreate = z.input<typeof ReviewCreateSchema>;
