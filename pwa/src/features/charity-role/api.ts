// The charity-role request: existing-request check, the $25 fee's payment intent, and the request itself.
import { CHARITY_ROLE_FEE_CENTS } from '@foodbridge/shared/constants';
import type { CharityRequest, PaymentIntentResponse } from '@foodbridge/shared/schemas/charity-request';
import { getAuthConfig } from '@/lib/auth/app-config';
import { api } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

export const useMyCharityRequests = (email: string | undefined) =>
  useApi<CharityRequest[]>(email ? `/charity-requests?email=${encodeURIComponent(email)}` : null);

/** The server fixes the amount; 2500 is sent as the spec's client does, for the record. */
export const createPaymentIntent = () => api.post<PaymentIntentResponse>('/create-payment-intent', { amount: CHARITY_ROLE_FEE_CENTS });

/** Test-payment mode only: stands in for the card form. */
export const confirmTestPayment = (paymentIntentId: string) =>
  api.post<{ id: string; status: 'succeeded' }>(`/test-payments/${encodeURIComponent(paymentIntentId)}/confirm`);

export const submitCharityRequest = (body: { organization: string; mission: string; paymentId: string }) =>
  api.post<{ insertedId: string }>('/charity-requests', body);

/** Stripe's publishable key, or null when the server takes test payments. */
export async function getPublishableKey(): Promise<string | null> {
  return (await getAuthConfig()).payments.publishableKey;
}
