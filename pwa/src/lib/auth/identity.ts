// Sign-in through the server's built-in identity provider, or through Firebase when the server is configured for
// it (the Firebase SDK is then loaded on demand, never on the signed-out home page).
import { ROLES, type Role } from '@foodbridge/shared/first-screen-constants';
import type { AuthConfig } from '@foodbridge/shared/schemas/auth';
import type { User } from '@foodbridge/shared/schemas/user';
import { ApiError, call, onAccountGone, setTokenSource } from '@/lib/api-client';
import { getAuthConfig, keptAuthConfig } from './app-config';
import {
  clearStoredSession,
  localTokenSource,
  readStoredSession,
  revokeStoredSession,
  SESSION_KEY,
  userFromToken,
  type StoredSession,
} from './local-tokens';
import { useSession, type SessionUser } from './session-store';

export function toSessionUser(u: User & { emailVerified?: boolean }): SessionUser {
  return { id: u._id, email: u.email, name: u.name, photoURL: u.photoURL, emailVerified: u.emailVerified };
}

/** After sign-in: the account's language (issue 13); its own chunk, which the signed-out home page never loads. */
const followAccountLocale = (account: User) =>
  void import('@/lib/i18n/account-locale').then((m) => m.applyAccountLocale(account)).catch((err: unknown) => console.error(err));

/** Registers the signed-in user in the back end (spec: on each auth change) and loads the role. */
export async function registerInBackEnd(name?: string, photoURL?: string): Promise<User | null> {
  try {
    const account = await call('POST /users', { body: { name, photoURL } });
    followAccountLocale(account);
    return account;
  } catch (err) {
    console.error('Failed to add user to DB', err);
    return null;
  }
}

type FirebaseModule = typeof import('./firebase-identity');
let firebase: Promise<FirebaseModule> | null = null;

export function loadFirebase(config: AuthConfig): Promise<FirebaseModule> {
  firebase ??= import('./firebase-identity').then(
    (module) => {
      module.init(config, async (user) => {
        if (!user) return useSession.getState().setSession(null);
        const apiUser = await registerInBackEnd(user.name, user.photoURL);
        useSession.getState().setSession(apiUser ? toSessionUser(apiUser) : user, apiUser?.role ?? 'user');
      });
      setTokenSource(module.tokenSource);
      return module;
    },
    (err: unknown) => {
      // Offline before the chunk was ever cached: the next attempt loads it again.
      firebase = null;
      throw err;
    },
  );
  return firebase;
}

export const ROLE_KEY = 'foodbridge.role';
// The role the server last gave is kept, so a start without the server opens the same dashboard.
useSession.subscribe((s) => {
  if (s.user) localStorage.setItem(ROLE_KEY, s.role);
  else localStorage.removeItem(ROLE_KEY);
});

function cachedRole(): Role {
  const kept = localStorage.getItem(ROLE_KEY);
  return ROLES.find((role) => role === kept) ?? 'user';
}

/** The session from the saved token's claims and the role kept from the last visit; the user, or null if unreadable. */
function restoreFromToken(stored: StoredSession) {
  const user = userFromToken(stored.idToken);
  if (!user) clearStoredSession();
  useSession.getState().setSession(user, cachedRole());
  return user;
}

// Log-out in one tab logs out every tab of the app (a shared phone must not keep the previous driver signed in
// elsewhere). The tab that logged out has already sent and removed the local data.
function followOtherTabsLogOut(event: StorageEvent) {
  if (event.key === SESSION_KEY && event.newValue === null && useSession.getState().user) {
    useSession.getState().setSession(null);
  }
}

/**
 * Called once at start-up: restores a saved session without blocking the first paint. A device that last signed in
 * with the built-in provider opens on the saved session at once (the account from its token, the role kept from the
 * last visit) and asks the server afterwards: on a weak signal the configuration and the account are two round trips
 * of a second or more each, which the driver's My Pickups must not wait for. The server's answer then updates the
 * account or, refused, ends the session, as it did before.
 */
export async function initIdentity(): Promise<void> {
  const { setSession } = useSession.getState();
  const stored = readStoredSession();
  setTokenSource(localTokenSource);
  window.addEventListener('storage', followOtherTabsLogOut);
  // Every way on below ends in setSession again, which ends `confirming` (session-store).
  if (stored && keptAuthConfig()?.provider === 'local' && restoreFromToken(stored)) useSession.setState({ confirming: true });
  let config: AuthConfig;
  try {
    config = await getAuthConfig();
  } catch {
    // The server is in trouble and nothing is cached: keep a saved session rather than wiping the device's data.
    return stored ? void restoreFromToken(stored) : setSession(null);
  }
  if (config.provider === 'firebase') {
    await loadFirebase(config);
    return;
  }
  if (!stored) return setSession(null);
  try {
    const me = await call('GET /users/me');
    setSession(toSessionUser(me), me.role);
    followAccountLocale(me);
  } catch (err) {
    // Only a definite refusal ends the session (and so removes the local store with its queued pickups); offline
    // or server trouble keeps the driver signed in on the saved token's claims.
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      clearStoredSession();
      return setSession(null);
    }
    restoreFromToken(stored);
  }
}

/** Why a session ends, as sign-out's hooks are told. */
export interface SignOutReason {
  /** The server said the account no longer exists: nothing sent with its token can be taken any more. */
  accountGone: boolean;
  /**
   * Its owner deleted it here (DELETE /users/me): a Firebase sign-in is deleted at Firebase too, which the server
   * cannot do (if Firebase refuses, the account is gone here all the same, and a later sign-in starts a new one).
   */
  deleted?: boolean;
}

const signOutHooks: Array<(reason: SignOutReason) => Promise<void>> = [];

/** Lets the local store (offline data) clear itself when the account signs out. */
export function onSignOut(hook: (reason: SignOutReason) => Promise<void>) {
  signOutHooks.push(hook);
}

export async function signOut(reason: SignOutReason = { accountGone: false }): Promise<void> {
  useSession.getState().setLoading(true);
  try {
    // Hooks first, while the token is still valid: the local store gets its last chance to send queued pickups and
    // favourites before it is removed.
    for (const hook of signOutHooks) await hook(reason);
    if (firebase) await (await firebase).signOut(reason.deleted);
  } finally {
    // Even after a failed hook: someone who logs out must not be signed in again by the next start, nor by whoever
    // copied the refresh token.
    await revokeStoredSession();
    clearStoredSession();
    useSession.getState().setSession(null);
  }
}

// The server says the signed-in account is gone (an admin removed it). With built-in sign-in the refused refresh ends
// the session by itself; a Firebase session stays valid at Firebase, so it is ended here. The sign-out's own last
// calls are refused the same way: one sign-out at a time.
let endingGoneAccount = false;
onAccountGone(() => {
  if (endingGoneAccount || !useSession.getState().user) return;
  endingGoneAccount = true;
  signOut({ accountGone: true })
    .catch((err: unknown) => console.error(err))
    .finally(() => (endingGoneAccount = false));
});


export async function refreshRole(): Promise<void> {
  const { user, setRole } = useSession.getState();
  if (!user) return;
  const res = await call('GET /users/role/{email}', { params: { email: user.email } });
  setRole(res.role);
}
