import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpInbox } from '../testing/smtp-inbox.ts';
import { createMailingTestApp, createUser, openSecondInstance, type TestApp, type TestUser } from '../testing/test-app.ts';

// Ending sessions (issue 45): a password reset, a log-out everywhere, a role taken away or the account removed stop
// every ID token already issued at once, not when it expires an hour later; on every server instance.

const SESSION_ENDED = { code: 'auth/session-ended', message: 'You were signed out. Please sign in again.' };

describe('ending sessions', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    const mailing = await createMailingTestApp();
    t = mailing;
    inbox = mailing.inbox;
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function resetPassword(email: string, password: string) {
    expect((await t.post('/auth/password-reset-email', { email })).status).toBe(204);
    const mail = await inbox.next(email, 1);
    const token = new URLSearchParams(inbox.link(mail, '/reset-password').split('?')[1]).get('token')!;
    expect((await t.post('/auth/reset-password', { token, password })).status).toBe(204);
  }

  it('a password reset refuses every ID token issued before it, and the new password signs in afresh', async () => {
    const u = await createUser(t);
    expect((await t.get('/users/me', u.token)).status).toBe(200);
    await inbox.next(u.email); // the verification e-mail of the registration
    await resetPassword(u.email, 'brand-new-pass');
    const refused = await t.get('/users/me', u.token);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject(SESSION_ENDED);
    expect((await t.post('/sync/stream-ticket', undefined, u.token)).status).toBe(401);
    const fresh = await t.post('/auth/login', { email: u.email, password: 'brand-new-pass' });
    expect(fresh.status).toBe(200);
    expect((await t.get('/users/me', fresh.body.idToken)).status).toBe(200);
  });

  it('a log-out ends its own session; a log-out everywhere ends every device’s, ID tokens included', async () => {
    const u = await createUser(t, { password: 'secret-password-1' });
    const other = await t.post('/auth/login', { email: u.email, password: 'secret-password-1' });
    expect(other.status).toBe(200);
    const third = await t.post('/auth/login', { email: u.email, password: 'secret-password-1' });

    // A plain log-out: that session cannot be renewed; the others go on.
    expect((await t.post('/auth/logout', { refreshToken: third.body.refreshToken })).status).toBe(204);
    expect((await t.post('/auth/refresh', { refreshToken: third.body.refreshToken })).status).toBe(401);
    expect((await t.get('/users/me', other.body.idToken)).status).toBe(200);

    // A used-up token cannot end the others.
    expect((await t.post('/auth/logout', { refreshToken: third.body.refreshToken, everywhere: true })).status).toBe(204);
    expect((await t.get('/users/me', u.token)).status).toBe(200);

    expect((await t.post('/auth/logout', { refreshToken: u.refreshToken, everywhere: true })).status).toBe(204);
    for (const token of [u.token, other.body.idToken]) expect((await t.get('/users/me', token)).body).toMatchObject(SESSION_ENDED);
    expect((await t.post('/auth/refresh', { refreshToken: other.body.refreshToken })).status).toBe(401);
    // Signing in again works, and its token holds.
    const again = await t.post('/auth/login', { email: u.email, password: 'secret-password-1' });
    expect((await t.get('/users/me', again.body.idToken)).status).toBe(200);
  });

  it('taking a role away ends the sessions; granting one does not', async () => {
    const charity = await createUser(t, { role: 'charity' });
    const user = await createUser(t);
    expect((await t.patch(`/users/role/${user.id}`, { role: 'charity' }, admin.token)).status).toBe(200);
    expect((await t.get('/users/me', user.token)).body).toMatchObject({ role: 'charity' });

    expect((await t.patch(`/users/role/${charity.id}`, { role: 'user' }, admin.token)).status).toBe(200);
    expect((await t.get('/users/me', charity.token)).body).toMatchObject(SESSION_ENDED);
  });

  it('removing the account refuses its tokens', async () => {
    const u = await createUser(t);
    expect((await t.del(`/users/${u.id}`, admin.token)).status).toBe(200);
    expect((await t.get('/users/me', u.token)).status).toBeGreaterThanOrEqual(401);
  });

  it('a token issued before sessions could end (no `se` claim) holds until they are ended', async () => {
    const u = await createUser(t);
    const legacy = await t.deps.tokens.issue({ id: u.id, email: u.email, name: u.name });
    expect((await t.get('/users/me', legacy.idToken)).status).toBe(200);
    await t.post('/auth/logout', { refreshToken: u.refreshToken, everywhere: true });
    expect((await t.get('/users/me', legacy.idToken)).body).toMatchObject(SESSION_ENDED);
  });

  describe.skipIf(!process.env.DATABASE_URL)('two server instances on one Postgres', () => {
    it('a session ended through instance A is refused by instance B within moments, though B had it cached', async () => {
      const b = await openSecondInstance(t);
      try {
        const u = await createUser(t, { password: 'secret-password-1' });
        const onB = (token: string) => b.app.request('/users/me', { headers: { authorization: `Bearer ${token}` } });
        // B verifies the token and keeps the account in its cache.
        expect((await onB(u.token)).status).toBe(200);
        expect((await onB(u.token)).status).toBe(200);
        expect((await t.post('/auth/logout', { refreshToken: u.refreshToken, everywhere: true })).status).toBe(204);
        const deadline = Date.now() + 3000;
        let status = 200;
        while (status === 200 && Date.now() < deadline) {
          status = (await onB(u.token)).status;
          if (status === 200) await new Promise((r) => setTimeout(r, 50));
        }
        expect(status).toBe(401);
      } finally {
        await b.close();
      }
    });
  });
});
