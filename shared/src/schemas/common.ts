import { z } from 'zod';
import { code } from '../error-code.ts';
import type { ErrorCode } from '../errors.ts';

export const IdSchema = z.uuid({ message: code('validation/invalid-id') });

/** Trimmed, required text with the spec's message (its code, `required`) when empty. */
export function requiredText(required: ErrorCode, max = 2000) {
  return z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(max, { message: code('validation/text-too-long') });
}

export const EmailSchema = z
  .string({ message: code('validation/email-required') })
  .trim()
  .min(1, { message: code('validation/email-required') })
  .pipe(z.email({ message: code('validation/email-invalid') }))
  .transform((e) => e.toLowerCase());

/**
 * Origins besides our own whose image URLs are trusted. The single place where a configured storage origin
 * (issue 14) would be added; until then only our own `/images/<uuid>` endpoint is accepted, so no
 * `javascript:`, `data:` or third-party tracker URL ever reaches an `<img>` shown to other users.
 */
export const TRUSTED_IMAGE_ORIGINS: readonly string[] = [];

// The exact shape POST /images answers with (`/images/{id}`), optionally with a `?w=` variant width.
const OWN_IMAGE_PATH = /^\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\?w=\d{1,4})?$/i;

export function isImageUrl(url: string): boolean {
  if (OWN_IMAGE_PATH.test(url)) return true;
  return TRUSTED_IMAGE_ORIGINS.some((origin) => url.startsWith(`${origin}/`));
}

/** A picture URL: our own image endpoint only (see TRUSTED_IMAGE_ORIGINS). */
export function imageUrl(required: ErrorCode) {
  return z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    // An empty string already has the required message above; one message per mistake.
    .refine((url) => url === '' || isImageUrl(url), { message: code('validation/image-foreign') });
}
export const ImageUrlSchema = imageUrl('validation/image-required');

export interface Inserted {
  insertedId: string;
}
export interface Deleted {
  deletedCount: number;
}
