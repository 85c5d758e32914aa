// The private addresses of proof-of-pickup photos (issue 49.3): `/pickup-photos/{id}?exp=...&sig=...`, an HMAC of the
// photo and the expiry under a key every instance shares (migration 041 keeps it in server_settings). An `<img>`
// sends no token, so the address itself is the permission, handed out only to those who may see the photos, and
// only for a while. `?w=` stays outside the signature: any width of a photo one may see is fine.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an address opens its photo: a day, so a list read in the morning still shows its photos at night. */
const LINK_SECONDS = 24 * 60 * 60;
/** Expiries are whole hours, so a photo keeps one address (and the browser its cached copy) for an hour. */
const ROUND_SECONDS = 60 * 60;

export interface PhotoLink {
  signatureValid: boolean;
  /** Unix seconds; 0 when the address carries none. */
  expiresAt: number;
}

function signature(key: string, photoId: string, expiresAt: number): string {
  return createHmac('sha256', key).update(`pickup-photo:${photoId}:${expiresAt}`).digest('base64url');
}

/** The address of a photo, valid for a day to a day and an hour from `now`. */
export function signedPhotoPath(key: string, photoId: string, now: number = Date.now()): string {
  const expiresAt = (Math.floor(now / 1000 / ROUND_SECONDS) + 1) * ROUND_SECONDS + LINK_SECONDS;
  return `/pickup-photos/${photoId}?exp=${expiresAt}&sig=${signature(key, photoId, expiresAt)}`;
}

/** What an address's `exp` and `sig` say; whether they open the photo is `canOpenPickupPhotoLink`'s to decide. */
export function readPhotoLink(key: string, photoId: string, exp: string | undefined, sig: string | undefined): PhotoLink {
  const expiresAt = exp !== undefined && /^\d{1,12}$/.test(exp) ? Number(exp) : 0;
  const expected = Buffer.from(signature(key, photoId, expiresAt));
  const given = Buffer.from(sig ?? '');
  return { signatureValid: expiresAt > 0 && given.length === expected.length && timingSafeEqual(given, expected), expiresAt };
}
