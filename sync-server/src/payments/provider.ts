import { CHARITY_ROLE_FEE_CENTS, CHARITY_ROLE_FEE_CURRENCY, type ErrorCode } from '@foodbridge/shared';

export interface PaymentIntentInfo {
  id: string;
  status: string;
  amount: number;
  currency: string;
  /** The e-mail the intent was created for (Stripe metadata, or our own record in test mode). */
  email?: string | undefined;
}

export interface CreatedIntent extends PaymentIntentInfo {
  clientSecret: string;
}

/** The charity-role fee, through Stripe when keys are set, or the labelled test-payment mode otherwise. */
export interface PaymentProvider {
  readonly mode: 'stripe' | 'test';
  createFeeIntent(user: { id: string; email: string }): Promise<CreatedIntent>;
  retrieve(id: string): Promise<PaymentIntentInfo | undefined>;
}

export const FEE = { amount: CHARITY_ROLE_FEE_CENTS, currency: CHARITY_ROLE_FEE_CURRENCY } as const;

export interface FeePaymentRefusal {
  /** 402 while the payment is still owed; 400 when the intent can never pay for this caller's request. */
  status: 400 | 402;
  code: ErrorCode;
}

/** Why a payment cannot pay for the caller's charity request, or undefined if it can. */
export function feePaymentProblem(info: PaymentIntentInfo | undefined, email: string): FeePaymentRefusal | undefined {
  if (!info) return { status: 400, code: 'payments/not-found' };
  if (info.email?.toLowerCase() !== email.toLowerCase()) return { status: 400, code: 'payments/other-account' };
  if (info.amount !== FEE.amount || info.currency.toLowerCase() !== FEE.currency) {
    return { status: 400, code: 'payments/wrong-amount' };
  }
  if (info.status !== 'succeeded') return { status: 402, code: 'payments/not-succeeded' };
  return undefined;
}
