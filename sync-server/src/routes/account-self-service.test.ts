// Issue 45.8: an account's own changes through the API, against the real database, with the e-mails read from a real
// local SMTP server: the picture and name, the password, the e-mail (after a link), the download of its data and the
// deletion of the account.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema, DELETED_ACCOUNT_NAME, type Role } from '@foodbridge/shared';
import { createRegisterInput, createReviewInput } from '@foodbridge/shared/testing/factories';
import { LOGIN_ATTEMPTS_PER_CLIENT } from '../db/identity.ts';
import { acceptRequest, postDonation, requestDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createSigningKey, signFirebaseToken, startJwksServer, type JwksServer, type TestSigningKey } from '../testing/firebase-keys.ts';
import { insertDonation } from '../testing/fixtures.ts';
import { type ReceivedMail, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { createMailingTestApp, createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

const PASSWORD = 'the-first-passphrase';
const NEW_PASSWORD = 'the-second-passphrase';
const hex = () => randomBytes(4).toString('hex');
const tokenOf = (link: string) => new URLSearchParams(link.split('?')[1]).get('token')!;

describe('account self-service (built-in sign-in)', () => {
  let inbox: SmtpInbox;
  let t: TestApp;

  beforeAll(async () => {
    const mailing = await createMailingTestApp();
    t = mailing;
    inbox = mailing.inbox;
  });
  afterAll(() => t?.close());

  const account = (role: Role = 'user') => createUser(t, { role, password: PASSWORD });
  const login = (email: string, password: string) => t.post('/auth/login', { email, password });
  const deleteMe = (token: string, body?: unknown) => t.request('DELETE', '/users/me', { token, body });

  /** The message to `to` with this subject, whenever it arrives (the registration's own e-mail may come after it). */
  async function mailTo(to: string, subject: string): Promise<ReceivedMail> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = inbox.messages.find((m) => m.to.includes(to.toLowerCase()) && m.subject === subject);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no "${subject}" to ${to} (${inbox.messages.length} in the inbox)`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  describe('name and picture', () => {
    it('changes only the fields given', async () => {
      const u = await account();
      const photoURL = '/images/2b0e7c8a-5d1f-4c3e-9a7b-6f5e4d3c2b1a';
      const res = await t.patch('/users/me', { name: 'Sam Rivera', photoURL }, u.token);
      expect(res.status).toBe(200);
      expect((await t.get('/users/me', u.token)).body).toMatchObject({ name: 'Sam Rivera', photoURL, email: u.email });
      expect((await t.patch('/users/me', { photoURL: 'https://tracker.example/me.png' }, u.token)).status).toBe(400);
    });
  });

  describe('password', () => {
    it('needs the current one; then the old one stops working, other devices are signed out and the caller gets a new session', async () => {
      const u = await account();
      const phone = await login(u.email, PASSWORD);
      expect(phone.status).toBe(200);

      const wrong = await t.post('/auth/change-password', { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD }, u.token);
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe('auth/invalid-credential');
      expect((await login(u.email, PASSWORD)).status).toBe(200);
      const short = await t.post('/auth/change-password', { currentPassword: PASSWORD, newPassword: '123' }, u.token);
      expect(short.status).toBe(400);
      expect(short.body.code).toBe('validation/password-too-short');

      const changed = await t.post('/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, u.token);
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ idToken: expect.any(String), refreshToken: expect.any(String), user: { _id: u.id, email: u.email } });
      expect((await login(u.email, PASSWORD)).status).toBe(401);
      expect((await login(u.email, NEW_PASSWORD)).status).toBe(200);
      // Every other session ended: the other device's ID token and refresh token, and the token the change was asked with.
      const other = await t.get('/users/me', phone.body.idToken);
      expect(other.status).toBe(401);
      expect(other.body.code).toBe('auth/session-ended');
      expect((await t.post('/auth/refresh', { refreshToken: phone.body.refreshToken })).status).toBe(401);
      expect((await t.post('/auth/refresh', { refreshToken: u.refreshToken })).status).toBe(401);
      expect((await t.get('/users/me', u.token)).status).toBe(401);
      // The device that changed it stays signed in with the session of the answer.
      expect((await t.get('/users/me', changed.body.idToken)).status).toBe(200);
      expect((await t.post('/auth/refresh', { refreshToken: changed.body.refreshToken })).status).toBe(200);
    });

    it('counts a wrong current password as a failed sign-in: past the limit it waits, and so does the sign-in form', async () => {
      const u = await account();
      for (let i = 0; i < LOGIN_ATTEMPTS_PER_CLIENT; i++) {
        expect((await t.post('/auth/change-password', { currentPassword: `guess-${i}-x`, newPassword: NEW_PASSWORD }, u.token)).status).toBe(401);
      }
      const locked = await t.post('/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, u.token);
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('auth/too-many-requests');
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      // The same count as the sign-in form's and the other routes that ask for the password: no way round it.
      expect((await login(u.email, PASSWORD)).status).toBe(429);
      expect((await t.post('/auth/change-email', { newEmail: `x-${hex()}@example.test`, password: PASSWORD }, u.token)).status).toBe(429);
      expect((await deleteMe(u.token, { password: PASSWORD })).status).toBe(429);
    });
  });

  describe('e-mail', () => {
    it('changes only once the link sent to the new address is opened, tells the old address, and moves what is found by it', async () => {
      const u = await account('restaurant');
      const donationId = await insertDonation(t.sql, u);
      const newEmail = `moved-${hex()}@example.test`;
      const taken = await account();

      const wrong = await t.post('/auth/change-email', { newEmail, password: 'not-the-password' }, u.token);
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe('auth/invalid-credential');
      const same = await t.post('/auth/change-email', { newEmail: u.email.toUpperCase(), password: PASSWORD }, u.token);
      expect(same.status).toBe(400);
      expect(same.body.code).toBe('account/same-email');
      const inUse = await t.post('/auth/change-email', { newEmail: taken.email, password: PASSWORD }, u.token);
      expect(inUse.status).toBe(409);
      expect(inUse.body.code).toBe('auth/email-already-in-use');

      expect((await t.post('/auth/change-email', { newEmail: ` ${newEmail.toUpperCase()} `, password: PASSWORD }, u.token)).status).toBe(204);
      const mail = await mailTo(newEmail, 'Confirm your new e-mail for FoodBridge');
      expect(mail.text).toContain('https://foodbridge.example.org/verify-email?token=');
      // Nothing has changed yet: the account, its sign-in and its donation keep the old address.
      expect((await t.get('/users/me', u.token)).body.email).toBe(u.email);
      expect((await login(newEmail, PASSWORD)).status).toBe(401);
      expect((await t.get(`/donations/${donationId}`)).body.restaurantEmail).toBe(u.email);
      const verifyOld = tokenOf(inbox.link(await mailTo(u.email, 'Please verify your e-mail for FoodBridge'), '/verify-email'));

      const token = tokenOf(inbox.link(mail, '/verify-email'));
      const done = await t.post('/auth/verify-email', { token });
      expect(done.status).toBe(200);
      expect(done.body.user).toMatchObject({ _id: u.id, email: newEmail, emailVerified: true, role: 'restaurant' });
      const notice = await mailTo(u.email, 'Your FoodBridge e-mail address was changed');
      expect(notice.text).toContain(newEmail);
      expect(notice.text).toContain('If you did not do this');

      expect((await login(newEmail, PASSWORD)).status).toBe(200);
      expect((await login(u.email, PASSWORD)).status).toBe(401);
      expect((await t.get('/users/me', u.token)).body.email).toBe(newEmail);
      expect((await t.get(`/donations/${donationId}`)).body.restaurantEmail).toBe(newEmail);
      // The link works once, and a link sent to the old address no longer does anything.
      expect((await t.post('/auth/verify-email', { token })).status).toBe(400);
      expect((await t.post('/auth/verify-email', { token: verifyOld })).status).toBe(400);
    });

    it('asks again only after a minute, and a password change cancels a change still waiting for its link', async () => {
      const u = await account();
      const newEmail = `later-${hex()}@example.test`;
      expect((await t.post('/auth/change-email', { newEmail, password: PASSWORD }, u.token)).status).toBe(204);
      const mail = await mailTo(newEmail, 'Confirm your new e-mail for FoodBridge');
      const soon = await t.post('/auth/change-email', { newEmail, password: PASSWORD }, u.token);
      expect(soon.status).toBe(429);
      expect(soon.body.message).toMatch(/^A link was sent a moment ago\./);

      const changed = await t.post('/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, u.token);
      expect(changed.status).toBe(200);
      const late = await t.post('/auth/verify-email', { token: tokenOf(inbox.link(mail, '/verify-email')) });
      expect(late.status).toBe(400);
      expect(late.body.code).toBe('auth/invalid-action-code');
      expect((await t.get('/users/me', changed.body.idToken)).body.email).toBe(u.email);
    });

    it('refuses the change when another account took the address before the link was opened', async () => {
      const u = await account();
      const newEmail = `race-${hex()}@example.test`;
      expect((await t.post('/auth/change-email', { newEmail, password: PASSWORD }, u.token)).status).toBe(204);
      const mail = await mailTo(newEmail, 'Confirm your new e-mail for FoodBridge');
      expect((await t.post('/auth/register', createRegisterInput({ email: newEmail }))).status).toBe(201);
      const res = await t.post('/auth/verify-email', { token: tokenOf(inbox.link(mail, '/verify-email')) });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('auth/email-already-in-use');
      expect((await t.get('/users/me', u.token)).body.email).toBe(u.email);
    });
  });

  describe('download of its data', () => {
    it("is one JSON attachment with the account's own rows in the API's shapes, and no secret", async () => {
      const [restaurant, charity, admin] = await Promise.all([account('restaurant'), account('charity'), account('admin')]);
      const open = await insertDonation(t.sql, restaurant, { title: 'Open bread' });
      const picked = await postDonation(t, restaurant, { title: 'Picked soup' });
      await verifyDonation(t, admin, picked);
      await acceptRequest(t, restaurant, await requestDonation(t, charity, picked));
      expect((await t.patch(`/donations/pickup/${picked}`, { weightKg: 3, outcome: 'all' }, charity.token)).status).toBe(200);
      await requestDonation(t, charity, open);
      expect((await t.post('/favorites', { donationId: open }, charity.token)).status).toBe(201);
      expect((await t.post('/reviews', createReviewInput({ donationId: picked }), charity.token)).status).toBe(201);
      const prefs = { homeAddress: '5 Harbour Road', homeLatitude: 52.5, homeLongitude: 13.4, notifyRadiusKm: 10, notifyFoodTypes: ['Bakery'] };
      expect((await t.request('PUT', '/me/charity-preferences', { token: charity.token, body: prefs })).status).toBe(200);

      const res = await t.get('/users/me/export', charity.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="foodbridge-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const data = AccountExportSchema.parse(res.body);
      expect(data.account).toMatchObject({ _id: charity.id, email: charity.email, role: 'charity' });
      expect(data.notificationSettings).toMatchObject({ ...prefs, pushDevices: [] });
      expect(data.pickups).toEqual([expect.objectContaining({ _id: picked, status: 'Picked', pickupReport: { weightKg: 3, outcome: 'all' }, _deleted: false })]);
      expect(data.donationRequests.map((r) => r.donationId).sort()).toEqual([open, picked].sort());
      expect(data.reviews).toEqual([expect.objectContaining({ donationId: picked, reviewerEmail: charity.email })]);
      expect(data.favorites).toEqual([expect.objectContaining({ donationId: open, _deleted: false })]);
      expect(data.donations).toEqual([]);

      const text = JSON.stringify(res.body);
      const [row] = await t.sql<{ password_hash: string }[]>`SELECT password_hash FROM users WHERE id = ${charity.id}`;
      expect(text).not.toContain(row!.password_hash);
      expect(text).not.toMatch(/password|token_hash|p256dh/i);
      expect(text).not.toContain(charity.refreshToken);

      // The restaurant's: its donations, nobody's requests or reviews.
      const mine = AccountExportSchema.parse((await t.get('/users/me/export', restaurant.token)).body);
      expect(mine.donations.map((d) => d.title).sort()).toEqual(['Open bread', 'Picked soup']);
      expect([mine.donationRequests, mine.reviews, mine.favorites, mine.pickups]).toEqual([[], [], [], []]);
      expect((await t.get('/users/me/export')).status).toBe(401);
    });
  });

  describe('deletion', () => {
    it('needs the password', async () => {
      const u = await account();
      const none = await deleteMe(u.token, {});
      expect(none.status).toBe(400);
      expect(none.body.code).toBe('validation/password-required');
      const wrong = await deleteMe(u.token, { password: 'not-the-password' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe('auth/invalid-credential');
      expect((await t.get('/users/me', u.token)).status).toBe(200);
    });

    it('tells a restaurant what happens to its donations first; then withdraws the open ones and keeps the given ones under "Deleted account"', async () => {
      const [restaurant, charity, admin] = await Promise.all([account('restaurant'), account('charity'), account('admin')]);
      const open = await insertDonation(t.sql, restaurant);
      const given = await postDonation(t, restaurant);
      await verifyDonation(t, admin, given);
      await acceptRequest(t, restaurant, await requestDonation(t, charity, given));

      const asked = await deleteMe(restaurant.token, { password: PASSWORD });
      expect(asked.status).toBe(409);
      expect(asked.body).toMatchObject({ code: 'account/has-open-donations', values: { count: 2 } });
      expect(asked.body.message).toMatch(/^You have donations not yet picked up \(2\)\./);
      expect((await t.get('/users/me', restaurant.token)).status).toBe(200);
      expect((await t.get(`/donations/${open}`)).status).toBe(200);

      const deleted = await deleteMe(restaurant.token, { password: PASSWORD, confirm: true });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ deletedCount: 1 });
      // Signed out everywhere; the password signs in to nothing.
      expect((await t.get('/users/me', restaurant.token)).status).toBe(401);
      expect((await t.post('/auth/refresh', { refreshToken: restaurant.refreshToken })).status).toBe(401);
      expect((await login(restaurant.email, PASSWORD)).status).toBe(401);

      expect((await t.get(`/donations/${open}`)).status).toBe(404);
      const kept = await t.get(`/donations/${given}`, charity.token);
      expect(kept.status).toBe(200);
      expect(kept.body).toMatchObject({ status: 'Accepted', restaurantName: DELETED_ACCOUNT_NAME, restaurantEmail: `${restaurant.id}@deleted.invalid` });
      // Its history keeps its rows, showing "Deleted account" for what the restaurant did, to everyone who reads it.
      for (const reader of [admin, charity]) {
        const history = await t.get(`/donations/${given}/history`, reader.token);
        expect(history.status).toBe(200);
        expect(history.body.find((e: any) => e.kind === 'donation.created')?.actor).toEqual({ name: DELETED_ACCOUNT_NAME });
        expect(JSON.stringify(history.body)).not.toContain(restaurant.email);
        expect(JSON.stringify(history.body)).not.toContain(restaurant.name);
      }
      // The deletion itself is recorded without the name; and the old address finds nothing any more.
      const removal = (await t.get(`/history?actor=${restaurant.id}&kind=user.deleted`, admin.token)).body;
      expect(removal).toEqual([expect.objectContaining({ actor: { name: DELETED_ACCOUNT_NAME }, fromState: 'restaurant' })]);
      expect((await t.get(`/history?actor=${encodeURIComponent(restaurant.email)}`, admin.token)).body).toEqual([]);
      const [row] = await t.sql<{ name: string; email: string; password_hash: string | null }[]>`SELECT name, email, password_hash FROM users WHERE id = ${restaurant.id}`;
      expect(row).toEqual({ name: DELETED_ACCOUNT_NAME, email: `${restaurant.id}@deleted.invalid`, password_hash: null });

      // The charity still collects what it was given; the address may register again, as a new account.
      expect((await t.patch(`/donations/pickup/${given}`, { weightKg: 2, outcome: 'all' }, charity.token)).status).toBe(200);
      const again = await t.post('/auth/register', createRegisterInput({ email: restaurant.email }));
      expect(again.status).toBe(201);
      expect(again.body.user._id).not.toBe(restaurant.id);
    });

    it('tells a charity what happens to its accepted pickups first; then gives them back to their restaurant', async () => {
      const [restaurant, charity, otherCharity, admin] = await Promise.all([account('restaurant'), account('charity'), account('charity'), account('admin')]);
      const donation = await postDonation(t, restaurant);
      await verifyDonation(t, admin, donation);
      const turnedDown = await requestDonation(t, otherCharity, donation);
      await acceptRequest(t, restaurant, await requestDonation(t, charity, donation));

      const asked = await deleteMe(charity.token, { password: PASSWORD });
      expect(asked.status).toBe(409);
      expect(asked.body).toMatchObject({ code: 'account/has-accepted-pickups', values: { count: 1 } });
      expect((await t.get(`/donations/${donation}`, restaurant.token)).body.status).toBe('Accepted');

      expect((await deleteMe(charity.token, { password: PASSWORD, confirm: true })).status).toBe(200);
      const back = await t.get(`/donations/${donation}`, restaurant.token);
      expect(back.body.status).toBe('Verified');
      expect(back.body.charityName).toBeUndefined();
      // The charity turned down for it may have it now; the restaurant is told the pickup was cancelled.
      const requests = await t.get('/donation-requests', otherCharity.token);
      expect(requests.body.find((r: any) => r._id === turnedDown)?.status).toBe('Pending');
      const told = (await t.get('/notifications', restaurant.token)).body.find((n: any) => n.kind === 'request.cancelled');
      expect(told?.body).toContain(DELETED_ACCOUNT_NAME);
      // The history says who was given it and who asked as "Deleted account", in its rows and their details.
      const history = (await t.get(`/donations/${donation}/history`, admin.token)).body;
      expect(history.find((e: any) => e.kind === 'request.accepted')?.detail.charityName).toBe(DELETED_ACCOUNT_NAME);
      expect(history.find((e: any) => e.kind === 'request.made' && e.requestId !== turnedDown)?.actor).toEqual({ name: DELETED_ACCOUNT_NAME });
      expect(history.find((e: any) => e.kind === 'donation.released')?.actor).toEqual({ name: DELETED_ACCOUNT_NAME });
      expect(JSON.stringify(history)).not.toContain(charity.email);
      expect(JSON.stringify(history)).not.toContain(charity.name);
    });

    it('removes what was only its own: favourites, notifications, devices, profile', async () => {
      const [restaurant, u] = await Promise.all([account('restaurant'), account()]);
      const donation = await insertDonation(t.sql, restaurant);
      expect((await t.post('/favorites', { donationId: donation }, u.token)).status).toBe(201);
      expect((await t.patch('/users/me', { phone: '+1 555 0100', address: '1 Side Street' }, u.token)).status).toBe(200);
      expect((await deleteMe(u.token, { password: PASSWORD })).status).toBe(200);
      const [favorites] = await t.sql<{ live: number }[]>`SELECT count(*) FILTER (WHERE NOT deleted)::int AS live FROM favorites WHERE user_id = ${u.id}`;
      expect(favorites!.live).toBe(0);
      const [left] = await t.sql<{ phone: string | null; address: string | null; erased: boolean }[]>`
        SELECT phone, address, erased_at IS NOT NULL AS erased FROM users WHERE id = ${u.id}`;
      expect(left).toEqual({ phone: null, address: null, erased: true });
      const [links] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM account_links WHERE user_id = ${u.id}`;
      expect(links!.n).toBe(0);
    });
  });
});

