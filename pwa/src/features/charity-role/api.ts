// The charity-role request: existing-request check, the $25 fee's payment intent, and the request itself.
import type { CharityRequestCreate } from '@foodbridge/shared/schemas/charity-request';
import { getAuthConfig } from '@/lib/auth/app-config';
import { apiPath, call } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

export const useMyCharityRequests = (email: string | undefined) =>
  useApi(email ? apiPath('GET /charity-requests', { query: { email } }) : null);

/** The server fixes the amount (2500 cents), so nothing is sent. */
export const createPaymentIntent = () => call('POST /create-payment-intent');

/** Test-payment mode only: stands in for the card form. */
export const confirmTestPayment = (id: string) => call('POST /test-payments/{id}/confirm', { params: { id } });

export const submitCharityRequest = (body: CharityRequestCreate) => call('POST /charity-requests', { body });

/** Stripe's publishable key, or null when the server takes test payments. */
export async function getPublishableKey(): Promise<string | null> {
  return (await getAuthConfig()).payments.publishableKey;
}
