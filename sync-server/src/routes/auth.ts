import { z } from 'zod';
import {
  AuthConfigSchema,
  AuthSessionSchema,
  ChangeEmailSchema,
  ChangePasswordSchema,
  LoginSchema,
  PasswordResetEmailSchema,
  RATE_LIMITS,
  LogoutSchema,
  RefreshSchema,
  RegisterSchema,
  ResetPasswordSchema,
  UserSchema,
  VerifyEmailSchema,
  type AuthConfig,
  type AuthSession,
} from '@foodbridge/shared';
import {
  createAccountLink,
  createEmailChangeLink,
  emailChangedMessage,
  invalidLink,
  redeemAccountLink,
  redeemEmailLink,
} from '../auth/account-links.ts';
import { checkPassword, confirmPassword } from '../auth/confirm-owner.ts';
import { rememberDevice } from '../auth/device-cookie.ts';
import { hashPassword } from '../auth/passwords.ts';
import { canCreateAccount, enforce } from '../auth/permissions.ts';
import { isAdminEmail, roleForNewAccount } from '../auth/roles.ts';
import { forgetLoginAttempt } from '../db/identity.ts';
import { takeFromLimit } from '../db/rate-limits.ts';
import {
  changeEmail,
  changePassword,
  findUserByEmail,
  findUserById,
  insertUser,
  isRemovedAccount,
  markEmailVerified,
  endAllSessions,
  resetPassword,
  toUser,
  touchLogin,
  type UserRow,
} from '../db/users.ts';
import type { Deps } from '../deps.ts';
import { clientAddress } from '../http/client-address.ts';
import { ApiError, badRequest, unauthorized } from '../http/errors.ts';
import { byAddress, enforceLimit } from '../http/rate-limit.ts';
import { route } from '../http/route.ts';
import { parseJson } from '../http/validate.ts';
import { err, Jwks, noContent, ok } from '../openapi/responses.ts';

/** A body that does not pass its schema, or any call of the sign-in routes on a server that signs in through Firebase. */
const INVALID_INPUT = err('Invalid input, or this server signs in through Firebase.', 'auth/operation-not-allowed');

/** What the sign-in, registration and password reset set on the browser (auth/device-cookie.ts). */
const DEVICE_COOKIE = {
  description:
    '`fb_device_<16 hex>=…; Path=/auth; HttpOnly; SameSite=Strict`: this browser is known to the account. Its wrong passwords are counted on it alone, and other people’s wrong passwords never make it wait.',
};

