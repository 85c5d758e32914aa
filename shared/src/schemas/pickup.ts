import { z } from 'zod';
import { DonationSchema, type Donation } from './donation.ts';

/** An item of `GET /my-pickups`: the donation itself, plus the spec's `donationTitle` (the same as `title`). */
export const PickupItemSchema = DonationSchema.extend({
  donationTitle: z.string(),
});
export type PickupItem = z.infer<typeof PickupItemSchema>;

/** Answer of `PATCH /donations/pickup/{id}` and `PATCH /donations/review/{id}`: the donation as it now stands. */
export interface DonationChangeResult {
  modifiedCount: number;
  donation: Donation;
}
