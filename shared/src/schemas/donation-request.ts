import { z } from 'zod';
import { DONATION_STATUSES, REQUEST_STATUSES } from '../constants.ts';
import { code } from '../error-code.ts';
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

/**
 * A request as `GET /donation-requests` answers it: the spec's fields, plus what became of the donation and the
 * planned day. Kept apart from DonationRequestSchema, which is also the device's replicated copy: adding properties
 * there would change its RxDB schema hash.
 */
export const DonationRequestListItemSchema = DonationRequestSchema.extend({
  /** The planned pickup, day and time (ISO); absent on requests made before it was asked for. */
  pickupAt: z.string().optional(),
  /** The donation's own status now (Accepted, Picked, ...), beside the request's. */
  donationStatus: z.enum(DONATION_STATUSES),
  /** When the donation was picked up (ISO), once it was. */
  pickedUpAt: z.string().optional(),
  /**
   * When the restaurant may say nobody collected it (issue 47): its donation's pickup window's end, or, without one,
   * its best before; absent without either.
   */
  collectBy: z.string().optional(),
  /** The restaurant's contact number (its profile's), on an accepted request only: the driver may need to call. */
  restaurantPhone: z.string().optional(),
  /** Messages of the request's conversation the caller's side has not read (issue 48). */
  unreadMessages: z.number().int().optional(),
});
export type DonationRequestListItem = z.infer<typeof DonationRequestListItemSchema>;

/** How far in the past a planned pickup may be when it arrives: a form filled a minute ago is still fine. */
export const PICKUP_AT_GRACE_MS = 10 * 60 * 1000;
/** How far ahead a charity may plan a pickup: surplus food does not keep for months. */
export const PICKUP_AT_MAX_DAYS = 60;

export const DonationRequestCreateSchema = z.object({
  donationId: IdSchema,
  requestDescription: requiredText('validation/request-description-required', 1000),
  pickupTime: requiredText('validation/pickup-time-required', 40),
  pickupAt: z.iso
    .datetime({ offset: true, message: code('validation/pickup-at-invalid') })
    .refine((v) => !(Date.parse(v) < Date.now() - PICKUP_AT_GRACE_MS), { message: code('validation/pickup-at-past') })
    .refine((v) => !(Date.parse(v) > Date.now() + PICKUP_AT_MAX_DAYS * 86_400_000), {
      message: code('validation/pickup-at-too-far'),
      params: { days: PICKUP_AT_MAX_DAYS },
    })
    .optional(),
});
export type DonationRequestCreate = z.input<typeof DonationRequestCreateSchema>;

/** '21 Nov 18:12' in the viewer's time zone (the year only when it is not this year): short enough for a table cell. */
export function formatDayTime(isoTime: string, timeZone?: string, now = new Date()): string {
  const when = new Date(isoTime);
  const parts = (date: Date) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
        .formatToParts(date)
        .map((p) => [p.type, p.value]),
    ) as Record<string, string>;
  const p = parts(when);
  const year = p.year === parts(now).year ? '' : ` ${p.year}`;
  return `${p.day} ${p.month}${year} ${p.hour}:${p.minute}`;
}

/**
 * What became of the donation, said beside an accepted request's own status: 'Accepted - picked up 21 Nov 18:12' or
 * 'Accepted - waiting for pickup'. Undefined for requests that were not accepted (their donation is someone else's
 * business) or when the donation's state is not known.
 */
export function requestOutcome(
  r: Pick<DonationRequest, 'status'> & { donationStatus?: string | undefined; pickedUpAt?: string | undefined },
  timeZone?: string,
): string | undefined {
  if (r.status !== 'Accepted' || !r.donationStatus) return undefined;
  if (r.donationStatus.toLowerCase() === 'picked') {
    return r.pickedUpAt ? `Accepted - picked up ${formatDayTime(r.pickedUpAt, timeZone)}` : 'Accepted - picked up';
  }
  if (r.donationStatus === 'Accepted' || r.donationStatus === 'Assigned') return 'Accepted - waiting for pickup';
  return undefined;
}