/** The built-in identity provider (the default when Firebase is not configured), with Firebase's error codes. */
export const authRoutes = [
  route(
    {
      method: 'get',
      path: '/.well-known/jwks.json',
      summary: 'Public keys of the built-in provider’s ID tokens',
      tags: ['Identity'],
      security: 'none',
      responses: { 200: ok('A JSON Web Key Set.', Jwks, { headers: { 'Cache-Control': { description: '`public, max-age=300`.' } } }) },
    },
    (c, { deps }) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(deps.tokens.jwks());
    },
  ),
  route(
    {
      method: 'get',
      path: '/auth/config',
      summary: 'Identity provider and payment mode of this server',
      tags: ['Identity'],
      security: 'none',
      responses: { 200: ok('The configuration.', AuthConfigSchema) },
    },
    (c, { deps }) =>
      c.json({
        provider: deps.firebase ? 'firebase' : 'local',
        firebase: deps.firebase
          ? {
              apiKey: deps.config.FIREBASE_API_KEY,
              authDomain: deps.config.FIREBASE_AUTH_DOMAIN,
              projectId: deps.config.FIREBASE_PROJECT_ID,
              appId: deps.config.FIREBASE_APP_ID,
            }
          : null,
        payments: { mode: deps.payments.mode, publishableKey: deps.config.STRIPE_PUBLISHABLE_KEY ?? null },
      } satisfies AuthConfig),
  ),
  route(
    {
      method: 'post',
      path: '/auth/register',
      summary: 'Create an account',
      tags: ['Identity'],
      security: 'none',
      limits: [byAddress('register', (config) => ({ ...RATE_LIMITS.registerPerAddress, limit: config.REGISTRATIONS_PER_ADDRESS_PER_HOUR }), 'new accounts from your network')],
      body: { schema: RegisterSchema, example: { name: 'Sam Rivera', email: 'sam@example.org', password: 'a-long-passphrase' } },
      responses: {
        201: ok('Signed in as the new account.', AuthSessionSchema, { headers: { 'Set-Cookie': DEVICE_COOKIE } }),
        400: INVALID_INPUT,
        403: err('The account of this e-mail has been removed.'),
        409: err('The e-mail is taken.', 'auth/email-already-in-use'),
        429: err('Too many attempts.'),
      },
    },
    async (c, { deps }) => {
      assertLocal(deps);
      const body = await parseJson(c, RegisterSchema);
      if (await findUserByEmail(deps.sql, body.email)) {
        throw new ApiError(409, 'auth/email-already-in-use');
      }
      enforce(canCreateAccount(await isRemovedAccount(deps.sql, body.email)));
      let row;
      try {
        row = await insertUser(deps.sql, {
          email: body.email,
          name: body.name,
          photoURL: body.photoURL,
          // Admin only once the e-mail is verified: registering an address proves nothing.
          role: roleForNewAccount(deps.config, body.email, false),
          passwordHash: await hashPassword(body.password),
          locale: body.locale,
        });
      } catch (err) {
        // Two registrations racing for one e-mail: the unique index decides.
        if ((err as { code?: string }).code === '23505') {
          throw new ApiError(409, 'auth/email-already-in-use');
        }
        throw err;
      }
      await mailLink(deps, row, 'verify');
      // The person who chose the password is on this device: failures elsewhere must not lock them out of it.
      await rememberDevice(c, deps, row);
      return c.json(await signedIn(deps, row), 201);
    },
  ),
  route(
    {
      method: 'post',
      path: '/auth/login',
      summary: 'Sign in with e-mail and password',
      tags: ['Identity'],
      security: 'none',
      limits: [byAddress('sign-in', RATE_LIMITS.signInPerAddress, 'sign-in attempts from your network')],
      body: { schema: LoginSchema, example: { email: 'sam@example.org', password: 'a-long-passphrase' } },
      responses: {
        200: ok('Signed in.', AuthSessionSchema, { headers: { 'Set-Cookie': DEVICE_COOKIE } }),
        400: INVALID_INPUT,
        401: err('Wrong e-mail or password.', 'auth/invalid-credential'),
        429: err('Too many attempts.'),
      },
    },
    async (c, { deps }) => {
      assertLocal(deps);
      const body = await parseJson(c, LoginSchema);
      const row = await checkPassword(c, deps, body.email, body.password, () => findUserByEmail(deps.sql, body.email));
      const fresh = await touchLogin(deps.sql, row.id);
      return c.json(await signedIn(deps, fresh));
    },
  ),
  route(
    {
      method: 'post',
      path: '/auth/refresh',
      summary: 'Renew the session with a refresh token',
      tags: ['Identity'],
      security: 'none',
      limits: [byAddress('refresh', RATE_LIMITS.refreshPerAddress, 'session renewals from your network')],
      body: { schema: RefreshSchema, example: { refreshToken: 'rt_3q2-Zx8…' } },
      responses: {
        200: ok('A new ID token and refresh token.', AuthSessionSchema),
        400: INVALID_INPUT,
        401: err('The refresh token is unknown, used or expired.', 'auth/invalid-refresh-token'),
        429: err('Too many attempts.'),
      },
    },
    async (c, { deps }) => {
      assertLocal(deps);
      const body = await parseJson(c, RefreshSchema);
      const redeemed = await deps.tokens.redeemRefreshToken(body.refreshToken);
      const row = redeemed ? await findUserById(deps.sql, redeemed.userId) : undefined;
      if (!row) throw new ApiError(401, 'auth/invalid-refresh-token');
      return c.json(await signedIn(deps, row, redeemed?.familyId));
    },
  ),
  // No ID token needed: holding the refresh token is what lets one end its session, even after the ID token expired.
  route(
    {
      method: 'post',
      path: '/auth/logout',
      summary: 'End the session of a refresh token, or every session of its account',
      description:
        'With `everywhere: true` (and a live refresh token of the account) every session ends: all refresh tokens are revoked and every ID token already issued is refused within moments, on every server.',
      tags: ['Identity'],
      security: 'none',
      body: { schema: LogoutSchema, example: { refreshToken: 'rt_3q2-Zx8…', everywhere: true } },
      responses: { 204: noContent, 400: INVALID_INPUT },
    },
    async (c, { deps }) => {
      assertLocal(deps);
      const body = await parseJson(c, LogoutSchema);
      // Only a live token may end the others: one already used up or revoked (a copy left behind) ends nothing more.
      const owner = body.everywhere ? await deps.tokens.ownerOfRefreshToken(body.refreshToken) : undefined;
      if (owner) await endAllSessions(deps.sql, owner);
      else await deps.tokens.revokeRefreshToken(body.refreshToken);
      return c.body(null, 204);
    },
  ),
  // The signed-in owner asks for a new verification link (the first one is sent at registration).
  route(
    {
      method: 'post',
      path: '/auth/verification-email',
      summary: 'Send the e-mail verification link again',
      tags: ['Identity'],
      security: 'bearer',
      responses: {
        204: noContent,
        400: err('This server signs in through Firebase.', 'auth/operation-not-allowed'),
        409: err('The e-mail is already verified.', 'auth/email-already-verified'),
        429: err('A link was sent a moment ago.', 'auth/too-many-requests'),
        503: err('The e-mail could not be sent just now.', 'auth/mail-unavailable'),
      },
    },
    async (c, { deps, user }) => {
      assertLocal(deps);
      const row = c.get('userRow');
      if (!row || row.email_verified) {
        throw new ApiError(409, 'auth/email-already-verified');
      }
      await enforceLimit(
        c,
        deps,
        // The registration's own e-mail counts too: the first link went out a moment ago.
        `account-email:verify:${user.id}`,
        RATE_LIMITS.accountEmailsPerRecipient,
        // Firebase's code, which also stands for a locked sign-in: this refusal says its own wait.
        (wait) => ({ code: 'auth/too-many-requests', message: `A link was sent a moment ago. Please wait ${wait} before asking for another one.` }),
      );
      try {
        await deps.mailer.send(await createAccountLink(deps, row, 'verify'));
      } catch (err) {
        console.error('[mail] verification e-mail failed:', err);
        throw new ApiError(503, 'auth/mail-unavailable');
      }
      return c.body(null, 204);
    },
  ),
  route(
    {
      method: 'post',
      path: '/auth/verify-email',
      summary: 'Verify an e-mail address with the link’s token',
      description:
        'The token of a verification link, or of an e-mail change’s link (sent to the new address by `POST /auth/change-email`): then the new address becomes the account’s, verified, and the old address is told.',
      tags: ['Identity'],
      security: 'none',
      body: { schema: VerifyEmailSchema, example: { token: 'Yt7b4kQ2wX' } },
      responses: {
        200: ok('The account, now verified (with its new address, for an e-mail change).', z.object({ user: UserSchema })),
        400: err('The link is invalid or has expired.'),
        409: err('Another account took the new address since the link was sent.', 'auth/email-already-in-use'),
      },
    },
    async (c, { deps }) => {
      assertLocal(deps);
      const { token } = await parseJson(c, VerifyEmailSchema);
      const link = await redeemEmailLink(deps, token);
      const current = await findUserById(deps.sql, link.userId);
      if (!current) throw invalidLink();
      if (link.purpose === 'change-email' && link.newEmail) return c.json({ user: toUser(await completeEmailChange(deps, current, link.newEmail)) });
      const row = await markEmailVerified(deps.sql, link.userId, isAdminEmail(deps.config, current.email));
      if (!row) throw invalidLink();
      return c.json({ user: toUser(row) });
    },
  ),
  // Always the same answer, whether or not an account has the e-mail: nobody learns which from it.
  route(
    {
      method: 'post',
      path: '/auth/password-reset-email',
      summary: 'E-mail a password-reset link',
      description: 'Answers the same whether or not the address has an account.',
      tags: ['Identity'],
      security: 'none',
      limits: [byAddress('password-reset', RATE_LIMITS.passwordResetsPerAddress, 'password reset requests from your network')],
      body: { schema: PasswordResetEmailSchema, example: { email: 'sam@example.org' } },
      responses: { 204: noContent, 400: INVALID_INPUT, 429: err('Too many requests from this network.') },
    },
    async (c, { deps }) => {
      assertLocal(deps);
      const { email } = await parseJson(c, PasswordResetEmailSchema);
      const row = await findUserByEmail(deps.sql, email);
      if (row) await mailLink(deps, row, 'reset');
      return c.body(null, 204);
    },
  ),
  route(
    {
      method: 'post',
      path: '/auth/reset-password',
      summary: 'Set a new password with the link’s token',
      tags: ['Identity'],
      security: 'none',
      body: { schema: ResetPasswordSchema, example: { token: 'Yt7b4kQ2wX', password: 'another-long-passphrase' } },
      responses: { 204: { ...noContent, headers: { 'Set-Cookie': DEVICE_COOKIE } }, 400: err('The link is invalid or has expired.') },
    },
    async (c, { deps }) => {
      assertLocal(deps);
      const body = await parseJson(c, ResetPasswordSchema);
      const userId = await redeemAccountLink(deps, body.token, 'reset');
      const current = await findUserById(deps.sql, userId);
      if (!current) throw invalidLink();
      const row = await resetPassword(deps.sql, userId, await hashPassword(body.password), isAdminEmail(deps.config, current.email));
      if (!row) throw invalidLink();
      // The owner proved the mailbox: earlier failed guesses at the old password no longer hold them back from here,
      // and this device is known from now on, the way out of a lock-out for someone on a device never used before.
      await forgetLoginAttempt(deps.sql, row.email, clientAddress(c, deps.config));
      await rememberDevice(c, deps, row);
      return c.body(null, 204);
    },
  ),
  // A stolen session alone must not lock the owner out: the current password is asked (and counted as a sign-in try).
  route(
    {
      method: 'post',
      path: '/auth/change-password',
      summary: 'Change the password',
      description:
        'Needs the current password; a wrong one counts as a failed sign-in of the account (429 past the limit). Every session of the account ends, this one too, and an e-mail change still waiting for its link is cancelled; the answer is a new session for the device that asked, so it stays signed in.',
      tags: ['Identity'],
      security: 'bearer',
      body: { schema: ChangePasswordSchema, example: { currentPassword: 'a-long-passphrase', newPassword: 'another-long-passphrase' } },
      responses: {
        200: ok('A new session (the other ones have ended).', AuthSessionSchema),
        400: INVALID_INPUT,
        401: err('The current password is wrong.', 'auth/invalid-credential'),
        429: err('Too many wrong passwords.', 'auth/too-many-requests'),
      },
    },
    async (c, { deps }) => {
      assertLocal(deps);
      const body = await parseJson(c, ChangePasswordSchema);
      const account = c.get('userRow')!;
      await confirmPassword(c, deps, account, body.currentPassword);
      const row = await changePassword(deps.sql, account.id, await hashPassword(body.newPassword));
      if (!row) throw unauthorized('auth/user-not-found');
      return c.json(await signedIn(deps, row));
    },
  ),
  route(
    {
      method: 'post',
      path: '/auth/change-email',
      summary: 'Change the e-mail address (after a link to the new one is opened)',
      description:
        'Needs the password (counted as a sign-in try). Sends a link to `newEmail`; nothing changes until it is opened (`POST /auth/verify-email` with its token, within 24 hours): then the new address is the account’s, verified, and the old address gets a notice. A new request replaces the previous link; a password change or reset cancels it.',
      tags: ['Identity'],
      security: 'bearer',
      body: { schema: ChangeEmailSchema, example: { newEmail: 'sam.rivera@example.org', password: 'a-long-passphrase' } },
      responses: {
        204: noContent,
        400: err('Invalid input, the address the account has already, or this server signs in through Firebase.', 'account/same-email', 'auth/operation-not-allowed'),
        401: err('The password is wrong.', 'auth/invalid-credential'),
        403: err('The address belongs to an account that was removed.', 'auth/account-removed'),
        409: err('Another account has the address.', 'auth/email-already-in-use'),
        429: err('Too many wrong passwords, or a link was sent a moment ago.', 'auth/too-many-requests'),
        503: err('The e-mail could not be sent just now.', 'auth/mail-unavailable'),
      },
    },
    async (c, { deps, user }) => {
      assertLocal(deps);
      const body = await parseJson(c, ChangeEmailSchema);
      const account = c.get('userRow')!;
      await confirmPassword(c, deps, account, body.password);
      if (body.newEmail === account.email) throw badRequest('account/same-email');
      // As registration says it: an address in use, or one whose account an admin removed, cannot be taken.
      if (await findUserByEmail(deps.sql, body.newEmail)) throw new ApiError(409, 'auth/email-already-in-use');
      enforce(canCreateAccount(await isRemovedAccount(deps.sql, body.newEmail)));
      await enforceLimit(c, deps, `account-email:change-email:${user.id}`, RATE_LIMITS.accountEmailsPerRecipient, (wait) => ({
        code: 'auth/too-many-requests',
        message: `A link was sent a moment ago. Please wait ${wait} before asking for another one.`,
      }));
      try {
        await deps.mailer.send(await createEmailChangeLink(deps, account, body.newEmail));
      } catch (err) {
        console.error('[mail] e-mail change link failed:', err);
        throw new ApiError(503, 'auth/mail-unavailable');
      }
      return c.body(null, 204);
    },
  ),
];

