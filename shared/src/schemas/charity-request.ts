import { z } from 'zod';
import { CHARITY_REQUEST_STATUSES } from '../constants.ts';
import { MSG } from '../messages.ts';
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

export const CharityRequestCreateSchema = z.object({
  organization: requiredText(MSG.organizationRequired, 200),
  mission: requiredText(MSG.missionRequired, 2000),
  paymentId: requiredText('Payment is required', 200),
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
