import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, UserSchema } from '@foodbridge/shared';
import {
  createCharityRequestInput,
  createDonationRequestInput,
  createProfileInput,
  createRegisterInput,
} from '@foodbridge/shared/testing/factories';
import { insertDonation } from '../testing/fixtures.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t?.close());

describe('GET /users', () => {
  it('lists every live account to an admin', async () => {
    const u = await createUser(t);
    const res = await t.get('/users', admin.token);
    expect(res.status).toBe(200);
    const mine = res.body.find((x: { _id: string }) => x._id === u.id);
    expect(UserSchema.strict().parse(mine)).toMatchObject({ email: u.email, role: 'user', name: u.name });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt|argon/i);
  });

  it('is refused to the signed out and to every other role', async () => {
    expect((await t.get('/users')).status).toBe(401);
    for (const role of ['user', 'restaurant', 'charity'] as const) {
      const res = await t.get('/users', (await createUser(t, { role })).token);
      expect(res.status, role).toBe(403);
      expect(res.body.message).toBe(MSG.accessDenied);
    }
  });
});

describe('POST /users', () => {
  it('upserts the signed-in account idempotently and refreshes last_login', async () => {
    const u = await createUser(t, { name: 'Original Name' });
    const [before] = await t.sql<{ last_login: Date }[]>`SELECT last_login FROM users WHERE id = ${u.id}`;
    await new Promise((r) => setTimeout(r, 20));
    const first = await t.post('/users', { email: 'attacker@example.test', role: 'admin', name: 'Other Name' }, u.token);
    expect(first.status).toBe(200);
    // The body's e-mail and role are ignored; an existing real name is kept.
    expect(first.body).toMatchObject({ _id: u.id, insertedId: u.id, email: u.email, role: 'user', name: 'Original Name' });
    expect(new Date(first.body.last_login).getTime()).toBeGreaterThan(before!.last_login.getTime());
    const second = await t.post('/users', {}, u.token);
    expect(second.body._id).toBe(u.id);
    const [count] = await t.sql`SELECT count(*)::int AS n FROM users WHERE email IN (${u.email}, 'attacker@example.test')`;
    expect(count!.n).toBe(1);
  });

  it('falls back to No Name, and a later sign-in with a name fills it in', async () => {
    const u = await createUser(t);
    await t.sql`UPDATE users SET name = 'No Name' WHERE id = ${u.id}`;
    const blank = await t.post('/users', { name: '   ' }, u.token);
    expect(blank.body.name).toBe('No Name');
    const named = await t.post('/users', { name: 'Real Name' }, u.token);
    expect(named.body.name).toBe('Real Name');
  });

  it('needs a signed-in caller and a valid body', async () => {
    expect((await t.post('/users', { name: 'x' })).status).toBe(401);
    const u = await createUser(t);
    expect((await t.post('/users', { name: 42 }, u.token)).status).toBe(400);
  });
});

describe('profile: /users/me', () => {
  it('reads and edits the caller own profile only', async () => {
    const u = await createUser(t);
    expect((await t.get('/users/me')).status).toBe(401);
    expect((await t.get('/users/me', u.token)).body).toMatchObject({ _id: u.id, email: u.email });
    const profile = createProfileInput();
    const res = await t.patch('/users/me', { ...profile, role: 'admin', email: 'x@example.test' }, u.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ modifiedCount: 1, user: { ...profile, role: 'user', email: u.email } });
    expect((await t.patch('/users/me', { name: '' }, u.token)).body.message).toBe(MSG.nameRequired);
    expect((await t.patch('/users/me', { phone: '1' })).status).toBe(401);
  });

  it('keeps the language the account chose: absent until chosen, one of the shipped ones, untouched by other edits', async () => {
    const u = await createUser(t);
    expect((await t.get('/users/me', u.token)).body).not.toHaveProperty('locale');
    const chosen = await t.patch('/users/me', { locale: 'ar' }, u.token);
    expect(chosen.status).toBe(200);
    expect(UserSchema.strict().parse(chosen.body.user).locale).toBe('ar');
    expect((await t.patch('/users/me', { phone: '+1 555 0100' }, u.token)).body.user.locale).toBe('ar');
    expect((await t.get('/users/me', u.token)).body.locale).toBe('ar');
    for (const locale of ['fr', 'AR', '', null, 3]) expect((await t.patch('/users/me', { locale }, u.token)).status, String(locale)).toBe(400);
    expect((await t.patch('/users/me', { locale: 'es' }, u.token)).body.user.locale).toBe('es');
  });
});

