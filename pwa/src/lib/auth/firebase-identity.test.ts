// The session on a server in Firebase mode. The Firebase SDK is a third-party service: it is the one thing replaced
// here (besides the network); our modules run as they are.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthConfig } from '@foodbridge/shared/schemas/auth';
import { CONFIG_KEY, createUser, json, offline, stubServer } from '@/testing/server';

interface FakeFirebaseUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  getIdToken(force?: boolean): Promise<string>;
}

const firebase = vi.hoisted(() => {
  const auth: { currentUser: FakeFirebaseUser | null } = { currentUser: null };
  let listener: (user: FakeFirebaseUser | null) => void = () => undefined;
  return {
    auth,
    /** What Firebase does when its user changes: the current user is set, then listeners hear of it. */
    emit(user: FakeFirebaseUser | null) {
      auth.currentUser = user;
      listener(user);
    },
    initializeApp: vi.fn(() => ({ name: '[DEFAULT]' })),
    getAuth: vi.fn(() => auth),
    onAuthStateChanged: vi.fn((_auth: unknown, next: typeof listener) => {
      listener = next;
    }),
    signInWithEmailAndPassword: vi.fn(async () => undefined),
    signInWithPopup: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
  };
});
vi.mock('firebase/app', () => ({ initializeApp: firebase.initializeApp }));
vi.mock('firebase/auth', () => ({
  getAuth: firebase.getAuth,
  onAuthStateChanged: firebase.onAuthStateChanged,
  signInWithEmailAndPassword: firebase.signInWithEmailAndPassword,
  signInWithPopup: firebase.signInWithPopup,
  signOut: firebase.signOut,
  createUserWithEmailAndPassword: vi.fn(),
  updateProfile: vi.fn(),
  GoogleAuthProvider: class GoogleAuthProvider {},
}));

const SETTINGS = { apiKey: 'key-1', authDomain: 'foodbridge.example.test', projectId: 'foodbridge', appId: 'app-1' };
const FIREBASE: AuthConfig = { provider: 'firebase', firebase: SETTINGS, payments: { mode: 'stripe', publishableKey: 'pk_1' } };

const dana: FakeFirebaseUser = {
  uid: 'fb-uid-1',
  email: 'dana@example.test',
  displayName: 'Dana Driver',
  photoURL: 'https://photos.example.test/dana.jpg',
  getIdToken: async (force) => (force ? 'fb-token-fresh' : 'fb-token'),
};

async function load() {
  const [identity, signIns, { useSession }, { currentToken }] = await Promise.all([
    import('./identity'),
    import('./sign-in'),
    import('./session-store'),
    import('@/lib/api-client'),
  ]);
  return { ...identity, ...signIns, useSession, currentToken };
}

beforeEach(() => {
  vi.resetModules();
  vi.clearAllMocks();
  firebase.auth.currentUser = null;
});

describe('on a server in Firebase mode', () => {
  it('starts Firebase with the settings the server gives, and sends its token', async () => {
    stubServer({ 'GET /auth/config': () => json(200, FIREBASE) });
    const { initIdentity, currentToken } = await load();

    await initIdentity();
    expect(firebase.initializeApp).toHaveBeenCalledWith(SETTINGS);
    await expect(currentToken()).resolves.toBeNull();
    firebase.auth.currentUser = dana;
    await expect(currentToken()).resolves.toBe('fb-token');
  });

  it('starts Firebase offline with the settings cached by an earlier visit', async () => {
    localStorage.setItem(CONFIG_KEY, JSON.stringify(FIREBASE));
    stubServer({ 'GET /auth/config': offline });
    const { initIdentity } = await load();

    await initIdentity();
    expect(firebase.initializeApp).toHaveBeenCalledWith(SETTINGS);
  });

  it("registers the signed-in account in the back end and takes the server's role", async () => {
    const server = stubServer({
      'GET /auth/config': () => json(200, FIREBASE),
      'POST /users': () => json(200, createUser({ _id: 'user-9', role: 'restaurant' })),
    });
    const { initIdentity, useSession } = await load();
    await initIdentity();

    firebase.emit(dana);
    await vi.waitFor(() => expect(useSession.getState().user).not.toBeNull());
    expect(useSession.getState()).toMatchObject({
      user: { id: 'user-9', email: 'dana@example.test', name: 'Dana Driver' },
      role: 'restaurant',
      ready: true,
    });
    expect(server.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/users',
      token: 'fb-token',
      body: { name: 'Dana Driver', photoURL: 'https://photos.example.test/dana.jpg' },
    });
  });

  it("keeps Firebase's account with the plain role when the back end cannot be reached", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServer({ 'GET /auth/config': () => json(200, FIREBASE), 'POST /users': offline });
    const { initIdentity, useSession } = await load();
    await initIdentity();

    firebase.emit(dana);
    await vi.waitFor(() => expect(useSession.getState().user).not.toBeNull());
    expect(useSession.getState()).toMatchObject({
      user: { id: 'fb-uid-1', email: 'dana@example.test', name: 'Dana Driver', photoURL: 'https://photos.example.test/dana.jpg' },
      role: 'user',
    });
  });

  it('is signed out when Firebase has no user', async () => {
    stubServer({ 'GET /auth/config': () => json(200, FIREBASE) });
    const { initIdentity, useSession } = await load();
    await initIdentity();

    firebase.emit(null);
    expect(useSession.getState()).toMatchObject({ user: null, ready: true });
  });

  it('signs in through Firebase, not the built-in provider', async () => {
    const server = stubServer({ 'GET /auth/config': () => json(200, FIREBASE) });
    const { initIdentity, signIn, signInWithGoogle } = await load();
    await initIdentity();

    await signIn('dana@example.test', 'secret123');
    await signInWithGoogle();
    expect(firebase.signInWithEmailAndPassword).toHaveBeenCalledWith(firebase.auth, 'dana@example.test', 'secret123');
    expect(firebase.signInWithPopup).toHaveBeenCalledTimes(1);
    expect(server.sent()).toEqual(['GET /auth/config']);
  });

  it('signs out of Firebase after the sign-out hooks have run', async () => {
    stubServer({ 'GET /auth/config': () => json(200, FIREBASE) });
    const { initIdentity, onSignOut, signOut, currentToken } = await load();
    await initIdentity();
    firebase.auth.currentUser = dana;
    const steps: string[] = [];
    onSignOut(async () => {
      steps.push(`hook with ${await currentToken()}`);
    });
    firebase.signOut.mockImplementation(async () => {
      steps.push('firebase sign-out');
    });

    await signOut();
    expect(steps).toEqual(['hook with fb-token', 'firebase sign-out']);
  });
});
