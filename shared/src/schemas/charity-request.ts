import { z } from 'zod';
import { CHARITY_REQUEST_STATUSES } from '../constants.ts';
import { requiredText } from './common.ts';

const CharityTransactionSchema = z.object({
  paymentId: z.string(),
  amount: z.number(),
  timestamp: z.string(),
});

export const CharityRequestSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  organization: z.string(),
  mission: z.string(),
  /** In dollars, as the spec shows it (25). */
  paymentAmount: z.number(),
  paymentId: z.string(),
  status: z.enum(CHARITY_REQUEST_STATUSES),
  requestedAt: z.string(),
  transaction: CharityTransactionSchema,
});
export type CharityRequest = z.infer<typeof CharityRequestSchema>;

/** What anyone, signed out too, may see of a charity request: no e-mail, no payment. */
export const CharityRequestPublicSchema = CharityRequestSchema.pick({
  _id: true,
  name: true,
  organization: true,
  mission: true,
  status: true,
  requestedAt: true,
});
export type CharityRequestPublic = z.infer<typeof CharityRequestPublicSchema>;

/** A row of GET /transactions (Transaction History): one charity-role fee, in dollars as the screen shows it. */
export const TransactionSchema = z.object({
  transactionId: z.string(),
  amount: z.number(),
  organization: z.string(),
  requestDate: z.string(),
  status: z.enum(CHARITY_REQUEST_STATUSES),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const CharityRequestCreateSchema = z.object({
  organization: requiredText('validation/organization-required', 200),
  mission: requiredText('validation/mission-required', 2000),
  paymentId: requiredText('validation/payment-required', 200),
});
export type CharityRequestCreate = z.input<typeof CharityRequestCreateSchema>;

export const PaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** 'test' when the server runs without Stripe keys: no card is charged. */
  mode: z.enum(['stripe', 'test']),
  amount: z.number(),
  currency: z.string(),
  message: z.string().optional(),
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;
