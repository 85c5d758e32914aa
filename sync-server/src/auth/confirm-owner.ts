// Proof that the caller is the account's owner and not only someone holding one of its sessions (a phone left signed
// in, a copied token), asked before what such a holder must not do alone: change the password or the e-mail, delete
// the account (issue 45.8).
import type { Context } from 'hono';
import { countLoginAttempt, forgetLoginAttempt } from '../db/identity.ts';
import type { UserRow } from '../db/users.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { clientAddress } from '../http/client-address.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { knownDevice, rememberDevice } from './device-cookie.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** With Firebase, how recent a sign-in deleting the account needs (no password can be asked for there). */
export const RECENT_SIGN_IN_MINUTES = 5;

let decoy: Promise<string> | undefined;
/** A fixed hash to compare against when there is no password to check, so an answer takes as long either way. */
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword('decoy-password-never-used'));

/**
 * A password try for `email`, as the sign-in form and the owner's confirmations make it: counted as a sign-in attempt
 * of the e-mail from this address, or from this device when it signed in to the e-mail before (device-cookie.ts,
 * db/identity.ts), before the account is even looked up, so nothing guesses faster than the form allows (past the
 * limit a 429); a wrong password, or no such account, a 401 taking as long as a check; the right one takes the
 * attempt back and makes the device known. Returns the account.
 */
export async function checkPassword(
  c: Context<AppEnv>,
  deps: Deps,
  email: string,
  password: string,
  findAccount: () => Promise<UserRow | undefined>,
): Promise<UserRow> {
  const client = clientAddress(c, deps.config);
  const device = await knownDevice(c, deps, email);
  const wait = await countLoginAttempt(deps.sql, email, client, device);
  if (wait !== null) {
    c.header('Retry-After', String(wait));
    throw new ApiError(429, 'auth/too-many-requests');
  }
  const account = await findAccount();
  const ok = account?.password_hash
    ? await verifyPassword(password, account.password_hash)
    : (await verifyPassword(password, await decoyHash()), false);
  if (!account || !ok) throw new ApiError(401, 'auth/invalid-credential');
  await forgetLoginAttempt(deps.sql, email, client, device);
  await rememberDevice(c, deps, account);
  return account;
}

/** The signed-in owner's password: a session cannot be used to guess it faster than the sign-in form allows. */
export async function confirmPassword(c: Context<AppEnv>, deps: Deps, account: UserRow, password: string): Promise<void> {
  await checkPassword(c, deps, account.email, password, async () => account);
}

/**
 * With Firebase the server never sees a password: the caller's ID token must come from a sign-in of the last
 * RECENT_SIGN_IN_MINUTES (its `auth_time`, which background renewals of the token keep), else 403
 * 'auth/requires-recent-login', Firebase's own code for it, after which the app signs in again and repeats the call.
 */
export async function confirmRecentSignIn(c: Context<AppEnv>, deps: Deps): Promise<void> {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  // The token passed `authenticate` a moment ago; its check is repeated here for the claim the cache does not keep.
  const identity = token && deps.firebase ? await deps.firebase.verify(token).catch(() => undefined) : undefined;
  const signedInAt = identity?.authTimeMs;
  if (signedInAt === undefined || Date.now() - signedInAt > RECENT_SIGN_IN_MINUTES * 60_000) {
    throw new ApiError(403, 'auth/requires-recent-login', { minutes: RECENT_SIGN_IN_MINUTES });
  }
}

/** The password on the built-in provider (400 without one), a recent sign-in with Firebase. */
export async function confirmOwner(c: Context<AppEnv>, deps: Deps, account: UserRow, password: string | undefined): Promise<void> {
  if (deps.firebase) return confirmRecentSignIn(c, deps);
  if (!password) throw badRequest('validation/password-required');
  return confirmPassword(c, deps, account, password);
}
