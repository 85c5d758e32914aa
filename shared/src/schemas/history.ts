// The append-only history of changes of state (issue 12): `GET /history` (admins) and `GET /donations/{id}/history`.
import { z } from 'zod';

/** Every kind of change the history records, as `<what>.<what happened to it>`. */
export const HISTORY_KINDS = [
  'donation.created',
  'donation.edited',
  'donation.verified',
  'donation.rejected',
  'donation.deleted',
  /** An admin removed the request it was given through: it is on offer again. */
  'donation.released',
  'request.made',
  'request.cancelled',
  'request.accepted',
  /** Turned down because another charity's request was accepted. */
  'request.declined',
  'request.rejected',
  /** Removed by an admin. */
  'request.deleted',
  /** Pending again because the request accepted instead of it was removed. */
  'request.reopened',
  'pickup.confirmed',
  /** The charity undid its confirmation within PICKUP_UNDO_MINUTES (issue 47); `detail` keeps the report it had. */
  'pickup.undone',
  /**
   * The restaurant said nobody collected the pickup once its window (or best before) had passed (issue 47): a missed
   * pickup of `detail.charityId` (`charityName`); the donation is released to the restaurant in the same change.
   */
  'pickup.not-collected',
  /** A charity's member took the pickup (issue 46). */
  'pickup.claimed',
  /** A coordinator gave it to a member (`detail.userId`, `name`), or took it back from one. */
  'pickup.assigned',
  'pickup.unassigned',
  /** The charity corrected its pickup report (within PICKUP_REPORT_CORRECTION_DAYS). */
  'pickup.report-corrected',
  /** A proof-of-pickup photo was added by the charity (issue 49.3): `detail.photoId`. */
  'pickup.photo-added',
  'charity-role.requested',
  'charity-role.approved',
  'charity-role.rejected',
  'user.role-changed',
  'user.deleted',
  /**
   * Regular donations (issue 47, ADR 020): `detail.seriesId` and `seriesTitle`. An occurrence written by its series'
   * schedule is `donation.generated` (`detail.seriesId`, `date`), Verified or given to its standing pickup's charity.
   */
  'donation.generated',
  'series.created',
  'series.edited',
  'series.verified',
  'series.rejected',
  /** A date skipped (`detail.date`), told to the charity of its standing pickup (`detail.charityId`). */
  'series.skipped',
  'series.ended',
  /** Standing pickups: `requestId` is the series request's, `detail.charityId` its charity. */
  'series-request.made',
  'series-request.accepted',
  'series-request.declined',
  'series-request.ended',
  /** A message of a request's conversation taken away (issue 48): `detail.messageId`, its author's side; not its words. */
  'message.removed',
  /** Organisations (issue 46): `detail.organisationId`, and the member concerned as `detail.userId`, `email`, `name`. */
  'organisation.invited',
  'organisation.invitation-withdrawn',
  'organisation.joined',
  'organisation.role-changed',
  'organisation.member-removed',
  'organisation.left',
  'organisation.owner-changed',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const HistoryEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** The e-mail is left out where the reader may not see it (see the server's permissions). */
  actor: z.object({ email: z.string().optional(), name: z.string() }),
  kind: z.enum(HISTORY_KINDS),
  donationId: z.string().optional(),
  /** The donation request or charity-role request, as the kind says. */
  requestId: z.string().optional(),
  fromState: z.string().optional(),
  toState: z.string().optional(),
  /** What else the change carried, such as a pickup's `{weightKg, outcome}`. */
  detail: z.record(z.string(), z.unknown()),
  /** Admins only: the outbox's Idempotency-Key, which names the device's queued change. */
  idempotencyKey: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
