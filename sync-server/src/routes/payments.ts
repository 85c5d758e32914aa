import { Hono } from 'hono';
import { MSG, type PaymentIntentResponse } from '@foodbridge/shared';
import { requireUser } from '../auth/middleware.ts';
import { canConfirmTestPayment, canPayCharityFee, enforce, seesEveryAccount } from '../auth/permissions.ts';
import {
  findOpenCharityRequest,
  listCharityRequests,
  listCharityRequestsOfUser,
  toCharityTransaction,
} from '../db/charity-requests.ts';
import { confirmTestPayment, findPaymentIntent } from '../db/payments.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { conflict, notFound } from '../http/errors.ts';
import { pageOf, parsePage } from '../http/pagination.ts';
import { TEST_MODE_NOTICE } from '../payments/test-provider.ts';

export const paymentRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    // The amount is fixed here, whatever the client sends: the spec's client posts {amount: 2500}, and a tampered
    // one must not buy the charity role for less.
    .post('/create-payment-intent', async (c) => {
      const user = requireUser(c);
      enforce(canPayCharityFee(user));
      if (await findOpenCharityRequest(deps.sql, user.id)) throw conflict(MSG.charityRequestExists);
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
    })
    // Test-payment mode's stand-in for the card form: the owner "pays" their own intent. With Stripe configured the
    // route does not exist, so nobody can mark a real payment as paid.
    .post('/test-payments/:id/confirm', async (c) => {
      if (deps.payments.mode !== 'test') throw notFound('Payment');
      const user = requireUser(c);
      const id = c.req.param('id');
      const row = await findPaymentIntent(deps.sql, id);
      if (!row || row.mode !== 'test') throw notFound('Payment');
      enforce(canConfirmTestPayment(user, row));
      if (!(await confirmTestPayment(deps.sql, id, user.id))) throw notFound('Payment');
      return c.json({ id, status: 'succeeded' as const, mode: 'test' as const });
    })
    // Transaction History: the charity-role fees paid, one per charity request.
    .get('/transactions', async (c) => {
      const user = requireUser(c);
      const page = parsePage(c);
      const rows = seesEveryAccount(user) ? await listCharityRequests(deps.sql, page) : await listCharityRequestsOfUser(deps.sql, user.id, page);
      return c.json(pageOf(c, rows, page).map(toCharityTransaction));
    });
