import { createRegisterInput } from '@foodbridge/shared/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpInbox } from '../testing/smtp-inbox.ts';
import { createMailingTestApp, createTestApp, type TestApp } from '../testing/test-app.ts';

const INVALID = { message: 'This link is invalid or has expired.', code: 'auth/invalid-action-code' };

describe('account e-mails through SMTP: e-mail verification, password reset, ADMIN_EMAILS after verification', () => {
  let inbox: SmtpInbox;
  let t: TestApp;

  beforeAll(async () => {
    const mailing = await createMailingTestApp({ ADMIN_EMAILS: 'boss@example.test' });
    t = mailing;
    inbox = mailing.inbox;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function register(email = `u-${Math.random().toString(16).slice(2)}@example.test`) {
    const input = createRegisterInput({ email });
    const res = await t.post('/auth/register', input);
    expect(res.status).toBe(201);
    return { ...input, email: input.email.toLowerCase(), token: res.body.idToken as string, user: res.body.user };
  }

  it('registration e-mails a verification link to the public address; the link verifies once', async () => {
    const u = await register();
    expect(u.user.emailVerified).toBe(false);
    const mail = await inbox.next(u.email);
    expect(mail.subject).toBe('Please verify your e-mail for FoodBridge');
    expect(mail.text).toContain('https://foodbridge.example.org/verify-email?token=');
    const token = new URLSearchParams(inbox.link(mail, '/verify-email').split('?')[1]).get('token')!;

    const verified = await t.post('/auth/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email: u.email, emailVerified: true, role: 'user' });
    expect((await t.get('/users/me', u.token)).body.emailVerified).toBe(true);

    const again = await t.post('/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject(INVALID);
  });

  it('refuses unknown, empty and malformed link tokens with the same readable answer', async () => {
    for (const body of [{ token: 'x'.repeat(43) }, { token: '' }, {}, { token: 42 }]) {
      const res = await t.post('/auth/verify-email', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(INVALID.message);
    }
  });

  it('an ADMIN_EMAILS address registers as a user and becomes admin only when its owner verifies it', async () => {
    const boss = await register('Boss@Example.test');
    expect(boss.user.role).toBe('user');
    expect((await t.get('/users', boss.token)).status).toBe(403);
    const mail = await inbox.next('boss@example.test');
    const token = new URLSearchParams(inbox.link(mail, '/verify-email').split('?')[1]).get('token')!;
    expect((await t.post('/auth/verify-email', { token })).body.user.role).toBe('admin');
    expect((await t.get('/users', boss.token)).status).toBe(200);
    // Every role change is in the history, this one too: made by FoodBridge, by way of its admin list.
    const history = await t.get(`/history?kind=user.role-changed`, boss.token);
    const grant = history.body.find((e: any) => e.detail.userId === boss.user._id);
    expect(grant).toMatchObject({ actor: { name: 'FoodBridge' }, fromState: 'user', toState: 'admin', detail: { via: 'ADMIN_EMAILS' } });
  });

  it('asking for a verification link again waits a minute after the last one, and a verified account is told so', async () => {
    const u = await register();
    await inbox.next(u.email);
    const soon = await t.post('/auth/verification-email', {}, u.token);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(soon.body.message).toMatch(/^A link was sent a moment ago\. Please wait \d+ seconds? before asking for another one\.$/);
    expect((await t.post('/auth/verification-email', {})).status).toBe(401);

    // A minute later (the window moved back by hand), the new link works and the first one no longer does.
    const first = inbox.link(await inbox.next(u.email), '/verify-email');
    await t.sql`UPDATE rate_limits SET resets_at = now() - interval '1 second' WHERE key LIKE ${'%' + u.user._id}`;
    expect((await t.post('/auth/verification-email', {}, u.token)).status).toBe(204);
    const second = inbox.link(await inbox.next(u.email, 1), '/verify-email');
    const tokenOf = (link: string) => new URLSearchParams(link.split('?')[1]).get('token')!;
    expect((await t.post('/auth/verify-email', { token: tokenOf(first) })).status).toBe(400);
    expect((await t.post('/auth/verify-email', { token: tokenOf(second) })).status).toBe(200);
    const done = await t.post('/auth/verification-email', {}, u.token);
    expect(done.status).toBe(409);
    expect(done.body.message).toBe('Your e-mail is already verified.');
  });

  it('a password reset answers the same for known and unknown e-mails, and mails only the known one', async () => {
    const u = await register();
    await inbox.next(u.email);
    const before = inbox.messages.length;
    const known = await t.post('/auth/password-reset-email', { email: ` ${u.email.toUpperCase()} ` });
    const unknown = await t.post('/auth/password-reset-email', { email: 'nobody-here@example.test' });
    expect([known.status, unknown.status]).toEqual([204, 204]);
    const mail = await inbox.next(u.email, 1);
    expect(mail.subject).toBe('Reset your FoodBridge password');
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.messages.slice(before).map((m) => m.to[0])).toEqual([u.email]);
    expect((await t.post('/auth/password-reset-email', { email: 'not an e-mail' })).status).toBe(400);
  });

  it('writes the verification e-mail in the language the person registered in, and keeps it on the account', async () => {
    const input = createRegisterInput({ email: `es-${Math.random().toString(16).slice(2)}@example.test` });
    const res = await t.post('/auth/register', { ...input, locale: 'es' });
    expect(res.status).toBe(201);
    expect(res.body.user.locale).toBe('es');
    const mail = await inbox.next(input.email.toLowerCase());
    expect(mail.text).toMatch(/^Hola, .*:\n\nConfirma que es/);
    expect((await t.post('/auth/register', { ...createRegisterInput(), locale: 'fr' })).status).toBe(400);
  });

  it('writes the reset e-mail in the language the account chose', async () => {
    const u = await register();
    await inbox.next(u.email);
    expect((await t.patch('/users/me', { locale: 'es' }, u.token)).status).toBe(200);
    expect((await t.post('/auth/password-reset-email', { email: u.email })).status).toBe(204);
    const mail = await inbox.next(u.email, 1);
    // A subject beyond ASCII travels as RFC 2047 encoded words (Q encoding), which the test inbox leaves as they came,
    // and folded over lines of which it keeps the first: decoded here, and compared by its start.
    const subject = Buffer.from(
      mail.subject.replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, q: string) => q.replace(/_/g, ' ')).replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
    expect(subject).toMatch(/^Restablece tu contraseña de Food/);
    expect(mail.text).toContain(`Hola, ${u.name}:`);
    expect(mail.text).toContain('durante 60 minutos');
    expect(mail.text).toContain('https://foodbridge.example.org/reset-password?token=');
  });

  it('a reset link sets the new password once, ends every session and verifies the e-mail', async () => {
    const u = await register();
    await inbox.next(u.email);
    const signedIn = await t.post('/auth/login', { email: u.email, password: u.password });
    await t.post('/auth/password-reset-email', { email: u.email });
    const token = new URLSearchParams(inbox.link(await inbox.next(u.email, 1), '/reset-password').split('?')[1]).get('token')!;

    const short = await t.post('/auth/reset-password', { token, password: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters');

    expect((await t.post('/auth/reset-password', { token, password: 'brand-new-pass' })).status).toBe(204);
    expect((await t.post('/auth/login', { email: u.email, password: u.password })).status).toBe(401);
    const fresh = await t.post('/auth/login', { email: u.email, password: 'brand-new-pass' });
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.emailVerified).toBe(true);
    // The session that was open before the reset cannot be renewed.
    expect((await t.post('/auth/refresh', { refreshToken: signedIn.body.refreshToken })).status).toBe(401);

    const reused = await t.post('/auth/reset-password', { token, password: 'another-pass' });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject(INVALID);
  });

  it('an expired link, a verify link used to reset, and a link of a removed account are refused', async () => {
    const u = await register();
    const verifyToken = new URLSearchParams(inbox.link(await inbox.next(u.email), '/verify-email').split('?')[1]).get('token')!;
    expect((await t.post('/auth/reset-password', { token: verifyToken, password: 'whatever-1' })).body).toMatchObject(INVALID);

    await t.post('/auth/password-reset-email', { email: u.email });
    const resetToken = new URLSearchParams(inbox.link(await inbox.next(u.email, 1), '/reset-password').split('?')[1]).get('token')!;
    await t.sql`UPDATE account_links SET expires_at = now() - interval '1 second' WHERE user_id = ${u.user._id} AND purpose = 'reset'`;
    expect((await t.post('/auth/reset-password', { token: resetToken, password: 'whatever-1' })).body).toMatchObject(INVALID);

    const admin = await register('boss2@example.test');
    await t.sql`UPDATE users SET role = 'admin' WHERE id = ${admin.user._id}`;
    expect((await t.del(`/users/${u.user._id}`, admin.token)).body).toEqual({ deletedCount: 1 });
    expect((await t.post('/auth/verify-email', { token: verifyToken })).body).toMatchObject(INVALID);
  });

  it('stores only hashes of link tokens', async () => {
    const u = await register();
    const token = new URLSearchParams(inbox.link(await inbox.next(u.email), '/verify-email').split('?')[1]).get('token')!;
    const rows = await t.sql<{ token_hash: string }[]>`SELECT token_hash FROM account_links WHERE user_id = ${u.user._id}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('account e-mails without SMTP', () => {
  it('prints the link on one log line naming the recipient', async () => {
    const t = await createTestApp();
    const lines: string[] = [];
    const info = console.info;
    console.info = (...args: unknown[]) => void lines.push(args.join(' '));
    try {
      const input = createRegisterInput();
      expect((await t.post('/auth/register', input)).status).toBe(201);
      for (let i = 0; i < 100 && !lines.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^\\[mail\\] not sent \\(no SMTP_URL\\): to ${input.email.toLowerCase().replace(/[.+]/g, '\\$&')}: .*http://localhost:8787/verify-email\\?token=[\\w-]{43}$`));
    } finally {
      console.info = info;
      await t.close();
    }
  });
});
