import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CharityRequestPublicSchema, CharityRequestSchema, MSG, NEW_CHARITY_ALERT_RADIUS_KM } from '@foodbridge/shared';
import { createCharityRequestInput } from '@foodbridge/shared/testing/factories';
import type { StripeStub } from '../testing/stripe-stub.ts';
import { createStripeTestApp, createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';


describe('charity requests paid through Stripe (real SDK against a local stub)', () => {
  let t: TestApp & { stub: StripeStub };
  beforeAll(async () => {
    t = await createStripeTestApp();
  });
  afterAll(() => t?.close());

  async function intentFor(u: TestUser): Promise<string> {
    const res = await t.post('/create-payment-intent', {}, u.token);
    expect(res.status).toBe(200);
    return res.body.paymentIntentId;
  }

  it('saves a request only for the caller own succeeded $25 intent, once', async () => {
    const u = await createUser(t);
    const paymentId = await intentFor(u);

    const early = await t.post('/charity-requests', createCharityRequestInput({ paymentId }), u.token);
    expect(early.status).toBe(402);
    expect(early.body.message).toBe('The payment has not succeeded yet.');

    t.stub.succeed(paymentId);
    const other = await createUser(t);
    const stolen = await t.post('/charity-requests', createCharityRequestInput({ paymentId }), other.token);
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('This payment belongs to another account.');

    const cheap = t.stub.createIntent({ amount: 100, email: u.email, status: 'succeeded' });
    const wrongAmount = await t.post('/charity-requests', createCharityRequestInput({ paymentId: cheap.id }), u.token);
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.body.message).toBe('This payment is not the $25 charity role fee.');
    const euros = t.stub.createIntent({ amount: 2500, currency: 'eur', email: u.email, status: 'succeeded' });
    expect((await t.post('/charity-requests', createCharityRequestInput({ paymentId: euros.id }), u.token)).status).toBe(400);

    const unknown = await t.post('/charity-requests', createCharityRequestInput({ paymentId: 'pi_doesnotexist' }), u.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Payment not found.');
    expect((await t.post('/charity-requests', createCharityRequestInput({ paymentId: '../customers' }), u.token)).status).toBe(400);

    const ok = await t.post('/charity-requests', { ...createCharityRequestInput({ paymentId }), email: 'someone@else.test', status: 'approved' }, u.token);
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ insertedId: expect.any(String) });
    const [row] = await t.sql`SELECT * FROM charity_requests WHERE id = ${ok.body.insertedId}`;
    expect(row).toMatchObject({ email: u.email, name: u.name, status: 'pending', payment_amount: 2500, payment_id: paymentId });

    const pending = await t.post('/charity-requests', createCharityRequestInput({ paymentId }), u.token);
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe(MSG.charityRequestExists);

    // Once the open request is rejected, a new request is allowed, but not with the payment already spent.
    const admin = await createUser(t, { role: 'admin' });
    expect((await t.patch(`/charity-requests/reject/${ok.body.insertedId}`, {}, admin.token)).status).toBe(200);
    const reuse = await t.post('/charity-requests', createCharityRequestInput({ paymentId }), u.token);
    expect(reuse.status).toBe(409);
    expect(reuse.body.message).toBe('This payment was already used.');

    const second = await intentFor(u);
    t.stub.succeed(second);
    expect((await t.post('/charity-requests', createCharityRequestInput({ paymentId: second }), u.token)).status).toBe(201);
  });

  it('refuses a succeeded intent created outside our server for another e-mail', async () => {
    const u = await createUser(t);
    // Through the stub's HTTP hooks, as a test driving a running server from outside would.
    const created = await fetch(`${t.stub.url}/_test/payment_intents`, { method: 'POST', body: JSON.stringify({ email: 'stranger@example.test' }) });
    const foreign = (await created.json()) as { id: string; amount: number };
    expect(foreign.amount).toBe(2500);
    const paid = await fetch(`${t.stub.url}/_test/payment_intents/${foreign.id}/succeed`, { method: 'POST' });
    expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
    const res = await t.post('/charity-requests', createCharityRequestInput({ paymentId: foreign.id }), u.token);
    expect(res.body.message).toBe('This payment belongs to another account.');
    expect(res.status).toBe(400);
    const [count] = await t.sql`SELECT count(*)::int AS n FROM charity_requests WHERE user_id = ${u.id}`;
    expect(count!.n).toBe(0);
  });
});

