import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { LoginSchema, RefreshSchema, RegisterSchema, type AuthConfig, type AuthSession } from '@foodbridge/shared';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { canCreateAccount, enforce } from '../auth/permissions.ts';
import { roleForNewAccount } from '../auth/roles.ts';
import { countLoginAttempt, forgetLoginAttempt } from '../db/identity.ts';
import { findUserByEmail, findUserById, insertUser, isRemovedAccount, toUser, touchLogin, type UserRow } from '../db/users.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { parseJson } from '../http/validate.ts';

// A fixed hash to compare against when the e-mail is unknown, so a login takes as long either way.
const decoyHash = hashPassword('decoy-password-never-used');

/** The built-in identity provider (the default when Firebase is not configured), with Firebase's error codes. */
export const authRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/.well-known/jwks.json', (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(deps.tokens.jwks());
    })
    .get('/auth/config', (c) =>
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
    )
    .post('/auth/register', async (c) => {
      assertLocal(deps);
      const body = await parseJson(c, RegisterSchema);
      if (await findUserByEmail(deps.sql, body.email)) {
        throw new ApiError(409, 'This e-mail is already registered. Please log in.', 'auth/email-already-in-use');
      }
      enforce(canCreateAccount(await isRemovedAccount(deps.sql, body.email)));
      let row;
      try {
        row = await insertUser(deps.sql, {
          email: body.email,
          name: body.name,
          photoURL: body.photoURL,
          role: roleForNewAccount(deps.config, body.email),
          passwordHash: await hashPassword(body.password),
        });
      } catch (err) {
        // Two registrations racing for one e-mail: the unique index decides.
        if ((err as { code?: string }).code === '23505') {
          throw new ApiError(409, 'This e-mail is already registered. Please log in.', 'auth/email-already-in-use');
        }
        throw err;
      }
      return c.json(await signedIn(deps, row), 201);
    })
    .post('/auth/login', async (c) => {
      assertLocal(deps);
      const body = await parseJson(c, LoginSchema);
      const client = clientAddress(c);
      const wait = await countLoginAttempt(deps.sql, body.email, client);
      if (wait !== null) {
        c.header('Retry-After', String(wait));
        throw new ApiError(429, 'Too many failed attempts. Please wait a few minutes and try again.', 'auth/too-many-requests');
      }
      const row = await findUserByEmail(deps.sql, body.email);
      const ok = row?.password_hash
        ? await verifyPassword(body.password, row.password_hash)
        : (await verifyPassword(body.password, await decoyHash), false);
      if (!row || !ok) throw new ApiError(401, 'Wrong e-mail or password.', 'auth/invalid-credential');
      await forgetLoginAttempt(deps.sql, body.email, client);
      const fresh = await touchLogin(deps.sql, row.id);
      return c.json(await signedIn(deps, fresh));
    })
    .post('/auth/refresh', async (c) => {
      assertLocal(deps);
      const body = await parseJson(c, RefreshSchema);
      const redeemed = await deps.tokens.redeemRefreshToken(body.refreshToken);
      const row = redeemed ? await findUserById(deps.sql, redeemed.userId) : undefined;
      if (!row) throw new ApiError(401, 'Your session has ended. Please sign in again.', 'auth/invalid-refresh-token');
      return c.json(await signedIn(deps, row, redeemed?.familyId));
    })
    // No ID token needed: holding the refresh token is what lets one end its session, even after the ID token expired.
    .post('/auth/logout', async (c) => {
      assertLocal(deps);
      const body = await parseJson(c, RefreshSchema);
      await deps.tokens.revokeRefreshToken(body.refreshToken);
      return c.body(null, 204);
    });

/** The answer of a successful register, login or refresh: fresh tokens and the account. */
async function signedIn(deps: Deps, row: UserRow, familyId?: string) {
  const tokens = await deps.tokens.issue({ id: row.id, email: row.email, name: row.name, photoURL: row.photo_url ?? undefined }, familyId);
  return { ...tokens, user: toUser(row) } satisfies AuthSession;
}

/**
 * The caller's address from the socket. Behind a reverse proxy that is the proxy's, so all callers share one lock-out
 * key per e-mail until the server is told to trust X-Forwarded-For. `app.request()` without a socket (tests,
 * embedded calls) has no address: those callers share one key too.
 */
function clientAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function assertLocal(deps: Deps) {
  if (deps.firebase) {
    throw new ApiError(400, 'This server signs in through Firebase; use the Firebase client.', 'auth/operation-not-allowed');
  }
}
