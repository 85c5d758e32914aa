import { ERRORS, type ErrorCode } from '@foodbridge/shared/errors';
import { ApiError, errorMessage } from '@/lib/api-client';

// The words for the identity service's error codes (spec section 8 lists them without saying how to react), as codes
// of shared/src/errors.ts, which the errors catalogue translates. Our own server already sends a readable message
// (ApiError translates it); Firebase sends "Firebase: Error (auth/...)", which nobody should read. Firebase's
// auth/user-not-found is a failed sign-in, where ours means a removed account: hence the mapping, not the code itself.
const MESSAGES: Record<string, ErrorCode> = {
  'auth/invalid-credential': 'auth/invalid-credential',
  'auth/wrong-password': 'auth/invalid-credential',
  'auth/user-not-found': 'auth/invalid-credential',
  'auth/invalid-email': 'validation/email-invalid',
  'auth/email-already-in-use': 'auth/email-already-in-use',
  'auth/weak-password': 'validation/password-too-short',
  'auth/too-many-requests': 'auth/too-many-requests',
  'auth/network-request-failed': 'firebase/network-request-failed',
  'auth/popup-blocked': 'firebase/popup-blocked',
  'auth/operation-not-allowed': 'firebase/operation-not-allowed',
  'auth/user-disabled': 'firebase/user-disabled',
};

/** The visitor closed the Google window themselves: nothing to report. */
export function isCancelled(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}

export function authErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  const code = (err as { code?: string } | null)?.code;
  const own = code && Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined;
  return own ? errorMessage(own, ERRORS[own].message) : fallback;
}