describe('charity requests in test-payment mode', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  async function intentFor(u: TestUser, confirm = true): Promise<string> {
    const res = await t.post('/create-payment-intent', {}, u.token);
    expect(res.status).toBe(200);
    if (confirm) expect((await t.post(`/test-payments/${res.body.paymentIntentId}/confirm`, {}, u.token)).status).toBe(200);
    return res.body.paymentIntentId;
  }

  async function submit(u: TestUser, organization = 'Food Aid'): Promise<string> {
    const res = await t.post('/charity-requests', createCharityRequestInput({ organization, mission: `Mission of ${organization}`, paymentId: await intentFor(u) }), u.token);
    expect(res.status).toBe(201);
    return res.body.insertedId;
  }

  it('runs the same payment checks on its own records and says it is test mode', async () => {
    const u = await createUser(t);
    const paymentId = await intentFor(u, false);
    const early = await t.post('/charity-requests', createCharityRequestInput({ paymentId }), u.token);
    expect(early.status).toBe(402);

    const other = await createUser(t);
    expect((await t.post(`/test-payments/${paymentId}/confirm`, {}, other.token)).status).toBe(403);
    expect((await t.post('/charity-requests', createCharityRequestInput({ paymentId }), other.token)).status).toBe(400);
    expect((await t.post(`/test-payments/${paymentId}/confirm`, {}, u.token)).status).toBe(200);
    const stolen = await t.post('/charity-requests', createCharityRequestInput({ paymentId }), other.token);
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('This payment belongs to another account.');

    const ok = await t.post('/charity-requests', createCharityRequestInput({ paymentId }), u.token);
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ insertedId: expect.any(String), mode: 'test' });

    const blocked = await t.post('/charity-requests', createCharityRequestInput({ paymentId: 'pi_test_other' }), u.token);
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(MSG.charityRequestExists);

    expect((await t.patch(`/charity-requests/reject/${ok.body.insertedId}`, {}, admin.token)).body).toEqual({ modifiedCount: 1 });
    const reuse = await t.post('/charity-requests', createCharityRequestInput({ paymentId }), u.token);
    expect(reuse.status).toBe(409);
    expect(reuse.body.message).toBe('This payment was already used.');
  });

  it('accepts exactly one of two simultaneous submissions', async () => {
    const u = await createUser(t);
    const a = await intentFor(u);
    const b = await intentFor(u);
    const results = await Promise.all([
      t.post('/charity-requests', createCharityRequestInput({ paymentId: a }), u.token),
      t.post('/charity-requests', createCharityRequestInput({ paymentId: b }), u.token),
      t.post('/charity-requests', createCharityRequestInput({ paymentId: a }), u.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const [count] = await t.sql`SELECT count(*)::int AS n FROM charity_requests WHERE user_id = ${u.id}`;
    expect(count!.n).toBe(1);
  });

  it('validates the body with readable messages', async () => {
    const u = await createUser(t);
    const paymentId = await intentFor(u);
    const noOrg = await t.post('/charity-requests', { mission: 'x', paymentId }, u.token);
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.message).toBe(MSG.organizationRequired);
    const noMission = await t.post('/charity-requests', { organization: 'x', mission: '  ', paymentId }, u.token);
    expect(noMission.body.message).toBe(MSG.missionRequired);
    const noPayment = await t.post('/charity-requests', { organization: 'x', mission: 'x' }, u.token);
    expect(noPayment.status).toBe(400);
    const junk = await t.request('POST', '/charity-requests', { token: u.token, body: '[1', headers: { 'content-type': 'application/json' } });
    expect(junk.status).toBe(400);
  });

  it('refuses to submit for the signed out, charities, admins and restaurants', async () => {
    expect((await t.post('/charity-requests', createCharityRequestInput({ paymentId: 'pi_test_x' }))).status).toBe(401);
    const charity = await createUser(t, { role: 'charity' });
    const charityRes = await t.post('/charity-requests', createCharityRequestInput({ paymentId: 'pi_test_x' }), charity.token);
    expect(charityRes.status).toBe(409);
    expect(charityRes.body.message).toBe('You already have the charity role.');
    expect((await t.post('/charity-requests', createCharityRequestInput({ paymentId: 'pi_test_x' }), admin.token)).status).toBe(403);
    const restaurant = await createUser(t, { role: 'restaurant' });
    expect((await t.post('/charity-requests', createCharityRequestInput({ paymentId: 'pi_test_x' }), restaurant.token)).status).toBe(403);
  });

  it('shows everyone but admins and the owner only the public view, newest first', async () => {
    const owner = await createUser(t);
    const id = await submit(owner, 'Public Org');
    const later = await submit(await createUser(t), 'Later Org');
    // The public view lists approved charities only (issue 16); a pending one is covered in users.test.ts.
    for (const request of [id, later]) expect((await t.patch(`/charity-requests/approve/${request}`, {}, admin.token)).status).toBe(200);

    for (const token of [undefined, (await createUser(t)).token, (await createUser(t, { role: 'charity' })).token]) {
      const res = await t.get('/charity-requests', token);
      expect(res.status).toBe(200);
      const mine = res.body.find((r: { _id: string }) => r._id === id);
      expect(mine).toEqual(CharityRequestPublicSchema.strict().parse(mine));
      expect(mine).toMatchObject({ name: owner.name, organization: 'Public Org', status: 'approved' });
      expect(JSON.stringify(res.body)).not.toMatch(/pi_test_|@example\.test/);
      const ids = res.body.map((r: { _id: string }) => r._id);
      expect(ids.indexOf(later)).toBeLessThan(ids.indexOf(id));
    }

    const latest = await t.get('/charity-requests?limit=1');
    expect(latest.body.map((r: { _id: string }) => r._id)).toEqual([later]);
    expect((await t.get('/charity-requests?limit=0')).status).toBe(400);
    expect((await t.get('/charity-requests?limit=abc')).status).toBe(400);
    // The same bound as every list (LIST_LIMIT_MAX), with the next page in a Link header.
    expect((await t.get('/charity-requests?limit=1001')).status).toBe(400);
    expect(latest.headers.get('link')).toMatch(/^<\/charity-requests\?limit=1&cursor=[0-9a-f-]{36}>; rel="next"$/);
  });

  it('gives admins and the owner (by ?email=) the full shape, and refuses another account e-mail', async () => {
    const owner = await createUser(t);
    const id = await submit(owner);

    const own = await t.get(`/charity-requests?email=${encodeURIComponent(owner.email.toUpperCase())}`, owner.token);
    expect(own.status).toBe(200);
    expect(own.body).toHaveLength(1);
    const full = CharityRequestSchema.strict().parse(own.body[0]);
    expect(full).toMatchObject({
      _id: id,
      email: owner.email,
      paymentAmount: 25,
      status: 'pending',
      transaction: { paymentId: full.paymentId, amount: 25, timestamp: full.requestedAt },
    });

    const all = await t.get('/charity-requests', admin.token);
    expect(all.body.find((r: { _id: string }) => r._id === id)).toEqual(full);
    expect((await t.get(`/charity-requests?email=${owner.email}`, admin.token)).body).toEqual([full]);

    const stranger = await createUser(t);
    expect((await t.get(`/charity-requests?email=${owner.email}`, stranger.token)).status).toBe(403);
    expect((await t.get(`/charity-requests?email=${owner.email}`)).status).toBe(401);
    expect((await t.get(`/charity-requests?email=${stranger.email}`, stranger.token)).body).toEqual([]);
  });

  it('approves a pending request and makes its author a charity, in one step', async () => {
    const u = await createUser(t);
    const id = await submit(u);
    expect((await t.get(`/users/role/${u.email}`, u.token)).body).toEqual({ role: 'user' });

    const res = await t.patch(`/charity-requests/approve/${id}`, { email: 'ignored@example.test' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    expect((await t.get(`/users/role/${u.email}`, u.token)).body).toEqual({ role: 'charity' });
    const [row] = await t.sql`SELECT status FROM charity_requests WHERE id = ${id}`;
    expect(row!.status).toBe('approved');

    const again = await t.patch(`/charity-requests/approve/${id}`, {}, admin.token);
    expect(again.status).toBe(409);
    expect((await t.patch(`/charity-requests/reject/${id}`, {}, admin.token)).status).toBe(409);
    expect((await t.post('/charity-requests', createCharityRequestInput({ paymentId: 'pi_test_x' }), u.token)).status).toBe(409);
  });

  it('starts a new charity with its profile\'s place as home base and alerts on; one without a place starts with none', async () => {
    const placed = await createUser(t);
    expect((await t.patch('/users/me', { address: '5 Harbour Road', latitude: 52.5, longitude: 13.4 }, placed.token)).status).toBe(200);
    const unplaced = await createUser(t);
    for (const u of [placed, unplaced]) expect((await t.patch(`/charity-requests/approve/${await submit(u)}`, {}, admin.token)).status).toBe(200);

    expect((await t.get('/me/charity-preferences', placed.token)).body).toMatchObject({
      homeAddress: '5 Harbour Road',
      homeLatitude: 52.5,
      homeLongitude: 13.4,
      notifyRadiusKm: NEW_CHARITY_ALERT_RADIUS_KM,
    });
    expect((await t.get('/me/charity-preferences', unplaced.token)).body).toMatchObject({ homeLatitude: null, notifyRadiusKm: null });
  });

  it('rejects a pending request without changing the role', async () => {
    const u = await createUser(t);
    const id = await submit(u);
    expect((await t.patch(`/charity-requests/reject/${id}`, {}, admin.token)).body).toEqual({ modifiedCount: 1 });
    expect((await t.get(`/users/role/${u.email}`, u.token)).body).toEqual({ role: 'user' });
    expect((await t.patch(`/charity-requests/approve/${id}`, {}, admin.token)).status).toBe(409);
    // A rejected request no longer blocks a new one.
    expect(await submit(u)).not.toBe(id);
  });

  it('refuses approve and reject to non-admins, and answers bad or unknown ids', async () => {
    const u = await createUser(t);
    const id = await submit(u);
    for (const action of ['approve', 'reject']) {
      expect((await t.patch(`/charity-requests/${action}/${id}`, {})).status).toBe(401);
      expect((await t.patch(`/charity-requests/${action}/${id}`, {}, u.token)).status).toBe(403);
      const charity = await createUser(t, { role: 'charity' });
      expect((await t.patch(`/charity-requests/${action}/${id}`, {}, charity.token)).status).toBe(403);
      const bad = await t.patch(`/charity-requests/${action}/not-a-uuid`, {}, admin.token);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(MSG.invalidId);
      expect((await t.patch(`/charity-requests/${action}/00000000-0000-4000-8000-000000000000`, {}, admin.token)).status).toBe(404);
    }
    const [row] = await t.sql`SELECT status FROM charity_requests WHERE id = ${id}`;
    expect(row!.status).toBe('pending');
    expect((await t.get(`/users/role/${u.email}`, u.token)).body).toEqual({ role: 'user' });
  });

  it('does not approve the request of a deleted account: deleting the account withdrew it', async () => {
    const u = await createUser(t);
    const id = await submit(u);
    expect((await t.del(`/users/${u.id}`, admin.token)).body).toEqual({ deletedCount: 1 });
    expect((await t.patch(`/charity-requests/approve/${id}`, {}, admin.token)).status).toBe(404);
    expect((await t.patch(`/charity-requests/reject/${id}`, {}, admin.token)).status).toBe(404);
  });
});
