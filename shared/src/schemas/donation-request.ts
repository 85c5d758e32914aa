import { z } from 'zod';
import { REQUEST_STATUSES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { IdSchema, requiredText } from './common.ts';

export const DonationRequestSchema = z.object({
  _id: z.string(),
  donationId: z.string(),
  donationTitle: z.string(),
  restaurantName: z.string(),
  restaurantEmail: z.string(),
  charityName: z.string(),
  charityEmail: z.string(),
  requestDescription: z.string(),
  pickupTime: z.string(),
  status: z.enum(REQUEST_STATUSES),
  requestDate: z.string(),
  updatedAt: z.string(),
});
export type DonationRequest = z.infer<typeof DonationRequestSchema>;

export const DonationRequestCreateSchema = z.object({
  donationId: IdSchema,
  requestDescription: requiredText(MSG.requestDescriptionRequired, 1000),
  pickupTime: requiredText(MSG.pickupTimeRequired, 40),
});
export type DonationRequestCreate = z.input<typeof DonationRequestCreateSchema>;
