// E-mail verification and password reset. Imported only by the pages that use them, so none of it reaches the
// signed-out home page's bundle.
import { UserSchema, type User } from '@foodbridge/shared/schemas/user';
import { call } from '@/lib/api-client';
import { getAuthConfig } from './app-config';
import { signOut, toSessionUser } from './identity';
import { unreadableAnswer } from './server-answer';
import { useSession } from './session-store';

/** Resolves once the session saved by an earlier visit (if any) has been restored. */
function sessionRestored(): Promise<void> {
  if (useSession.getState().ready) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = useSession.subscribe((s) => {
      if (!s.ready) return;
      stop();
      resolve();
    });
  });
}

/**
 * The Firebase module that initIdentity started. Its `auth` is set once Firebase has reported the user for the
 * first time, which is also when the session becomes ready: a click in the first instant must not find it unset.
 */
async function startedFirebase() {
  await sessionRestored();
  return import('./firebase-identity');
}

async function isFirebase(): Promise<boolean> {
  return (await getAuthConfig()).provider === 'firebase';
}

/** Sends a reset link when an account has this e-mail. The answer is the same either way, so nobody learns which. */
export async function requestPasswordReset(email: string): Promise<void> {
  if (await isFirebase()) {
    try {
      await (await startedFirebase()).sendPasswordReset(email);
    } catch (err) {
      // Older Firebase projects (without e-mail enumeration protection) say so; keep the same answer as our server.
      if ((err as { code?: string } | null)?.code !== 'auth/user-not-found') throw err;
    }
    return;
  }
  await call('POST /auth/password-reset-email', { body: { email }, anonymous: true });
}

/** Sends the signed-in account a new verification link. */
export async function sendVerificationEmail(): Promise<void> {
  if (await isFirebase()) return (await startedFirebase()).sendVerification();
  await call('POST /auth/verification-email');
}

/**
 * Sets a new password with the link's token. The server ends every session of the account, so a session still
 * open in this browser is ended too: else the login page would see it and send the visitor away.
 */
export async function resetPassword(token: string, password: string): Promise<void> {
  await call('POST /auth/reset-password', { body: { token, password }, anonymous: true });
  if (!useSession.getState().user) return;
  try {
    await signOut();
  } catch (err) {
    // The password is changed all the same; a sign-out hook that failed is only worth a log line.
    console.error(err);
  }
}

/** An e-mail change asked for on this device, until its link is opened: { account id, address then, new address }. */
const PENDING_EMAIL_KEY = 'foodbridge.pendingEmailChange';

interface PendingEmailChange {
  id: string;
  from: string;
  to: string;
}

/**
 * Notes that the signed-in account asked to change its e-mail. The link to the new address opens the same page as a
 * verification, and the server's answer does not say which it was: this note lets that page say "changed".
 */
export function notePendingEmailChange(change: PendingEmailChange): void {
  try {
    localStorage.setItem(PENDING_EMAIL_KEY, JSON.stringify(change));
  } catch {
    // Storage blocked: the page then says "verified", which is true too.
  }
}

/** The address the account had before, when the link just opened changed it (known from this device's note or session). */
function previousEmailOf(user: { _id: string; email: string }, sessionEmail: string | undefined): string | undefined {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  let note: Partial<PendingEmailChange> | null = null;
  try {
    note = JSON.parse(localStorage.getItem(PENDING_EMAIL_KEY) ?? 'null') as Partial<PendingEmailChange> | null;
  } catch {
    note = null;
  }
  if (note?.id === user._id && typeof note.to === 'string' && typeof note.from === 'string' && same(note.to, user.email)) {
    localStorage.removeItem(PENDING_EMAIL_KEY);
    return note.from;
  }
  return sessionEmail !== undefined && !same(sessionEmail, user.email) ? sessionEmail : undefined;
}

export interface VerifiedEmail {
  user: User;
  /** Set when the link was an e-mail change's: the address the account had until now. */
  previousEmail?: string | undefined;
}

/**
 * Confirms the e-mail with the link's token: a verification's, or an e-mail change's (the address becomes the new
 * one). When the verified account is the one signed in here, the session takes the server's user, role included: an
 * address on the admin list becomes admin once it is verified.
 */
export async function verifyEmail(token: string): Promise<VerifiedEmail> {
  const answer = await call('POST /auth/verify-email', { body: { token }, anonymous: true });
  const parsed = UserSchema.safeParse(answer?.user);
  if (!parsed.success) throw unreadableAnswer();
  const user = parsed.data;
  // A link opened in a new tab races the restore of the saved session; the owner must not miss the update.
  await sessionRestored();
  const session = useSession.getState();
  const own = session.user?.id === user._id;
  const previousEmail = previousEmailOf(user, own ? session.user?.email : undefined);
  if (own) session.setSession({ ...toSessionUser(user), emailVerified: true }, user.role);
  return { user, previousEmail };
}