describe('GET /users/search and GET /users/role/:email', () => {
  it('answer the account itself and admins', async () => {
    const u = await createUser(t, { role: 'restaurant' });
    const self = await t.get(`/users/search?email=${encodeURIComponent(u.email)}`, u.token);
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ _id: u.id, role: 'restaurant', createdAt: expect.any(String) });
    expect((await t.get(`/users/search?email=${u.email.toUpperCase()}`, admin.token)).body._id).toBe(u.id);

    expect((await t.get(`/users/role/${u.email}`, u.token)).body).toEqual({ role: 'restaurant' });
    expect((await t.get(`/users/role/${encodeURIComponent(u.email)}`, admin.token)).body).toEqual({ role: 'restaurant' });
  });

  it('refuse another account e-mail, the signed out, and say what is missing', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    expect((await t.get(`/users/search?email=${other.email}`, u.token)).status).toBe(403);
    expect((await t.get(`/users/role/${other.email}`, u.token)).status).toBe(403);
    expect((await t.get(`/users/search?email=${u.email}`)).status).toBe(401);
    expect((await t.get(`/users/role/${u.email}`)).status).toBe(401);
    expect((await t.get('/users/search', u.token)).status).toBe(400);
    expect((await t.get('/users/search?email=nobody@example.test', admin.token)).status).toBe(404);
    expect((await t.get('/users/role/nobody@example.test', admin.token)).status).toBe(404);
  });
});

