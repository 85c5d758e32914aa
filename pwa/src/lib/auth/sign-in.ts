// Signing in and registering: the login and registration pages' own chunk (pwa/BUDGET.md), apart from the session's
// start-up (identity.ts), which every page loads.
import type { AuthSession } from '@foodbridge/shared/schemas/auth';
import { i18n } from '@lingui/core';
import { ApiError, call } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n/i18n';
import { getAuthConfig } from './app-config';
import { loadFirebase, registerInBackEnd, toSessionUser } from './identity';
import { requestSession } from './local-tokens';
import { useSession } from './session-store';

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
