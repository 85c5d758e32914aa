import type Stripe from 'stripe';
import type { Sql } from '../db/connection.ts';
import { recordPaymentIntent } from '../db/payments.ts';
import { ApiError } from '../http/errors.ts';
import { FEE, type CreatedIntent, type PaymentIntentInfo, type PaymentProvider } from './provider.ts';

export class StripePaymentProvider implements PaymentProvider {
  readonly mode = 'stripe' as const;
  private constructor(
    private readonly sql: Sql,
    private readonly stripe: Stripe,
  ) {}

  /**
   * The SDK (~20 MB resident) is loaded only by a server that takes real payments, not by every one that imports
   * this module. `apiBase`: tests point the real SDK at a local stub server.
   */
  static async create(sql: Sql, secretKey: string, apiBase?: string): Promise<StripePaymentProvider> {
    const { default: StripeSdk } = await import('stripe');
    const base = apiBase ? new URL(apiBase) : undefined;
    const stripe = new StripeSdk(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    });
    return new StripePaymentProvider(sql, stripe);
  }

  async createFeeIntent(user: { id: string; email: string }): Promise<CreatedIntent> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create({
        amount: FEE.amount,
        currency: FEE.currency,
        allowed_payment_method_types: ['card'],
        receipt_email: user.email,
        metadata: { email: user.email, userId: user.id, purpose: 'charity-role-fee' },
      });
    } catch (err) {
      throw paymentServiceError(err);
    }
    await recordPaymentIntent(this.sql, {
      id: intent.id,
      userId: user.id,
      email: user.email,
      amount: intent.amount,
      currency: intent.currency,
      mode: 'stripe',
      status: intent.status,
    });
    return { ...toInfo(intent), clientSecret: intent.client_secret ?? '' };
  }

  async retrieve(id: string): Promise<PaymentIntentInfo | undefined> {
    try {
      return toInfo(await this.stripe.paymentIntents.retrieve(id));
    } catch (err) {
      // The SDK's error classes are not imported (see create); its errors name their class in `type`.
      const e = err as { type?: unknown; statusCode?: unknown };
      if (e.type === 'StripeInvalidRequestError' && e.statusCode === 404) return undefined;
      throw paymentServiceError(err);
    }
  }
}

/**
 * Stripe being down or refusing our key is not the caller's fault and not a bug of ours: a 502 they can retry,
 * with the detail in the log rather than in the answer.
 */
function paymentServiceError(err: unknown): ApiError {
  console.error('Stripe request failed', err instanceof Error ? err.message : err);
  return new ApiError(502, 'payments/unavailable');
}

function toInfo(intent: Stripe.PaymentIntent): PaymentIntentInfo {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    email: intent.metadata?.email,
  };
}
