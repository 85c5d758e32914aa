// When a donation has expired (issue 10): the server's rule and the device's, one definition. Free of zod, so the
// app's list chunks can import it without the schemas.

/** Past its best-before time; a donation without one (or with an unreadable one) never expires. */
export function isExpired(donation: { bestBefore?: string | Date | null | undefined }, now: number = Date.now()): boolean {
  const at = donation.bestBefore;
  if (at === undefined || at === null) return false;
  const time = at instanceof Date ? at.getTime() : Date.parse(at);
  return Number.isFinite(time) && time <= now;
}
