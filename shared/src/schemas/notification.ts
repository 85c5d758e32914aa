// Notifications (issue 11): what the server tells each person, in the app (GET /notifications, replicated to the device)
// and by web push. One list of kinds, shared by the server that writes them, the app that shows them and the push
// preferences a device keeps.
import { z } from 'zod';

/** Every kind of notification, as `<audience or thing>.<what happened>`. */
export const NOTIFICATION_KINDS = [
  /** Admins: a donation waits for verification. */
  'donation.awaiting-verification',
  /** Admins: a charity-role request waits for a decision. */
  'charity-role.awaiting-decision',
  /** The restaurant: its donation was verified / rejected. */
  'donation.verified',
  'donation.rejected',
  /** The restaurant: a charity requested its donation / cancelled its request. */
  'request.made',
  'request.cancelled',
  /** The charity: its request was accepted / rejected (declined because another was accepted counts as rejected). */
  'request.accepted',
  'request.rejected',
  /** The charity: a donation it had been given was released by an admin, or deleted. */
  'donation.released',
  'donation.deleted',
  /** Charities that asked for it: a newly verified donation within their distance or food types. */
  'donation.nearby',
  /** The user: their charity-role request was approved / rejected; an admin changed their role. */
  'charity-role.approved',
  'charity-role.rejected',
  'user.role-changed',
  /** The restaurant: a charity confirmed the pickup of its donation. */
  'pickup.confirmed',
  /** A charity's member: a coordinator gave them a pickup (issue 46). */
  'pickup.assigned',
  /** The charity: an accepted pickup's best-before is an hour away. */
  'reminder.pickup-soon',
  /** The restaurant: a verified donation nobody requested is two hours from its best-before. */
  'reminder.unrequested',
  /** The charity (its driver): an agreed pickup's window opens within the hour (issue 47). */
  'reminder.window-opens',
  /** The restaurant: an agreed pickup's window closed without a confirmed pickup; was it collected? */
  'reminder.window-closed',
  /** Admins: a regular donation waits for verification (issue 47, ADR 020). */
  'series.awaiting-verification',
  /** The restaurant: its regular donation was verified / rejected; a charity asked for a standing pickup of it. */
  'series.verified',
  'series.rejected',
  'series.requested',
  /** The charity: its standing pickup was accepted / declined; a date of it was skipped; it was ended by the other side. */
  'series.accepted',
  'series.declined',
  'series.skipped',
  /** Either side: the other ended the standing pickup, or the restaurant ended the series. */
  'series.ended',
  /** The charity: the restaurant changed the quantity of a regular donation's date it will collect (issue 47). */
  'pickup.quantity-changed',
  /** A side of a request's conversation: the other side wrote (issue 48). */
  'message.received',
  /** Sent from the profile's 'Send a test notification'; never stored. */
  'test',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How long before best-before each reminder is sent. */
export const REMINDER_PICKUP_SOON_MS = 60 * 60 * 1000;
export const REMINDER_UNREQUESTED_MS = 2 * 60 * 60 * 1000;
/** How long before an agreed pickup's window opens its charity is reminded (issue 47). */
export const REMINDER_WINDOW_OPENS_MS = 60 * 60 * 1000;

/** An item of `GET /notifications`, and a replicated document (plus `_deleted`). */
export const NotificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The app's path of the thing it is about, such as `/donations/abc` or `/dashBoard/requestedDonations`. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** What a push message carries (the service worker shows it and opens `link` on click). */
export const PushMessageSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  /** The notification's id, so that the app can mark it read when opened from the lock screen. */
  id: z.string().optional(),
});
export type PushMessage = z.infer<typeof PushMessageSchema>;
