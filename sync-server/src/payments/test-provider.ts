import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/connection.ts';
import { findPaymentIntent, recordPaymentIntent } from '../db/payments.ts';
import { FEE, type CreatedIntent, type PaymentIntentInfo, type PaymentProvider } from './provider.ts';

export const TEST_MODE_NOTICE = 'Test payment mode: no card is charged. Set STRIPE_SECRET_KEY to take real payments.';

/**
 * Without Stripe keys the server keeps its own intents, so the whole fee flow (and every check on it) still runs.
 * The client "pays" with POST /test-payments/{id}/confirm, which only exists in this mode.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly mode = 'test' as const;

  constructor(private readonly sql: Sql) {}

  async createFeeIntent(user: { id: string; email: string }): Promise<CreatedIntent> {
    const id = `pi_test_${randomBytes(12).toString('hex')}`;
    const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
    await recordPaymentIntent(this.sql, {
      id,
      userId: user.id,
      email: user.email,
      amount: FEE.amount,
      currency: FEE.currency,
      mode: 'test',
      status: 'requires_payment_method',
    });
    return { id, status: 'requires_payment_method', amount: FEE.amount, currency: FEE.currency, email: user.email, clientSecret };
  }

  async retrieve(id: string): Promise<PaymentIntentInfo | undefined> {
    const row = await findPaymentIntent(this.sql, id);
    if (!row || row.mode !== 'test') return undefined;
    return { id: row.payment_intent_id, status: row.status, amount: row.amount, currency: row.currency, email: row.email };
  }
}
