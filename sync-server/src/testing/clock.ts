/**
 * Resolves once the clock has moved on to the next millisecond. The embedded database's clock (PGlite's now()) counts
 * whole milliseconds, so two writes answered within the same one get the same created_at and "newest first" cannot
 * tell them apart (the tie falls to their random ids). A test asserting the order of writes made back to back waits
 * for this between them; on a warm test process two small requests often take less than a millisecond.
 */
export async function nextMillisecond(): Promise<void> {
  const now = Date.now();
  while (Date.now() === now) await new Promise((resolve) => setTimeout(resolve, 1));
}
