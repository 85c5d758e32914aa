// Sign-in through the server's built-in identity provider, or through Firebase when the server is configured for
// it (the Firebase SDK is then loaded on demand, never on the signed-out home page).
import { ROLES, type Role } from '@foodbridge/shared/constants';
import type { AuthConfig, AuthSession } from '@foodbridge/shared/schemas/auth';
import type { User } from '@foodbridge/shared/schemas/user';
import { i18n } from '@lingui/core';
import { ApiError, call, expectAccountGone, onAccountGone, setTokenSource } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n/i18n';
import { getAuthConfig } from './app-config';
import {
  clearStoredSession,
  localTokenSource,
  readStoredSession,
  requestSession,
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
async function registerInBackEnd(name?: string, photoURL?: string): Promise<User | null> {
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

function loadFirebase(config: AuthConfig): Promise<FirebaseModule> {
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

function restoreFromToken(stored: StoredSession) {
  const user = userFromToken(stored.idToken);
  if (!user) clearStoredSession();
  useSession.getState().setSession(user, cachedRole());
}

// Log-out in one tab logs out every tab of the app (a shared phone must not keep the previous driver signed in
// elsewhere). The tab that logged out has already sent and removed the local data.
function followOtherTabsLogOut(event: StorageEvent) {
  if (event.key === SESSION_KEY && event.newValue === null && useSession.getState().user) {
    useSession.getState().setSession(null);
  }
}

/** Called once at start-up: restores a saved session without blocking the first paint. */
export async function initIdentity(): Promise<void> {
  const { setSession } = useSession.getState();
  const stored = readStoredSession();
  setTokenSource(localTokenSource);
  window.addEventListener('storage', followOtherTabsLogOut);
  let config: AuthConfig;
  try {
    config = await getAuthConfig();
  } catch {
    // The server is in trouble and nothing is cached: keep a saved session rather than wiping the device's data.
    return stored ? restoreFromToken(stored) : setSession(null);
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

/** Marks the session busy while a sign-in runs (the auth state change that follows clears it as well). */
async function whileLoading(work: () => Promise<void>): Promise<void> {
  useSession.getState().setLoading(true);
  try {
    await work();
  } finally {
    useSession.getState().setLoading(false);
  }
}

async function signInLocally({ user }: AuthSession, profile: { name?: string; photoURL?: string } = {}) {
  // The sign-in's answer names the account and its role already: the session starts now, and with it the local
  // store's first pull, a round trip sooner than after POST /users (on a phone's slow link, a second or so), which
  // still runs (spec: on each auth change) and has the last word on the profile.
  useSession.getState().setSession(toSessionUser(user), user.role);
  const apiUser = await registerInBackEnd(profile.name ?? user.name, profile.photoURL);
  if (apiUser) useSession.getState().setSession(toSessionUser(apiUser), apiUser.role);
}

export async function signIn(email: string, password: string): Promise<void> {
  const config = await getAuthConfig();
  await whileLoading(async () => {
    if (config.provider === 'firebase') return (await loadFirebase(config)).signIn(email, password);
    await signInLocally(await requestSession(call('POST /auth/login', { body: { email, password }, anonymous: true })));
  });
}

export async function signUp(input: { name: string; email: string; password: string; photoURL?: string }): Promise<void> {
  const config = await getAuthConfig();
  await whileLoading(async () => {
    if (config.provider === 'firebase') return (await loadFirebase(config)).signUp(input);
    // The verification e-mail goes out at once: in the language the person registered in.
    const body = { ...input, locale: useLocale.getState().locale };
    await signInLocally(await requestSession(call('POST /auth/register', { body, anonymous: true })), input);
  });
}

/** Google sign-in needs Firebase; without it the caller gets a clear explanation instead of a silent failure. */
export async function signInWithGoogle(): Promise<void> {
  const config = await getAuthConfig();
  if (config.provider !== 'firebase') {
    const notSetUp = i18n._('auth.google.notSetUp');
    const err = new ApiError(400, notSetUp, 'auth/operation-not-allowed');
    // The code's own words are a Firebase server's refusal of the built-in sign-in; the app means the reverse here.
    err.message = notSetUp;
    throw err;
  }
  await whileLoading(async () => (await loadFirebase(config)).signInWithGoogle());
}

/** Why a session ends, as sign-out's hooks are told. */
export interface SignOutReason {
  /** The server said the account no longer exists: nothing sent with its token can be taken any more. */
  accountGone: boolean;
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
    if (firebase) await (await firebase).signOut();
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

/**
 * After the owner deleted the signed-in account here (DELETE /users/me): the session ends as for a removed account,
 * since the server takes nothing more from its token, and without the "you have been signed out" of one removed by an
 * admin (the screen that deleted it says what happened). A Firebase sign-in is deleted at Firebase too, which the
 * server cannot do; if Firebase refuses, the account is gone here all the same, and a later sign-in starts a new one.
 */
export async function endDeletedAccount(): Promise<void> {
  expectAccountGone();
  endingGoneAccount = true;
  try {
    if (firebase) await (await firebase).deleteSignedInUser().catch((err: unknown) => console.error('Could not delete the Firebase sign-in', err));
    await signOut({ accountGone: true });
  } finally {
    endingGoneAccount = false;
  }
}

export async function refreshRole(): Promise<void> {
  const { user, setRole } = useSession.getState();
  if (!user) return;
  const res = await call('GET /users/role/{email}', { params: { email: user.email } });
  setRole(res.role);
}
