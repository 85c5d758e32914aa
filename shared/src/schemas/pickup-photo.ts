// Proof-of-pickup photos (issue 49.3): what GET /donations/{donationId}/pickup-photos answers, and what the upload's
// status (GET or HEAD /donations/pickup/{donationId}/photos/{photoId}) says. The upload itself is raw bytes
// (application/offset+octet-stream), described by its headers, not by a schema.
import { z } from 'zod';
import { IMAGE_TYPES } from '../constants.ts';

export const PickupPhotoSchema = z.object({
  /** The id the device chose for the upload. */
  id: z.string(),
  donationId: z.string(),
  /**
   * A private address of the photo, signed and valid for about a day (`/pickup-photos/{id}?exp=...&sig=...`); add
   * `&w=` for a smaller variant, as for `/images/{id}`. Ask the list again for a fresh one.
   */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.enum(IMAGE_TYPES),
  /** The display name of whoever took it. */
  takenBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PickupPhoto = z.infer<typeof PickupPhotoSchema>;

/** How much of an upload the server holds: `offset` of `length` bytes, and the photo once the last byte arrived. */
export const PickupPhotoUploadSchema = z.object({
  offset: z.number().int(),
  length: z.number().int(),
  photo: PickupPhotoSchema.optional(),
});
export type PickupPhotoUpload = z.infer<typeof PickupPhotoUploadSchema>;
