// Loaded only when the server runs in Firebase mode.
import { initializeApp } from 'firebase/app';
import {
  createUserWithEmailAndPassword,
  deleteUser,
  getAuth,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut as fbSignOut,
  updateProfile,
  type Auth,
} from 'firebase/auth';
import type { TokenSource } from '@/lib/api-client';
import type { AuthConfig } from '@foodbridge/shared/schemas/auth';
import type { SessionUser } from './session-store';

let auth: Auth;

export function init(config: AuthConfig, onChange: (user: SessionUser | null) => void) {
  const app = initializeApp({
    apiKey: config.firebase?.apiKey,
    authDomain: config.firebase?.authDomain,
    projectId: config.firebase?.projectId,
    appId: config.firebase?.appId,
  });
  auth = getAuth(app);
  onAuthStateChanged(auth, (u) =>
    onChange(
      u
        ? { id: u.uid, email: u.email ?? '', name: u.displayName ?? 'No Name', photoURL: u.photoURL ?? undefined, emailVerified: u.emailVerified }
        : null,
    ),
  );
}

export const tokenSource: TokenSource = {
  getToken: async () => (auth?.currentUser ? auth.currentUser.getIdToken() : null),
  refresh: async () => (auth?.currentUser ? auth.currentUser.getIdToken(true) : null),
};

export async function signIn(email: string, password: string) {
  await signInWithEmailAndPassword(auth, email, password);
}

export async function signUp(input: { name: string; email: string; password: string; photoURL?: string }) {
  const cred = await createUserWithEmailAndPassword(auth, input.email, input.password);
  await updateProfile(cred.user, { displayName: input.name, photoURL: input.photoURL ?? null });
}

export async function signInWithGoogle() {
  await signInWithPopup(auth, new GoogleAuthProvider());
}

export async function sendPasswordReset(email: string) {
  await sendPasswordResetEmail(auth, email);
}

/** Firebase e-mails its own link, which opens Firebase's page rather than /verify-email. */
export async function sendVerification() {
  if (!auth.currentUser) throw Object.assign(new Error('Not signed in'), { code: 'auth/no-current-user' });
  await sendEmailVerification(auth.currentUser);
}

/** Signs out; after the server deleted the account (`deleted`), its Firebase user goes first. */
export async function signOut(deleted = false) {
  if (deleted && auth?.currentUser) await deleteUser(auth.currentUser).catch((err: unknown) => console.error('Could not delete the Firebase sign-in', err));
  await fbSignOut(auth);
}
