import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOAST_MS } from '@foodbridge/shared/constants';
import { createUser, json, makeToken, SESSION_KEY, storeSession, stubServer } from '@/testing/server';

// sonner is a third-party UI library: only its toast calls are watched.
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

async function signedIn() {
  stubServer({
    'GET /auth/config': () => json(200, { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } }),
    'GET /users/me': () => json(200, createUser()),
    'POST /auth/logout': () => new Response(null, { status: 204 }),
  });
  storeSession({ idToken: makeToken({ sub: 'user-1', email: 'dana@example.test' }) });
  const [{ logOut }, identity, { useSession }] = await Promise.all([
    import('./log-out'),
    import('./identity'),
    import('./session-store'),
  ]);
  await identity.initIdentity();
  return { logOut, onSignOut: identity.onSignOut, useSession };
}

beforeEach(() => {
  vi.resetModules();
  vi.clearAllMocks();
});

describe('logOut', () => {
  it('signs out, removes the stored session and says so', async () => {
    const { logOut, useSession } = await signedIn();

    await logOut();
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Logout Successfully', { duration: AUTH_TOAST_MS }));
  });

  it('only logs a failure (as the spec does), and the visitor is signed out all the same', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { logOut, onSignOut, useSession } = await signedIn();
    const failure = new Error('could not clear the local store');
    onSignOut(() => Promise.reject(failure));

    await expect(logOut()).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledWith(failure);
    expect(useSession.getState().user).toBeNull();
    await vi.dynamicImportSettled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
