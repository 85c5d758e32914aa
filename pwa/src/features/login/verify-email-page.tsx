import { useCallback, useEffect, useState } from 'react';
import type { I18n } from '@lingui/core';
import { Link } from '@tanstack/react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { verifyEmail, type VerifiedEmail } from '@/lib/auth/account-emails';
import { useSession } from '@/lib/auth/session-store';
import { useI18n } from '@/lib/i18n/i18n';
import { authErrorMessage } from './auth-errors';
import { useLinkToken } from './link-token';
import { AuthCard } from './auth-card';
import { AuthResult } from './auth-result';
import { resendStatus, useResendVerification } from './use-resend-verification';

// One request per token for the page's lifetime: React runs effects twice in development, and a token is good for
// one use, so a second request would turn a success into "invalid link".
const attempts = new Map<string, Promise<VerifiedEmail>>();

function verifyOnce(token: string): Promise<VerifiedEmail> {
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
  /** `previousEmail`: the link was an e-mail change's, from that address to `email`. */
  | { kind: 'verified'; email: string; previousEmail?: string | undefined }
  /** `message`: the server's words for a link that is wrong, used or too old; without them, ours. */
  | { kind: 'invalid'; message?: string }
  | { kind: 'failed'; message: string };

function outcomeOf(i18n: I18n, err: unknown): Outcome {
  if (err instanceof ApiError && err.code === 'auth/invalid-action-code') return { kind: 'invalid', message: err.message };
  return { kind: 'failed', message: authErrorMessage(err, i18n._('verifyEmail.failed')) };
}

function ResendLink() {
  const i18n = useI18n();
  const email = useSession((s) => s.user?.email ?? '');
  const { state, send } = useResendVerification();
  return (
    <div className="flex flex-col gap-2">
      <Button variant="outline" className="self-start" disabled={state.kind === 'sending'} onClick={() => void send()}>
        {i18n._('verifyEmail.newLink')}
      </Button>
      <p aria-live="polite">{resendStatus(i18n, state, email)}</p>
    </div>
  );
}

/** Opened from the verification e-mail: /verify-email?token=... Verifies at once, signed in or not. */
export function VerifyEmailPage() {
  const i18n = useI18n();
  const token = useLinkToken();
  const signedIn = useSession((s) => !!s.user);
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'checking' } : { kind: 'invalid' });

  const verify = useCallback(() => {
    if (!token) return () => undefined;
    let current = true;
    setOutcome({ kind: 'checking' });
    verifyOnce(token).then(
      ({ user, previousEmail }) => current && setOutcome({ kind: 'verified', email: user.email, previousEmail }),
      (err: unknown) => current && setOutcome(outcomeOf(i18n, err)),
    );
    return () => {
      current = false;
    };
  }, [token, i18n]);
  useEffect(verify, [verify]);

  return (
    <AuthCard title={i18n._('verifyEmail.title')}>
      {outcome.kind === 'checking' && (
        <p role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
          <span className="size-5 animate-spin rounded-full border-2 border-stone-300 border-t-brand-800" aria-hidden />
          {i18n._('verifyEmail.checking')}
        </p>
      )}
      {outcome.kind === 'verified' && (
        <AuthResult tone="success">
          <p>
            {outcome.previousEmail
              ? i18n._('verifyEmail.changed', { email: outcome.email, previous: outcome.previousEmail })
              : i18n._('verifyEmail.verified', { email: outcome.email })}
          </p>
          {signedIn ? (
            <Link to="/dashBoard" className={buttonVariants({ className: 'self-start' })}>
              {i18n._('verifyEmail.toDashboard')}
            </Link>
          ) : (
            <Link to="/login" className={buttonVariants({ className: 'self-start' })}>
              {i18n._('auth.logIn')}
            </Link>
          )}
        </AuthResult>
      )}
      {outcome.kind === 'invalid' && (
        <AuthResult tone="error">
          <p>{outcome.message || i18n._('auth.invalidLink')}</p>
          {signedIn ? (
            <ResendLink />
          ) : (
            <p>
              <Link to="/login" search={{ redirect: '/dashBoard' }} className="font-semibold underline underline-offset-4">
                {i18n._('verifyEmail.logInToAsk.link')}
              </Link>
              {i18n._('verifyEmail.logInToAsk.rest')}
            </p>
          )}
        </AuthResult>
      )}
      {outcome.kind === 'failed' && (
        <AuthResult tone="error">
          <p>{outcome.message}</p>
          <Button variant="outline" className="self-start" onClick={verify}>
            {i18n._('verifyEmail.tryAgain')}
          </Button>
        </AuthResult>
      )}
    </AuthCard>
  );
}
