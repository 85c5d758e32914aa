// Pickup reports and the impact figures computed from them (issue 12). The factors are stated once, here, with their
// sources, and used by the server's GET /impact.
import { z } from 'zod';
import { code } from '../error-code.ts';

/**
 * Kilograms of food per meal: 1.2 lb (0.544 kg), the factor Feeding America uses to turn pounds of food into meals
 * (Feeding America, "Our Food Bank Network", meal calculation methodology; based on USDA's What We Eat in America).
 */
export const KG_PER_MEAL = 0.544;

/**
 * Kilograms of CO2-equivalent avoided per kilogram of food not wasted: 2.5, from FAO's "Food Wastage Footprint:
 * Impacts on Natural Resources" (2013): 3.3 billion tonnes of CO2e for 1.3 billion tonnes of food wasted each year,
 * land-use change excluded.
 */
export const CO2E_KG_PER_KG_FOOD = 2.5;

export const PICKUP_OUTCOMES = ['all', 'part', 'none'] as const;
export type PickupOutcome = (typeof PICKUP_OUTCOMES)[number];
export const PICKUP_NONE_REASONS = ['No food left', 'Food not safe', 'Nobody there', 'Other'] as const;

/**
 * What a charity reports with its pickup confirmation (`PATCH /donations/pickup/{id}` body). Optional as a whole: the
 * spec's clients send no body. Portions are counted as entered; the weight is what was actually taken.
 */
export const PickupReportSchema = z
  .object({
    weightKg: z
      .number({ message: code('validation/weight-number') })
      .min(0, { message: code('validation/weight-negative') })
      .max(100_000, { message: code('validation/weight-too-large') }),
    outcome: z.enum(PICKUP_OUTCOMES, { message: code('validation/outcome-invalid') }),
    reason: z.enum(PICKUP_NONE_REASONS, { message: code('validation/reason-invalid') }).optional(),
    note: z.string().trim().max(500, { message: code('validation/text-too-long') }).optional(),
  })
  // Refinements with a fixed path and code (not one superRefine): the server declares a route's codes from them.
  .refine((r) => !(r.outcome === 'none' && !r.reason), { path: ['reason'], message: code('validation/reason-required') })
  .refine((r) => !(r.outcome === 'none' && r.weightKg !== 0), { path: ['weightKg'], message: code('validation/weight-not-zero') })
  .refine((r) => !(r.outcome !== 'none' && r.weightKg === 0), { path: ['weightKg'], message: code('validation/weight-required') });
export type PickupReport = z.infer<typeof PickupReportSchema>;

/** `GET /donations/{id}/pickup-report`: the report, with when it was picked up and until when it may be corrected. */
export const StoredPickupReportSchema = z.object({
  donationId: z.string(),
  report: PickupReportSchema.nullable(),
  pickupDate: z.string().nullable(),
  correctableUntil: z.string().nullable(),
});
export type StoredPickupReport = z.infer<typeof StoredPickupReportSchema>;
/** `PUT /donations/{id}/pickup-report`: the corrected report, with the count the spec's answers carry. */
export const CorrectedPickupReportSchema = StoredPickupReportSchema.extend({ modifiedCount: z.number().int() });

/**
 * Days after the pickup during which its charity may correct its report (`PUT /donations/{id}/pickup-report`): long
 * enough to weigh the food back at the depot, short enough that monthly figures and exports settle.
 */
export const PICKUP_REPORT_CORRECTION_DAYS = 7;
/** Minutes after confirming a pickup during which its charity may undo it (a wrong tap on Confirm Pickup, issue 47). */
export const PICKUP_UNDO_MINUTES = 10;
export const MSG_PICKUP_REPORT_TOO_LATE = `Reports can be corrected for ${PICKUP_REPORT_CORRECTION_DAYS} days after the pickup.`;

/** GET /impact: the platform's figures, from recorded pickups only. */
export const ImpactSchema = z.object({
  kgRescued: z.number(),
  meals: z.number(),
  co2eKg: z.number(),
  /** Restaurants whose food was picked up, and charities that picked it up. */
  restaurants: z.number(),
  charities: z.number(),
});
export type Impact = z.infer<typeof ImpactSchema>;
