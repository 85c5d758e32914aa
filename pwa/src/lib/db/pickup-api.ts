import type { DonationChangeResult } from '@foodbridge/shared/schemas/pickup';
import { api } from '@/lib/api-client';

/**
 * The single call that confirms a pickup on the server, used by the outbox (and directly only where there is no
 * local store). The key makes a repeat after a lost answer return the first answer instead of acting twice.
 */
// A weak connection can leave a request hanging with no answer; the outbox must move on and try again later.
const SEND_TIMEOUT_MS = 15_000;

export function sendPickupConfirmation(donationId: string, key: string) {
  return api.patch<DonationChangeResult>(
    `/donations/pickup/${encodeURIComponent(donationId)}`,
    {},
    { headers: { 'Idempotency-Key': key }, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
  );
}