/**
 * An e-mail change's link was opened: the new address becomes the account's (db/users.ts changeEmail), and the old one
 * is told, after the change is committed and without holding the answer. A lost notice is logged.
 */
async function completeEmailChange(deps: Deps, current: UserRow, newEmail: string): Promise<UserRow> {
  let changed;
  try {
    changed = await changeEmail(deps.sql, current.id, newEmail, isAdminEmail(deps.config, newEmail));
  } catch (err) {
    // Another account registered or took the address after the link was sent: the unique index refuses it.
    if ((err as { code?: string }).code === '23505') throw new ApiError(409, 'auth/email-already-in-use');
    throw err;
  }
  if (!changed) throw invalidLink();
  deps.mailer
    .send(emailChangedMessage(deps, changed.row, changed.oldEmail))
    .catch((err: unknown) => console.error(`[mail] e-mail change notice to account ${current.id} failed:`, err));
  return changed.row;
}

/**
 * An account e-mail: the link is stored before the answer (so the request's writes are done when it is answered);
 * the mail goes out without holding the answer, as a slow mail server must not slow a sign-up. One e-mail a minute
 * per account and purpose, whoever asks. A lost message is logged; the owner can ask again.
 */
async function mailLink(deps: Deps, row: UserRow, purpose: 'verify' | 'reset'): Promise<void> {
  const { limit, windowSeconds } = RATE_LIMITS.accountEmailsPerRecipient;
  if ((await takeFromLimit(deps.sql, `account-email:${purpose}:${row.id}`, 1, limit, windowSeconds)) !== null) return;
  const message = await createAccountLink(deps, row, purpose);
  deps.mailer.send(message).catch((err: unknown) => console.error(`[mail] ${purpose} e-mail to account ${row.id} failed:`, err));
}

/** The answer of a successful register, login or refresh: fresh tokens and the account. */
async function signedIn(deps: Deps, row: UserRow, familyId?: string) {
  const tokens = await deps.tokens.issue(
    { id: row.id, email: row.email, name: row.name, photoURL: row.photo_url ?? undefined, sessionsEndedAt: row.sessions_ended_at },
    familyId,
  );
  return { ...tokens, user: toUser(row) } satisfies AuthSession;
}

function assertLocal(deps: Deps) {
  if (deps.firebase) {
    throw new ApiError(400, 'auth/operation-not-allowed');
  }
}