describe('account deletion by the last admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused while no other admin would be left', async () => {
    const first: TestUser = await createUser(t, { role: 'admin', password: PASSWORD });
    const alone = await t.request('DELETE', '/users/me', { token: first.token, body: { password: PASSWORD, confirm: true } });
    expect(alone.status).toBe(409);
    expect(alone.body.code).toBe('account/last-admin');
    await createUser(t, { role: 'admin' });
    expect((await t.request('DELETE', '/users/me', { token: first.token, body: { password: PASSWORD } })).status).toBe(200);
  });
});

describe('account self-service with Firebase sign-in', () => {
  const projectId = 'demo-self-service';
  let key: TestSigningKey;
  let jwks: JwksServer;
  let t: TestApp;

  beforeAll(async () => {
    key = await createSigningKey();
    jwks = await startJwksServer([key]);
    t = await createTestApp({ FIREBASE_PROJECT_ID: projectId, FIREBASE_JWKS_URL: jwks.url });
  });
  afterAll(async () => {
    await t?.close();
    await jwks?.close();
  });

  it('leaves the password and the e-mail to Firebase', async () => {
    const token = await signFirebaseToken(key, { projectId, email: `fb-${hex()}@example.test` });
    for (const [path, body] of [
      ['/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }],
      ['/auth/change-email', { newEmail: `other-${hex()}@example.test`, password: PASSWORD }],
    ] as const) {
      const res = await t.post(path, body, token);
      expect(res.status, path).toBe(400);
      expect(res.body.code, path).toBe('auth/operation-not-allowed');
    }
  });

  it('downloads the data, and deletes the account only after a sign-in of the last minutes', async () => {
    const email = `fb-${hex()}@example.test`;
    const uid = `uid-${hex()}`;
    // A token renewed in the background: issued now, but its user signed in ten minutes ago.
    const renewed = await signFirebaseToken(key, { projectId, email, uid, authTime: Math.floor(Date.now() / 1000) - 600 });
    const me = await t.get('/users/me', renewed);
    expect(me.status).toBe(200);
    expect((await t.get('/users/me/export', renewed)).body.account).toMatchObject({ _id: me.body._id, email });

    const stale = await t.request('DELETE', '/users/me', { token: renewed });
    expect(stale.status).toBe(403);
    expect(stale.body).toMatchObject({ code: 'auth/requires-recent-login', values: { minutes: 5 } });
    expect(stale.body.message).toBe('For your safety, please sign in again, then try once more within 5 minutes.');
    expect((await t.get('/users/me', renewed)).status).toBe(200);

    const fresh = await signFirebaseToken(key, { projectId, email, uid });
    expect((await t.request('DELETE', '/users/me', { token: fresh })).status).toBe(200);
    const [row] = await t.sql<{ deleted: boolean; email: string; provider_uid: string | null }[]>`
      SELECT deleted, email, provider_uid FROM users WHERE id = ${me.body._id}`;
    expect(row).toEqual({ deleted: true, email: `${me.body._id}@deleted.invalid`, provider_uid: null });
  });
});
