import { z } from 'zod';
import { MSG } from '../messages.ts';

export const IdSchema = z.uuid({ message: MSG.invalidId });

/** Trimmed, required text with the spec's message when empty. */
export function requiredText(message: string, max = 2000) {
  return z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `At most ${max} characters` });
}

export const EmailSchema = z
  .string({ message: MSG.emailRequired })
  .trim()
  .min(1, { message: MSG.emailRequired })
  .pipe(z.email({ message: MSG.emailInvalid }))
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
export function imageUrl(message: string) {
  return z
    .string({ message })
    .trim()
    .min(1, { message })
    // An empty string already has the required message above; one message per mistake.
    .refine((url) => url === '' || isImageUrl(url), { message: MSG.imageForeign });
}
export const ImageUrlSchema = imageUrl(MSG.imageRequired);

export interface Inserted {
  insertedId: string;
}
export interface Deleted {
  deletedCount: number;
}
