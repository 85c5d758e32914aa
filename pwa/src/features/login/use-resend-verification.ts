import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { sendVerificationEmail } from '@/lib/auth/account-emails';
import { authErrorMessage } from './auth-errors';

export type ResendState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; at: Date }
  /** Asked again too soon (the server allows one link a minute). */
  | { kind: 'wait'; message: string }
  | { kind: 'failed'; message: string };

const WAIT = 'A link was sent a moment ago. Please wait a minute before asking for another one.';

function isTooSoon(err: unknown): boolean {
  return (err instanceof ApiError && err.status === 429) || (err as { code?: string } | null)?.code === 'auth/too-many-requests';
}

/** 'Send the link again' of the verification notice and of a failed verification page. */
export function useResendVerification() {
  const [state, setState] = useState<ResendState>({ kind: 'idle' });
  const send = useCallback(async () => {
    setState({ kind: 'sending' });
    try {
      await sendVerificationEmail();
      setState({ kind: 'sent', at: new Date() });
    } catch (err) {
      if (isTooSoon(err)) return setState({ kind: 'wait', message: err instanceof ApiError && err.message ? err.message : WAIT });
      console.error(err);
      setState({ kind: 'failed', message: authErrorMessage(err, 'The link could not be sent. Please try again.') });
    }
  }, []);
  return { state, send };
}

/** What the resend did, in words, for the live region beside its button. */
export function resendStatus(state: ResendState, email: string): string {
  switch (state.kind) {
    case 'sending':
      return 'Sending...';
    case 'sent':
      return `We sent a new link to ${email} at ${state.at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.`;
    case 'wait':
    case 'failed':
      return state.message;
    default:
      return '';
  }
}
