import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { authErrorMessage, isCancelled } from './auth-errors';

// Firebase rejects with an Error whose message nobody should read and a machine code beside it.
const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('authErrorMessage', () => {
  it("shows our own server's message as it is", () => {
    expect(authErrorMessage(new ApiError(409, 'This e-mail is already registered. Please log in.', 'auth/email-already-in-use'), 'x')).toBe(
      'This e-mail is already registered. Please log in.',
    );
  });

  it("translates the identity service's codes instead of showing its message", () => {
    expect(authErrorMessage(firebaseError('auth/invalid-credential'), 'Login failed')).toBe('Wrong e-mail or password.');
    expect(authErrorMessage(firebaseError('auth/user-not-found'), 'Login failed')).toBe('Wrong e-mail or password.');
    expect(authErrorMessage(firebaseError('auth/weak-password'), 'x')).toBe('Password must be at least 6 characters');
    expect(authErrorMessage(firebaseError('auth/popup-blocked'), 'x')).toBe(
      'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
    );
  });

  it('translates a code on an ApiError that carries no message', () => {
    expect(authErrorMessage(new ApiError(0, '', 'auth/network-request-failed'), 'x')).toBe(
      'Cannot reach the sign-in service. Check your connection and try again.',
    );
  });

  it('falls back for an unknown code, a plain error, or nothing at all', () => {
    expect(authErrorMessage(firebaseError('auth/internal-error'), 'Registration failed')).toBe('Registration failed');
    expect(authErrorMessage(new Error('boom'), 'Registration failed')).toBe('Registration failed');
    expect(authErrorMessage(null, 'Registration failed')).toBe('Registration failed');
    expect(authErrorMessage(undefined, 'Registration failed')).toBe('Registration failed');
  });
});

describe('isCancelled', () => {
  it('is true only when the visitor closed the Google window', () => {
    expect(isCancelled(firebaseError('auth/popup-closed-by-user'))).toBe(true);
    expect(isCancelled(firebaseError('auth/cancelled-popup-request'))).toBe(true);
    expect(isCancelled(firebaseError('auth/popup-blocked'))).toBe(false);
    expect(isCancelled(null)).toBe(false);
  });
});
