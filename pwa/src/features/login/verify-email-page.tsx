import { useCallback, useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { User } from '@foodbridge/shared/schemas/user';
import { Button, buttonVariants } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { verifyEmail } from '@/lib/auth/account-emails';
import { useSession } from '@/lib/auth/session-store';
import { authErrorMessage } from './auth-errors';
import { useLinkToken } from './link-token';
import { AuthCard } from './auth-card';
import { AuthResult, INVALID_LINK } from './auth-result';
import { resendStatus, useResendVerification } from './use-resend-verification';

// One request per token for the page's lifetime: React runs effects twice in development, and a token is good for
// one use, so a second request would turn a success into "invalid link".
const attempts = new Map<string, Promise<User>>();

function verifyOnce(token: string): Promise<User> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = verifyEmail(token);
    attempts.set(token, attempt);
    // "Invalid or expired" is final; any other failure (offline, server trouble) may be tried again.
    attempt.catch((err: unknown) => {
      if (!(err instanceof ApiError && err.code === 'auth/invalid-action-code')) attempts.delete(token);
    });
  }
  return attempt;
}

type Outcome =
  | { kind: 'checking' }
  | { kind: 'verified'; email: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

function outcomeOf(err: unknown): Outcome {
  if (err instanceof ApiError && err.code === 'auth/invalid-action-code') return { kind: 'invalid', message: err.message || INVALID_LINK };
  return { kind: 'failed', message: authErrorMessage(err, 'Your e-mail could not be verified. Please try again.') };
}

function ResendLink() {
  const email = useSession((s) => s.user?.email ?? '');
  const { state, send } = useResendVerification();
  return (
    <div className="flex flex-col gap-2">
      <Button variant="outline" className="self-start" disabled={state.kind === 'sending'} onClick={() => void send()}>
        Send a new link
      </Button>
      <p aria-live="polite">{resendStatus(state, email)}</p>
    </div>
  );
}

/** Opened from the verification e-mail: /verify-email?token=... Verifies at once, signed in or not. */
export function VerifyEmailPage() {
  const token = useLinkToken();
  const signedIn = useSession((s) => !!s.user);
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'checking' } : { kind: 'invalid', message: INVALID_LINK });

  const verify = useCallback(() => {
    if (!token) return () => undefined;
    let current = true;
    setOutcome({ kind: 'checking' });
    verifyOnce(token).then(
      (user) => current && setOutcome({ kind: 'verified', email: user.email }),
      (err: unknown) => current && setOutcome(outcomeOf(err)),
    );
    return () => {
      current = false;
    };
  }, [token]);
  useEffect(verify, [verify]);

  return (
    <AuthCard title="Verify your e-mail">
      {outcome.kind === 'checking' && (
        <p role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
          <span className="size-5 animate-spin rounded-full border-2 border-stone-300 border-t-brand-800" aria-hidden />
          Checking your link...
        </p>
      )}
      {outcome.kind === 'verified' && (
        <AuthResult tone="success">
          <p>Your e-mail {outcome.email} is verified. Thank you!</p>
          {signedIn ? (
            <Link to="/dashBoard" className={buttonVariants({ className: 'self-start' })}>
              Go to your dashboard
            </Link>
          ) : (
            <Link to="/login" className={buttonVariants({ className: 'self-start' })}>
              Log in
            </Link>
          )}
        </AuthResult>
      )}
      {outcome.kind === 'invalid' && (
        <AuthResult tone="error">
          <p>{outcome.message}</p>
          {signedIn ? (
            <ResendLink />
          ) : (
            <p>
              <Link to="/login" search={{ redirect: '/dashBoard' }} className="font-semibold underline underline-offset-4">
                Log in
              </Link>{' '}
              to ask for a new link.
            </p>
          )}
        </AuthResult>
      )}
      {outcome.kind === 'failed' && (
        <AuthResult tone="error">
          <p>{outcome.message}</p>
          <Button variant="outline" className="self-start" onClick={verify}>
            Try again
          </Button>
        </AuthResult>
      )}
    </AuthCard>
  );
}
