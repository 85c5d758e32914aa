import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, PaymentIntentResponseSchema } from '@foodbridge/shared';
import { TEST_MODE_NOTICE } from '../payments/test-provider.ts';
import { createCharityRequestInput } from '@foodbridge/shared/testing/factories';
import type { StripeStub } from '../testing/stripe-stub.ts';
import { createStripeTestApp, createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

describe('payments with Stripe (real SDK against a local stub)', () => {
  let t: TestApp & { stub: StripeStub };
  beforeAll(async () => {
    t = await createStripeTestApp();
  });
  afterAll(() => t?.close());

  it('creates a 2500-cent USD intent with the caller e-mail in metadata, whatever amount the body names', async () => {
    const u = await createUser(t);
    const res = await t.post('/create-payment-intent', { amount: 1 }, u.token);
    expect(res.status).toBe(200);
    expect(PaymentIntentResponseSchema.parse(res.body)).toEqual({
      clientSecret: expect.stringMatching(/^pi_\w+_secret_/),
      paymentIntentId: expect.stringMatching(/^pi_/),
      mode: 'stripe',
      amount: 2500,
      currency: 'usd',
    });
    expect(res.body.message).toBeUndefined();
    const intent = t.stub.intents.get(res.body.paymentIntentId);
    expect(intent).toMatchObject({ amount: 2500, currency: 'usd', metadata: { email: u.email, userId: u.id } });
    const sent = t.stub.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.form['metadata[email]'] === u.email);
    expect(sent?.form).toMatchObject({ amount: '2500', currency: 'usd' });
    expect(sent?.authorization).toBe('Bearer sk_test_x');
  });

  it('has no test-payment confirmation when Stripe is configured', async () => {
    const u = await createUser(t);
    const intent = await t.post('/create-payment-intent', {}, u.token);
    const res = await t.post(`/test-payments/${intent.body.paymentIntentId}/confirm`, {}, u.token);
    expect(res.status).toBe(404);
    // Signed out too: the route does not tell that it exists elsewhere.
    expect((await t.post(`/test-payments/${intent.body.paymentIntentId}/confirm`, {})).status).toBe(404);
    expect(t.stub.intents.get(intent.body.paymentIntentId)?.status).toBe('requires_payment_method');
  });

  it('answers a Stripe outage with a 502 the client can retry', async () => {
    const u = await createUser(t);
    t.stub.unavailable = true;
    // The server's log line for the operator, expected here: checked, not printed among the test results.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await t.post('/create-payment-intent', {}, u.token);
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/payment service/i);
      expect(logged).toHaveBeenCalledWith('Stripe request failed', expect.any(String));
    } finally {
      logged.mockRestore();
      t.stub.unavailable = false;
    }
  });
});

describe('payments in test-payment mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function paidRequest(u: TestUser, organization = 'Food Aid') {
    const intent = await t.post('/create-payment-intent', {}, u.token);
    await t.post(`/test-payments/${intent.body.paymentIntentId}/confirm`, {}, u.token);
    const res = await t.post('/charity-requests', createCharityRequestInput({ organization, paymentId: intent.body.paymentIntentId }), u.token);
    expect(res.status).toBe(201);
    return { id: res.body.insertedId as string, paymentId: intent.body.paymentIntentId as string };
  }

  it('creates a labelled test intent', async () => {
    const u = await createUser(t);
    const res = await t.post('/create-payment-intent', { amount: 5 }, u.token);
    expect(res.status).toBe(200);
    expect(PaymentIntentResponseSchema.parse(res.body)).toMatchObject({ mode: 'test', amount: 2500, currency: 'usd', message: TEST_MODE_NOTICE });
    expect(res.body.clientSecret.startsWith(`${res.body.paymentIntentId}_secret_`)).toBe(true);
  });

  it('refuses an intent to the signed out, to charities, admins and restaurants, and while a request is open', async () => {
    expect((await t.post('/create-payment-intent', {})).status).toBe(401);
    const charity = await createUser(t, { role: 'charity' });
    const charityRes = await t.post('/create-payment-intent', {}, charity.token);
    expect(charityRes.status).toBe(409);
    expect(charityRes.body.message).toBe('You already have the charity role.');
    const admin = await createUser(t, { role: 'admin' });
    expect((await t.post('/create-payment-intent', {}, admin.token)).status).toBe(409);
    const restaurant = await createUser(t, { role: 'restaurant' });
    expect((await t.post('/create-payment-intent', {}, restaurant.token)).status).toBe(403);

    const u = await createUser(t);
    await paidRequest(u);
    const again = await t.post('/create-payment-intent', {}, u.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.charityRequestExists);
  });

  it('lets only the owner confirm a test payment', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const intent = await t.post('/create-payment-intent', {}, owner.token);
    const id = intent.body.paymentIntentId;
    expect((await t.post(`/test-payments/${id}/confirm`, {})).status).toBe(401);
    const stranger = await t.post(`/test-payments/${id}/confirm`, {}, other.token);
    expect(stranger.status).toBe(403);
    expect((await t.post('/test-payments/pi_test_unknown/confirm', {}, owner.token)).status).toBe(404);
    const [before] = await t.sql`SELECT status FROM payments WHERE payment_intent_id = ${id}`;
    expect(before!.status).toBe('requires_payment_method');
    const ok = await t.post(`/test-payments/${id}/confirm`, {}, owner.token);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ id, status: 'succeeded', mode: 'test' });
  });

  it('lists the caller own transactions in dollars, and every one to an admin', async () => {
    expect((await t.get('/transactions')).status).toBe(401);
    const a = await createUser(t);
    const b = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const paidA = await paidRequest(a, 'Org A');
    const paidB = await paidRequest(b, 'Org B');

    const mine = await t.get('/transactions', a.token);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      { transactionId: paidA.paymentId, amount: 25, organization: 'Org A', requestDate: expect.any(String), status: 'pending' },
    ]);
    expect(Number.isNaN(Date.parse(mine.body[0].requestDate))).toBe(false);

    const all = await t.get('/transactions', admin.token);
    const ids = all.body.map((x: { transactionId: string }) => x.transactionId);
    expect(ids).toEqual(expect.arrayContaining([paidA.paymentId, paidB.paymentId]));
    // Newest first.
    expect(ids.indexOf(paidB.paymentId)).toBeLessThan(ids.indexOf(paidA.paymentId));

    const none = await t.get('/transactions', (await createUser(t)).token);
    expect(none.body).toEqual([]);
  });
});
