// Account e-mails on a server in Firebase mode go through Firebase, the one third-party service replaced here.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubServer } from '@/testing/server';

const firebase = vi.hoisted(() => {
  const auth: { currentUser: object | null } = { currentUser: null };
  let listener: (user: unknown) => void = () => undefined;
  return {
    auth,
    emit(user: object | null) {
      auth.currentUser = user;
      listener(user);
    },
    onAuthStateChanged: vi.fn((_auth: unknown, next: typeof listener) => {
      listener = next;
    }),
    sendPasswordResetEmail: vi.fn(async (..._args: unknown[]) => undefined),
    sendEmailVerification: vi.fn(async (..._args: unknown[]) => undefined),
  };
});
vi.mock('firebase/app', () => ({ initializeApp: vi.fn(() => ({})) }));
vi.mock('firebase/auth', () => ({
  getAuth: () => firebase.auth,
  onAuthStateChanged: firebase.onAuthStateChanged,
  sendPasswordResetEmail: firebase.sendPasswordResetEmail,
  sendEmailVerification: firebase.sendEmailVerification,
  GoogleAuthProvider: class GoogleAuthProvider {},
}));

const FIREBASE = {
  provider: 'firebase',
  firebase: { apiKey: 'key-1', authDomain: 'foodbridge.example.test', projectId: 'foodbridge', appId: 'app-1' },
  payments: { mode: 'test', publishableKey: null },
};
const signedOut = () => firebase.emit(null);

async function start() {
  const [emails, identity] = await Promise.all([import('./account-emails'), import('./identity')]);
  await identity.initIdentity();
  return emails;
}

beforeEach(() => {
  vi.resetModules();
  vi.clearAllMocks();
  firebase.auth.currentUser = null;
});

describe('account e-mails on a server in Firebase mode', () => {
  it('asks Firebase for the reset link, once Firebase has started, and not our server', async () => {
    const server = stubServer({ 'GET /auth/config': () => json(200, FIREBASE) });
    const { requestPasswordReset } = await start();

    const asked = requestPasswordReset('dana@example.test');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(firebase.sendPasswordResetEmail).not.toHaveBeenCalled();
    signedOut();
    await asked;
    expect(firebase.sendPasswordResetEmail).toHaveBeenCalledWith(firebase.auth, 'dana@example.test');
    expect(server.sent()).toEqual(['GET /auth/config']);
  });

  it('answers the same when Firebase says there is no such account', async () => {
    stubServer({ 'GET /auth/config': () => json(200, FIREBASE) });
    firebase.sendPasswordResetEmail.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/user-not-found' }));
    const { requestPasswordReset } = await start();
    signedOut();

    await expect(requestPasswordReset('nobody@example.test')).resolves.toBeUndefined();
  });

  it("passes Firebase's other refusals on", async () => {
    stubServer({ 'GET /auth/config': () => json(200, FIREBASE) });
    firebase.sendPasswordResetEmail.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/invalid-email' }));
    const { requestPasswordReset } = await start();
    signedOut();

    await expect(requestPasswordReset('dana')).rejects.toMatchObject({ code: 'auth/invalid-email' });
  });

  it("sends the verification e-mail to Firebase's signed-in user", async () => {
    stubServer({ 'GET /auth/config': () => json(200, FIREBASE), 'POST /users': () => json(503, { message: 'down' }) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { sendVerificationEmail } = await start();
    const user = { uid: 'fb-1', email: 'dana@example.test', displayName: 'Dana', photoURL: null, emailVerified: false };
    firebase.emit(user);

    await sendVerificationEmail();
    expect(firebase.sendEmailVerification).toHaveBeenCalledWith(user);
  });
});
