// Regular donations and standing pickups (issue 47, ADR 020): `/donation-series` and `/series-requests`.
import { z } from 'zod';
import { FOOD_TYPES, QUANTITY_UNITS } from '../constants.ts';
import { code } from '../error-code.ts';
import { isTimeZone } from '../pickup-window.ts';
import { isClockTime, SERIES_KEEPS_HOURS_MAX } from '../series-dates.ts';
import { ImageUrlSchema, requiredText } from './common.ts';
import { LatitudeSchema, LongitudeSchema } from './donation.ts';

export const SERIES_STATUSES = ['Pending', 'Verified', 'Rejected', 'Ended'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

export const SERIES_REQUEST_STATUSES = ['Pending', 'Accepted', 'Declined', 'Ended'] as const;
export type SeriesRequestStatus = (typeof SERIES_REQUEST_STATUSES)[number];

const ClockTimeSchema = z.string({ message: code('validation/series-time-invalid') }).refine(isClockTime, { message: code('validation/series-time-invalid') });
const CalendarDateSchema = z.iso.date({ message: code('validation/series-date-invalid') });

const SeriesFieldsSchema = z.object({
  title: requiredText('validation/title-required', 120),
  foodType: z.enum(FOOD_TYPES, { message: code('validation/food-type-required') }),
  quantity: z.coerce
    .number({ message: code('validation/quantity-required') })
    .refine((n) => Number.isFinite(n), { message: code('validation/quantity-required') })
    .refine((n) => n > 0, { message: code('validation/quantity-positive') })
    .refine((n) => n <= 100000, { message: code('validation/quantity-too-large') }),
  unit: z.enum(QUANTITY_UNITS).default('kg'),
  image: ImageUrlSchema,
  location: requiredText('validation/location-required', 200),
  latitude: LatitudeSchema.optional(),
  longitude: LongitudeSchema.optional(),
  /** ISO weekdays, 1 Monday .. 7 Sunday; or `rrule` instead. */
  weekdays: z
    .array(z.number({ message: code('validation/series-weekday-invalid') }).int({ message: code('validation/series-weekday-invalid') }).min(1, { message: code('validation/series-weekday-invalid') }).max(7, { message: code('validation/series-weekday-invalid') }), {
      message: code('validation/series-weekday-invalid'),
    })
    .min(1, { message: code('validation/series-days-required') })
    .max(7, { message: code('validation/series-weekday-invalid') })
    .optional(),
  /** An RFC 5545 RRULE (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO`): at most one occurrence a day; the server reads it. */
  rrule: z.string({ message: code('validation/series-rrule') }).trim().min(1, { message: code('validation/series-rrule') }).max(500, { message: code('validation/series-rrule') }).optional(),
  /** Wall-clock times in `timeZone`; an end at or before the start is on the next day. */
  windowStart: ClockTimeSchema,
  windowEnd: ClockTimeSchema,
  timeZone: z.string({ message: code('validation/series-time-zone') }).refine(isTimeZone, { message: code('validation/series-time-zone') }),
  startDate: CalendarDateSchema,
  endDate: CalendarDateSchema.optional(),
  /** Hours the food keeps after the window's end: each occurrence's best before. */
  keepsHours: z.coerce
    .number({ message: code('validation/series-keeps-hours') })
    .min(0, { message: code('validation/series-keeps-hours') })
    .max(SERIES_KEEPS_HOURS_MAX, { message: code('validation/series-keeps-hours') }),
});

type SeriesShape = {
  weekdays?: number[] | undefined;
  rrule?: string | undefined;
  windowStart?: string | undefined;
  windowEnd?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | null | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
};

/** The rules between fields, one refinement each with a fixed path (the server declares a route's codes from them). */
function seriesChecked<S extends z.ZodType<SeriesShape>>(schema: S, creating: boolean): S {
  return schema
    .refine((v) => !creating || v.weekdays !== undefined || v.rrule !== undefined, { path: ['weekdays'], message: code('validation/series-days-required') })
    .refine((v) => v.weekdays === undefined || v.rrule === undefined, { path: ['rrule'], message: code('validation/series-days-both') })
    .refine((v) => v.windowStart === undefined || v.windowStart !== v.windowEnd, { path: ['windowEnd'], message: code('validation/series-window-empty') })
    .refine((v) => v.startDate === undefined || v.endDate == null || v.endDate >= v.startDate, { path: ['endDate'], message: code('validation/series-dates-order') })
    .refine((v) => !(v.latitude === undefined && v.longitude !== undefined), { path: ['latitude'], message: code('validation/coordinates-pair') })
    .refine((v) => !(v.latitude !== undefined && v.longitude === undefined), { path: ['longitude'], message: code('validation/coordinates-pair') });
}

/** `POST /donation-series`. */
export const DonationSeriesCreateSchema = seriesChecked(SeriesFieldsSchema, true);
export type DonationSeriesCreate = z.input<typeof DonationSeriesCreateSchema>;

/**
 * `PATCH /donation-series/{id}`: only the fields given change; `weekdays` replaces an RRULE and `rrule` weekdays;
 * `endDate: null` takes the last date away; `paused` stops and restarts the occurrences.
 */
export const DonationSeriesUpdateSchema = seriesChecked(
  SeriesFieldsSchema.omit({ unit: true, endDate: true })
    .extend({ unit: z.enum(QUANTITY_UNITS).optional(), endDate: CalendarDateSchema.nullable().optional(), paused: z.boolean().optional() })
    .partial(),
  false,
);
export type DonationSeriesUpdate = z.input<typeof DonationSeriesUpdateSchema>;

/** The standing pickup a series has, as both sides see it. */
export const StandingPickupSchema = z.object({
  requestId: z.string(),
  charityName: z.string(),
  status: z.enum(SERIES_REQUEST_STATUSES),
  /** The charity's driver its occurrences go to, for the charity's own members. */
  assigneeName: z.string().optional(),
});

export const DonationSeriesSchema = z.object({
  _id: z.string(),
  title: z.string(),
  foodType: z.enum(FOOD_TYPES),
  quantity: z.number(),
  unit: z.enum(QUANTITY_UNITS),
  image: z.string(),
  location: z.string(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  weekdays: z.array(z.number()).optional(),
  rrule: z.string().optional(),
  windowStart: z.string(),
  windowEnd: z.string(),
  timeZone: z.string(),
  startDate: z.string(),
  endDate: z.string().optional(),
  keepsHours: z.number(),
  status: z.enum(SERIES_STATUSES),
  /** Set while a Verified series is back in Pending because its restaurant changed what an admin checked. */
  reverifyReason: z.string().optional(),
  paused: z.boolean(),
  restaurantName: z.string(),
  restaurantEmail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  endedAt: z.string().optional(),
  /** The coming dates skipped (today in the series' zone and after). */
  skippedDates: z.array(z.string()),
  /** The next dates it gives food on (at most SERIES_DAYS_AHEAD days), skipped ones left out. */
  nextDates: z.array(z.string()),
  /** Its accepted standing pickup, where it has one (and the caller may know). */
  standingPickup: StandingPickupSchema.optional(),
});
export type DonationSeries = z.infer<typeof DonationSeriesSchema>;

/** `POST /donation-series/{id}/skip`. */
export const SeriesSkipSchema = z.object({ date: CalendarDateSchema });

/** `POST /donation-series/{id}/requests`: a charity asks for every coming occurrence. */
export const SeriesRequestCreateSchema = z.object({
  requestDescription: requiredText('validation/request-description-required', 1000),
  /** One of the charity's members (a driver) each occurrence is given to; without it, the charity as a whole. */
  assigneeId: z.uuid({ message: code('validation/series-assignee') }).optional(),
});

export const SeriesRequestSchema = z.object({
  _id: z.string(),
  seriesId: z.string(),
  seriesTitle: z.string(),
  restaurantName: z.string(),
  charityName: z.string(),
  /** For the restaurant, the charity itself and admins. */
  charityEmail: z.string().optional(),
  requestDescription: z.string(),
  assigneeName: z.string().optional(),
  status: z.enum(SERIES_REQUEST_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().optional(),
  endedAt: z.string().optional(),
});
export type SeriesRequest = z.infer<typeof SeriesRequestSchema>;
