import { ApiError } from '@/lib/api-client';

// Messages for the identity service's error codes (spec section 8 lists them without saying how to react). Our own
// server already sends a readable message; Firebase sends "Firebase: Error (auth/...)", which nobody should read.
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Wrong e-mail or password.',
  'auth/wrong-password': 'Wrong e-mail or password.',
  'auth/user-not-found': 'Wrong e-mail or password.',
  'auth/invalid-email': 'Please enter a valid email address',
  'auth/email-already-in-use': 'This e-mail is already registered. Please log in.',
  'auth/weak-password': 'Password must be at least 6 characters',
  'auth/too-many-requests': 'Too many failed attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': 'Cannot reach the sign-in service. Check your connection and try again.',
  'auth/popup-blocked': 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/operation-not-allowed': 'This sign-in method is not enabled on this server.',
  'auth/user-disabled': 'This account has been disabled.',
};

/** The visitor closed the Google window themselves: nothing to report. */
export function isCancelled(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}

export function authErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  const code = (err as { code?: string } | null)?.code;
  if (code && MESSAGES[code]) return MESSAGES[code];
  return fallback;
}
