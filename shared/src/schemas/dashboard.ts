// Each role's dashboard figures (issue 12): `GET /dashboard` answers the caller's role's figures, computed from the
// same recorded pickups as `GET /impact` (kilograms only where a weight was reported or the donation was in kg).
import { z } from 'zod';
import { FOOD_TYPES } from '../constants.ts';
import { ImpactSchema } from './impact.ts';

/** Kilograms in one calendar month (UTC), `month` as YYYY-MM; the last 12 months, oldest first, zeros included. */
export const MonthKgSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), kg: z.number() });
export type MonthKg = z.infer<typeof MonthKgSchema>;

/**
 * What became of a restaurant's donations, one bucket each: picked up (all of it, part of it, none of it, or with no
 * report from a client that sends none), waiting for the charity to collect, on offer, waiting for verification,
 * expired unclaimed (past best-before while Pending or Verified), rejected.
 */
export const DONATION_OUTCOME_BUCKETS = [
  'pickedAll',
  'pickedPart',
  'pickedNone',
  'pickedUnreported',
  'awaitingPickup',
  'onOffer',
  'awaitingVerification',
  'expired',
  'rejected',
] as const;
export type DonationOutcomeBucket = (typeof DONATION_OUTCOME_BUCKETS)[number];

export const RestaurantDashboardSchema = z.object({
  role: z.literal('restaurant'),
  totalKg: z.number(),
  kgByMonth: z.array(MonthKgSchema),
  /** Every food type, in FOOD_TYPES order, zeros included. */
  kgByFoodType: z.array(z.object({ foodType: z.enum(FOOD_TYPES), kg: z.number() })),
  /** Every bucket, in DONATION_OUTCOME_BUCKETS order, zeros included. */
  outcomes: z.array(z.object({ outcome: z.enum(DONATION_OUTCOME_BUCKETS), count: z.number() })),
});

export const CharityDashboardSchema = z.object({
  role: z.literal('charity'),
  totalKg: z.number(),
  kgByMonth: z.array(MonthKgSchema),
  /**
   * Confirmed pickups, on time (at or before the donation's best-before, or it had none) or after it. A pickup that
   * collected nothing still counts: it was a trip, and lateness may be why.
   */
  pickups: z.object({ onTime: z.number(), afterBestBefore: z.number() }),
  /** Beside the spec'd figures (issue 47): pickups its restaurants said nobody collected once the window was over. */
  missedPickups: z.number(),
  /**
   * Beside the spec'd figures (issue 46): each member's confirmed pickups and kilograms, the last 12 months as
   * kgByMonth is, most kilograms first. A coordinator sees every member; a driver their own.
   */
  byMember: z.array(
    z.object({ userId: z.string(), name: z.string(), totalKg: z.number(), pickups: z.number(), kgByMonth: z.array(MonthKgSchema) }),
  ),
});

export const RankedKgSchema = z.object({ id: z.string(), name: z.string(), kg: z.number() });
export type RankedKg = z.infer<typeof RankedKgSchema>;

export const AdminDashboardSchema = z.object({
  role: z.literal('admin'),
  /** The same figures as GET /impact. */
  totals: ImpactSchema,
  /** At most 5 each, most kilograms first. */
  topRestaurants: z.array(RankedKgSchema),
  topCharities: z.array(RankedKgSchema),
  /** Beside the spec'd figures (issue 47): the charities with the most pickups nobody collected, at most 5. */
  mostMissed: z.array(z.object({ id: z.string(), name: z.string(), count: z.number() })),
  /** Donations waiting for an admin's verification, and for how long (seconds since posted; null when none wait). */
  waitingVerification: z.object({
    count: z.number(),
    oldestWaitSeconds: z.number().nullable(),
    medianWaitSeconds: z.number().nullable(),
  }),
});

/** A plain user's dashboard has no figures: the welcome and links only. */
export const UserDashboardSchema = z.object({ role: z.literal('user') });

export const DashboardSchema = z.discriminatedUnion('role', [
  RestaurantDashboardSchema,
  CharityDashboardSchema,
  AdminDashboardSchema,
  UserDashboardSchema,
]);
export type RestaurantDashboard = z.infer<typeof RestaurantDashboardSchema>;
export type CharityDashboard = z.infer<typeof CharityDashboardSchema>;
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
export type Dashboard = z.infer<typeof DashboardSchema>;

/** How many restaurants and charities the admin's ranking shows. */
export const DASHBOARD_TOP = 5;
