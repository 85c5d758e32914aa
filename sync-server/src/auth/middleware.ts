import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { errors as joseErrors } from 'jose';
import { isImageUrl } from '@foodbridge/shared';
import { findUserByEmail, isRemovedAccount, upsertUser, type UserRow } from '../db/users.ts';
import { unauthorized } from '../http/errors.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { toAuthUser, type AuthUser } from './auth-user.ts';
import { canCreateAccount, enforce } from './permissions.ts';
import { roleForNewAccount } from './roles.ts';

/**
 * Reads `Authorization: Bearer <idToken>` when present. The token proves the e-mail; the role always comes from the
 * database, so a role change takes effect on the next call. A missing header leaves the caller anonymous; a bad
 * token is a 401 (the client then refreshes or signs in again).
 */
export function authenticate(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) return next();
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('Malformed Authorization header', 'auth/invalid-id-token');
    // The row is kept too, so routes that answer with the caller's own account need not load it again.
    const row = await accountFromToken(deps, match[1]!);
    c.set('user', toAuthUser(row));
    c.set('userRow', row);
    return next();
  });
}

/** Verifies an ID token and loads its account (registering a first-time Firebase user); 401/403 otherwise. */
export async function userFromToken(deps: Deps, token: string): Promise<AuthUser> {
  return toAuthUser(await accountFromToken(deps, token));
}

async function accountFromToken(deps: Deps, token: string): Promise<UserRow> {
  let identity;
  try {
    identity = deps.firebase ? await deps.firebase.verify(token) : await deps.tokens.verify(token);
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) {
      throw unauthorized('Your session has expired. Please sign in again.', 'auth/id-token-expired');
    }
    throw unauthorized('Invalid sign-in token. Please sign in again.', 'auth/invalid-id-token');
  }
  let row = await findUserByEmail(deps.sql, identity.email);
  if (!row && deps.firebase) {
    // Firebase accounts are created by Firebase; the first call with a valid token registers them here.
    enforce(canCreateAccount(await isRemovedAccount(deps.sql, identity.email)));
    row = await upsertUser(deps.sql, {
      email: identity.email,
      name: identity.name,
      // A Google picture is another site's URL, shown to every viewer: kept only if it is one of our own images.
      photoURL: identity.picture && isImageUrl(identity.picture) ? identity.picture : undefined,
      roleIfNew: roleForNewAccount(deps.config, identity.email),
    });
  }
  if (!row) throw unauthorized('This account no longer exists.', 'auth/user-not-found');
  return row;
}

/** The signed-in caller, or a 401. */
export function requireUser(c: Context<AppEnv>): AuthUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
