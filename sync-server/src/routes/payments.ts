import { z } from 'zod';
import { PaymentIntentResponseSchema, TransactionSchema, type PaymentIntentResponse } from '@foodbridge/shared';
import { canConfirmTestPayment, canPayCharityFee, enforce, seesEveryAccount } from '../auth/permissions.ts';
import {
  findOpenCharityRequest,
  listCharityRequests,
  listCharityRequestsOfUser,
  toCharityTransaction,
} from '../db/charity-requests.ts';
import { confirmTestPayment, findPaymentIntent } from '../db/payments.ts';
import { conflict, notFound, unauthorized } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { err, list, ok } from '../openapi/responses.ts';
import { TEST_MODE_NOTICE } from '../payments/test-provider.ts';

export const paymentRoutes = [
  // The amount is fixed here, whatever the client sends: the spec's client posts {amount: 2500}, and a tampered
  // one must not buy the charity role for less.
  route(
    {
      method: 'post',
      path: '/create-payment-intent',
      summary: 'Start paying the $25 charity-role fee',
      description: 'Stripe when configured; otherwise a test payment (`mode: "test"`, no card is charged).',
      tags: ['Payments'],
      security: 'bearer',
      responses: {
        200: ok('A PaymentIntent of 2500 cents USD.', PaymentIntentResponseSchema),
        403: err('Restaurants cannot.', 'charity-request/users-only'),
        409: err('Already a charity or pending.', 'charity-request/admin', 'charity-request/already-charity', 'charity-request/exists'),
        502: err('The payment service could not be reached.', 'payments/unavailable'),
      },
    },
    async (c, { deps, user }) => {
      enforce(canPayCharityFee(user));
      if (await findOpenCharityRequest(deps.sql, user.id)) throw conflict('charity-request/exists');
      const intent = await deps.payments.createFeeIntent(user);
      const body: PaymentIntentResponse = {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        mode: deps.payments.mode,
        amount: intent.amount,
        currency: intent.currency,
        ...(deps.payments.mode === 'test' ? { message: TEST_MODE_NOTICE } : {}),
      };
      return c.json(body);
    },
  ),
  // Test-payment mode's stand-in for the card form: the owner "pays" their own intent. With Stripe configured the
  // route does not exist, so nobody can mark a real payment as paid.
  route(
    {
      method: 'post',
      path: '/test-payments/:id/confirm',
      summary: 'Confirm a test payment (test-payment mode only)',
      tags: ['Payments'],
      security: 'bearer',
      // With Stripe configured the route is not there for anyone: a signed-out caller gets the same 404.
      signIn: (_c, deps) => Promise.reject(deps.payments.mode === 'test' ? unauthorized() : notFound('not-found/payment')),
      params: { id: 'The test PaymentIntent’s id (pi_test_...).' },
      responses: {
        200: ok('Succeeded.', z.object({ id: z.string(), status: z.literal('succeeded'), mode: z.literal('test') })),
        403: err('Not yours.', 'payments/other-account'),
        404: err('No such payment (always, with Stripe configured).', 'not-found/payment'),
      },
    },
    async (c, { deps, user }) => {
      if (deps.payments.mode !== 'test') throw notFound('not-found/payment');
      const id = c.req.param('id')!;
      const row = await findPaymentIntent(deps.sql, id);
      if (!row || row.mode !== 'test') throw notFound('not-found/payment');
      enforce(canConfirmTestPayment(user, row));
      if (!(await confirmTestPayment(deps.sql, id, user.id))) throw notFound('not-found/payment');
      return c.json({ id, status: 'succeeded' as const, mode: 'test' as const });
    },
  ),
  // Transaction History: the charity-role fees paid, one per charity request.
  route(
    {
      method: 'get',
      path: '/transactions',
      summary: 'The caller’s charity-fee payments (every payment for an admin)',
      tags: ['Payments'],
      security: 'bearer',
      list: true,
      responses: { 200: list('Payments.', TransactionSchema) },
    },
    async (c, { deps, user }) => {
      const page = parsePage(c);
      const rows = seesEveryAccount(user) ? await listCharityRequests(deps.sql, page) : await listCharityRequestsOfUser(deps.sql, user.id, page);
      return c.json(pageOf(c, rows, page).map(toCharityTransaction));
    },
  ),
];