describe('PATCH /users/role/:id', () => {
  it('lets an admin change a role, in any casing, stored canonically', async () => {
    const u = await createUser(t);
    const res = await t.patch(`/users/role/${u.id}`, { role: 'Charity' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    expect((await t.get(`/users/role/${u.email}`, u.token)).body).toEqual({ role: 'charity' });
    // The new role applies on the caller's next request, with the same token.
    expect((await t.get('/users/me', u.token)).body.role).toBe('charity');
    expect((await t.patch(`/users/role/${u.id}`, { role: 'CHARITY' }, admin.token)).body).toEqual({ modifiedCount: 0 });
  });

  it('refuses non-admins, unknown roles, bad ids and an admin demoting itself', async () => {
    const u = await createUser(t);
    expect((await t.patch(`/users/role/${u.id}`, { role: 'admin' })).status).toBe(401);
    expect((await t.patch(`/users/role/${u.id}`, { role: 'admin' }, u.token)).status).toBe(403);
    const charity = await createUser(t, { role: 'charity' });
    expect((await t.patch(`/users/role/${u.id}`, { role: 'admin' }, charity.token)).status).toBe(403);
    expect((await t.patch(`/users/role/${u.id}`, { role: 'superuser' }, admin.token)).status).toBe(400);
    expect((await t.patch(`/users/role/${u.id}`, {}, admin.token)).status).toBe(400);
    expect((await t.patch('/users/role/123', { role: 'user' }, admin.token)).body.message).toBe(MSG.invalidId);
    expect((await t.patch(`/users/role/${admin.id}`, { role: 'user' }, admin.token)).status).toBe(400);
    expect((await t.get(`/users/role/${u.email}`, u.token)).body).toEqual({ role: 'user' });
    expect((await t.get(`/users/role/${admin.email}`, admin.token)).body).toEqual({ role: 'admin' });
  });
});

async function submitCharityRequest(u: TestUser, organization: string): Promise<string> {
  const intent = await t.post('/create-payment-intent', {}, u.token);
  expect((await t.post(`/test-payments/${intent.body.paymentIntentId}/confirm`, {}, u.token)).status).toBe(200);
  const paymentId = intent.body.paymentIntentId as string;
  const res = await t.post('/charity-requests', createCharityRequestInput({ organization, paymentId }), u.token);
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

describe('GET /charity-requests, the public list (home page)', () => {
  it('shows visitors approved charities only, never a pending or rejected application', async () => {
    const pendingOrg = `Pending ${crypto.randomUUID()}`;
    const rejectedOrg = `Rejected ${crypto.randomUUID()}`;
    const approvedOrg = `Approved ${crypto.randomUUID()}`;
    await submitCharityRequest(await createUser(t), pendingOrg);
    const rejected = await submitCharityRequest(await createUser(t), rejectedOrg);
    const approved = await submitCharityRequest(await createUser(t), approvedOrg);
    expect((await t.patch(`/charity-requests/reject/${rejected}`, {}, admin.token)).status).toBe(200);
    expect((await t.patch(`/charity-requests/approve/${approved}`, {}, admin.token)).status).toBe(200);
    const viewer = await createUser(t);
    for (const [who, token] of [['visitor', undefined], ['user', viewer.token]] as const) {
      const res = await t.get('/charity-requests?limit=100', token);
      expect(res.status, who).toBe(200);
      const orgs = (res.body as { organization: string; status: string }[]).map((r) => r.organization);
      expect(orgs, who).toContain(approvedOrg);
      expect(orgs, who).not.toContain(pendingOrg);
      expect(orgs, who).not.toContain(rejectedOrg);
      expect((res.body as { status: string }[]).every((r) => r.status === 'approved'), who).toBe(true);
      expect((await t.get('/charity-requests?status=pending', token)).body, who).toEqual([]);
    }
    // The admin still sees every application, and may narrow by status.
    const all = (await t.get('/charity-requests?limit=100', admin.token)).body as { organization: string }[];
    expect(all.map((r) => r.organization)).toEqual(expect.arrayContaining([pendingOrg, rejectedOrg, approvedOrg]));
    const onlyApproved = (await t.get('/charity-requests?status=approved&limit=100', admin.token)).body as { status: string }[];
    expect(onlyApproved.every((r) => r.status === 'approved')).toBe(true);
  });
});

describe('DELETE /users/:id', () => {
  it('soft-deletes: the row stays, reads skip it, and its token stops working', async () => {
    const u = await createUser(t);
    expect((await t.get('/users/me', u.token)).status).toBe(200);
    const res = await t.del(`/users/${u.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    const [row] = await t.sql`SELECT deleted FROM users WHERE id = ${u.id}`;
    expect(row!.deleted).toBe(true);
    expect((await t.get('/users', admin.token)).body.some((x: { _id: string }) => x._id === u.id)).toBe(false);
    expect((await t.get('/users/me', u.token)).status).toBe(401);
    expect((await t.post('/auth/refresh', { refreshToken: u.refreshToken })).status).toBe(401);
    expect((await t.del(`/users/${u.id}`, admin.token)).body).toEqual({ deletedCount: 0 });
    // The e-mail cannot register again: a new account would inherit what is kept by e-mail.
    const again = await t.post('/auth/register', createRegisterInput({ email: u.email }));
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('This account has been removed.');
  });

  it("takes a removed restaurant's open donations and a removed charity's open requests with it, and keeps the rest", async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const charity = await createUser(t, { role: 'charity' });
    const other = await createUser(t, { role: 'charity' });
    const pending = await insertDonation(t.sql, restaurant, { status: 'Pending' });
    const verified = await insertDonation(t.sql, restaurant);
    const assigned = await insertDonation(t.sql, restaurant, { status: 'Assigned', charity });
    const picked = await insertDonation(t.sql, restaurant, { status: 'Picked', charity });
    const request = async (donationId: string, by: TestUser) => {
      const res = await t.post('/donation-requests', createDonationRequestInput({ donationId }), by.token);
      expect(res.status).toBe(201);
      return res.body.insertedId as string;
    };
    const elsewhere = await insertDonation(t.sql, await createUser(t, { role: 'restaurant' }));
    const openRequest = await request(elsewhere, charity);
    const theirs = await request(verified, other);
    const given = await insertDonation(t.sql, restaurant);
    const acceptedRequest = await request(given, charity);
    expect((await t.patch(`/donation-requests/accept/${acceptedRequest}`, undefined, restaurant.token)).status).toBe(200);

    expect((await t.del(`/users/${restaurant.id}`, admin.token)).body).toEqual({ deletedCount: 1 });
    expect((await t.del(`/users/${charity.id}`, admin.token)).body).toEqual({ deletedCount: 1 });

    const deleted = async (table: 'donations' | 'donation_requests', id: string) =>
      (await t.sql`SELECT deleted FROM ${t.sql(table)} WHERE id = ${id}`)[0]!.deleted as boolean;
    expect(await deleted('donations', pending)).toBe(true);
    expect(await deleted('donations', verified)).toBe(true);
    expect(await deleted('donations', assigned)).toBe(false);
    expect(await deleted('donations', picked)).toBe(false);
    expect(await deleted('donations', given)).toBe(false);
    expect(await deleted('donations', elsewhere)).toBe(false);
    expect(await deleted('donation_requests', openRequest)).toBe(true);
    expect(await deleted('donation_requests', acceptedRequest)).toBe(false);
    // Another charity's request for a removed donation is not removed, only no longer shown with it.
    expect(await deleted('donation_requests', theirs)).toBe(false);
    expect((await t.get(`/donations/${verified}`)).status).toBe(404);
    const retry = await t.post('/donation-requests', createDonationRequestInput({ donationId: verified }), other.token);
    expect(retry.status).toBe(404);
  });

  it("withdraws the removed account's pending charity-role request and takes it off the public list", async () => {
    const applicant = await createUser(t);
    const approvedCharity = await createUser(t);
    const pendingId = await submitCharityRequest(applicant, 'Applicant Kitchen');
    const approvedId = await submitCharityRequest(approvedCharity, 'Approved Pantry');
    expect((await t.patch(`/charity-requests/approve/${approvedId}`, {}, admin.token)).status).toBe(200);
    const publicNames = async () => ((await t.get('/charity-requests')).body as { organization: string }[]).map((r) => r.organization);
    expect(await publicNames()).toContain('Approved Pantry');

    expect((await t.del(`/users/${applicant.id}`, admin.token)).body).toEqual({ deletedCount: 1 });
    expect((await t.del(`/users/${approvedCharity.id}`, admin.token)).body).toEqual({ deletedCount: 1 });

    const [pending] = await t.sql`SELECT deleted, status FROM charity_requests WHERE id = ${pendingId}`;
    expect(pending).toEqual({ deleted: true, status: 'pending' });
    // The admin's queue no longer waits on an account that is gone; the decided request stays as history.
    const adminList = (await t.get('/charity-requests', admin.token)).body as { _id: string }[];
    expect(adminList.map((r) => r._id)).not.toContain(pendingId);
    expect(adminList.map((r) => r._id)).toContain(approvedId);
    expect(await publicNames()).not.toContain('Approved Pantry');
  });

  it('refuses non-admins, bad ids and an admin deleting itself', async () => {
    const u = await createUser(t);
    expect((await t.del(`/users/${u.id}`)).status).toBe(401);
    expect((await t.del(`/users/${u.id}`, (await createUser(t)).token)).status).toBe(403);
    expect((await t.del(`/users/${u.id}`, u.token)).status).toBe(403);
    expect((await t.del('/users/not-an-id', admin.token)).status).toBe(400);
    expect((await t.del(`/users/${admin.id}`, admin.token)).status).toBe(400);
    expect((await t.get('/users/me', u.token)).status).toBe(200);
  });
});

describe('profile photos', () => {
  const own = '/images/5f0c6d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';

  it('PATCH /users/me refuses a foreign photo and keeps the stored one', async () => {
    const u = await createUser(t);
    expect((await t.patch('/users/me', { photoURL: own }, u.token)).status).toBe(200);
    const res = await t.patch('/users/me', { photoURL: 'https://tracker.example/x.gif' }, u.token);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(MSG.imageForeign);
    const [row] = await t.sql`SELECT photo_url FROM users WHERE id = ${u.id}`;
    expect(row!.photo_url).toBe(own);
  });

  it('POST /users drops a foreign (e.g. Google) photo rather than refusing the sign-in', async () => {
    const u = await createUser(t);
    const res = await t.post('/users', { photoURL: 'https://lh3.googleusercontent.com/a/x' }, u.token);
    expect(res.status).toBe(200);
    const [row] = await t.sql`SELECT photo_url FROM users WHERE id = ${u.id}`;
    expect(row!.photo_url).toBeNull();
  });
});
