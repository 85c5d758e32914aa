import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { errors as joseErrors } from 'jose';
import type { Role } from '@foodbridge/shared';
import { findUserByEmail, isRemovedAccount, upsertUser, type UserRow } from '../db/users.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { roleForNewAccount } from './roles.ts';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  photoURL?: string | undefined;
}

export function toAuthUser(row: UserRow): AuthUser {
  return { id: row.id, email: row.email, name: row.name, role: row.role, photoURL: row.photo_url ?? undefined };
}

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
    if (await isRemovedAccount(deps.sql, identity.email)) throw forbidden('This account has been removed.');
    row = await upsertUser(deps.sql, {
      email: identity.email,
      name: identity.name,
      photoURL: identity.picture,
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

/** The signed-in caller if their role is one of `roles`, otherwise a 401 (signed out) or 403. */
export function requireRole(c: Context<AppEnv>, ...roles: Role[]): AuthUser {
  const user = requireUser(c);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

/** For look-ups by e-mail: only that user or an admin. */
export function requireSelfOrAdmin(c: Context<AppEnv>, email: string): AuthUser {
  const user = requireUser(c);
  if (user.role !== 'admin' && user.email !== email.trim().toLowerCase()) throw forbidden();
  return user;
}
