import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { errors as joseErrors } from 'jose';
import { isImageUrl } from '@foodbridge/shared';
import { accountForProviderUser, findUserById, organisationEmailOf, type UserRow } from '../db/users.ts';
import { ApiError, unauthorized } from '../http/errors.ts';
import { readsOnly } from '../http/methods.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { toAuthUser, type AuthUser } from './auth-user.ts';
import { canCreateAccount, enforce } from './permissions.ts';
import { sessionHolds, type VerifiedIdentity } from './local-provider.ts';
import { isAdminEmail } from './roles.ts';

/**
 * Reads `Authorization: Bearer <idToken>` when present. The token's subject says who the caller is; the role always
 * comes from the database, so a role change takes effect on the next call. A missing header leaves the caller
 * anonymous; a bad token is a 401 (the client then refreshes or signs in again).
 */
export function authenticate(deps: Deps) {
  const cache = deps.users;
  const signedIn = (c: Context<AppEnv>, row: UserRow, next: () => Promise<void>) => {
    // The row is kept too, so routes that answer with the caller's own account need not load it again.
    c.set('user', toAuthUser(row));
    c.set('userRow', row);
    return proceed(c, next);
  };
  const proceed = (c: Context<AppEnv>, next: () => Promise<void>) => (changesAccounts(c.req.method, c.req.path) ? clearAfter(next) : next());
  const clearAfter = async (next: () => Promise<void>) => {
    try {
      await next();
    } finally {
      // After the change is committed (or failed): whatever was read before it is not used again.
      cache.clear();
    }
  };
  // Not async on the way every call takes (no token, or one already checked): no promise of its own.
  return createMiddleware<AppEnv>((c, next) => {
    const header = c.req.header('authorization');
    if (!header) return proceed(c, next);
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new ApiError(401, 'auth/invalid-id-token', undefined, { message: 'Malformed Authorization header' });
    const token = match[1]!;
    const cached = cache.get(token);
    if (cached) return signedIn(c, cached, next);
    const generation = cache.begin();
    return accountFromToken(deps, token).then(async (found) => {
      // Read with the account and cached with it: the accounts' notification drops both when either changes.
      found.row.organisation_email = await organisationEmailOf(deps.sql, found.row);
      if (await cache.watch(deps.changes)) cache.set(token, found.row, found.expiresAtMs, generation);
      return signedIn(c, found.row, next);
    });
  });
}

/**
 * The routes whose writes may change an account (role, profile, removal, verification, password, sign-in time).
 * In embedded mode this process makes every change, so this list is what keeps its cache true.
 */
function changesAccounts(method: string, path: string): boolean {
  if (readsOnly(method)) return false;
  return (
    path.startsWith('/users') ||
    path.startsWith('/auth/') ||
    path.startsWith('/charity-requests') ||
    path.startsWith('/organisations') ||
    path.startsWith('/invitations')
  );
}

async function accountFromToken(deps: Deps, token: string): Promise<{ row: UserRow; expiresAtMs: number }> {
  if (deps.firebase) {
    let identity;
    try {
      identity = await deps.firebase.verify(token);
    } catch (err) {
      throw tokenRefusal(err);
    }
    const row = await accountForProviderUser(
      deps.sql,
      {
        uid: identity.subject,
        email: identity.email,
        emailVerified: identity.emailVerified,
        name: identity.name,
        // A Google picture is another site's URL, shown to every viewer: kept only if it is one of our own images.
        photoURL: identity.picture && isImageUrl(identity.picture) ? identity.picture : undefined,
      },
      isAdminEmail(deps.config, identity.email),
    );
    if (!('refused' in row)) return { row: sessionOf(row, identity), expiresAtMs: identity.expiresAtMs };
    // Firebase accounts are created by Firebase; the first call with a valid token registers them here, unless the
    // e-mail belongs to an account that was removed or to another account that this one cannot yet prove is its own.
    enforce(canCreateAccount(row.refused === 'removed'));
    throw new ApiError(403, 'auth/email-not-verified');
  }
  let identity;
  try {
    identity = await deps.tokens.verify(token);
  } catch (err) {
    throw tokenRefusal(err);
  }
  // Built-in tokens are signed with our own account id as subject: the e-mail inside is only a copy.
  const row = await findUserById(deps.sql, identity.subject);
  if (!row) throw unauthorized('auth/user-not-found');
  return { row: sessionOf(row, identity), expiresAtMs: identity.expiresAtMs };
}

/**
 * The account, if the token is of one of its live sessions. Checked when the token is first seen; the cache keeps the
 * answer only until the account changes (every instance drops it on the accounts' notification), so ending the
 * sessions refuses a token everywhere within moments.
 */
function sessionOf(row: UserRow, identity: Pick<VerifiedIdentity, 'issuedAtMs' | 'sessionsEndedMs'>): UserRow {
  if (!sessionHolds(identity, row.sessions_ended_at)) throw unauthorized('auth/session-ended');
  return row;
}

function tokenRefusal(err: unknown): ApiError {
  if (err instanceof joseErrors.JWTExpired) {
    return unauthorized('auth/id-token-expired');
  }
  return unauthorized('auth/invalid-id-token');
}

/** The signed-in caller, or a 401. */
export function requireUser(c: Context<AppEnv>): AuthUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
